import type { Db } from '#app/db/db.server.ts'
import {
  readOrderPolicies,
  readOrderRules,
} from '#app/features/availability/availability.server.ts'
import { orderTerms, orderTermsMarkdown } from '#app/features/order-status/order-terms.ts'
import { renderMarkdown } from '#app/features/site-content/markdown.server.ts'

/**
 * The order policies as /policies and the order form's tick show them: the
 * terms written from her rules first, then her own words (decision 079).
 * One reader, so the page and the tick never differ.
 */
export async function readPoliciesHtml(db: Db): Promise<string> {
  const [rules, words] = await Promise.all([readOrderRules(db), readOrderPolicies(db)])
  return renderMarkdown(orderTermsMarkdown(orderTerms(rules))) + renderMarkdown(words)
}
