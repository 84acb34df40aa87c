import { pageMeta } from '#app/components/page-meta.ts'
import { getDb } from '#app/db/db.server.ts'
import { MarkdownPage } from '#app/features/site-content/markdown-page.tsx'
import { renderMarkdown } from '#app/features/site-content/markdown.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import type { Route } from './+types/faq'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'faq', path: '/faq', matches })

export async function loader() {
  const { markdown } = await readSiteSection(getDb(), 'faq')
  return { html: renderMarkdown(markdown) }
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <MarkdownPage
      eyebrow="Good to know"
      title="Questions & Answers"
      html={loaderData.html}
      empty="We have not written our questions and answers yet."
    />
  )
}
