import { pageMeta } from '#app/components/page-meta.ts'
import { getDb } from '#app/db/db.server.ts'
import { readPoliciesHtml } from '#app/features/availability/order-policies.server.ts'
import { MarkdownPage } from '#app/features/site-content/markdown-page.tsx'
import type { Route } from './+types/policies'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'policies', path: '/policies', matches })

/**
 * The very text every order's "I have read the order policies" tick accepts
 * (decision 051): the terms from her rules (decision 079), then her words as
 * rendered when she saved them (decision 076).
 */
export async function loader() {
  return { html: await readPoliciesHtml(getDb()) }
}

export default function Policies({ loaderData }: Route.ComponentProps) {
  return (
    <MarkdownPage
      eyebrow="Before you order"
      title="Order Policies"
      html={loaderData.html}
      empty="We have not written our order policies yet."
    />
  )
}
