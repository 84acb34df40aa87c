import { pageMeta } from '#app/components/page-meta.ts'
import { getDb } from '#app/db/db.server.ts'
import { MarkdownPage } from '#app/features/site-content/markdown-page.tsx'
import { readFaqHtml } from '#app/features/site-content/site-content.server.ts'
import type { Route } from './+types/faq'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'faq', path: '/faq', matches })

/** Her FAQ as rendered when she saved it (decision 076): a page never renders Markdown. */
export async function loader() {
  return { html: await readFaqHtml(getDb()) }
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
