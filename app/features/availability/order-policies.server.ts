import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import {
  type OrderRules,
  type OrderTerm,
  orderPoliciesText,
  orderTerms,
  orderTermsMarkdown,
} from '#app/features/order-status/order-terms.ts'
import { htmlToShow, plainParagraphs, renderMarkdown } from '#app/utils/markdown.server.ts'

const ownTables = tablesFor('availability')

type Executor = Kysely<Database> | Transaction<Database>

/**
 * The order policies (decision 051): one text in booking_settings, which
 * every send copies into its batch, with the HTML it renders to stored
 * beside it when she saves it (decision 076); `updateBookingSettings`
 * writes both.
 */

/** The order policies a customer ticks, as they read now: what a send keeps beside its requests. */
export async function readOrderPolicies(db: Executor): Promise<string> {
  const { policies } = await ownTables(db)
    .selectFrom('booking_settings')
    .select('policies')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return policies
}

/**
 * The order policies with their rendering as stored (null until rendered):
 * what a send copies into its batch, so the customer's page shows the very
 * HTML she read.
 */
export async function readPoliciesAsRendered(
  db: Executor,
): Promise<{ markdown: string; html: string | null }> {
  const row = await ownTables(db)
    .selectFrom('booking_settings')
    .select(['policies', 'policies_html'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return { markdown: row.policies, html: row.policies_html }
}

/**
 * The rules every order is made on, as Settings keeps them: when a quote's
 * balance falls due and the change and cancellation policy.
 */
export async function readOrderRules(db: Executor): Promise<OrderRules> {
  const row = await ownTables(db)
    .selectFrom('booking_settings')
    .select([
      'balance_due_days',
      'change_window_days',
      'refund_cutoff_days',
      'refund_before_percent',
      'refund_after_percent',
    ])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return {
    balanceDueDays: Number(row.balance_due_days),
    change: {
      windowDays: Number(row.change_window_days),
      cutoffDays: Number(row.refund_cutoff_days),
      beforePercent: Number(row.refund_before_percent),
      afterPercent: Number(row.refund_after_percent),
    },
  }
}

/**
 * The terms as HTML: our own short sentences from the rules (decision 079),
 * rendered as the page asks for them, never her Markdown.
 */
function termsHtml(terms: readonly OrderTerm[]): string {
  const markdown = orderTermsMarkdown(terms)
  const rendered = renderMarkdown(markdown)
  return rendered.ok ? rendered.html : plainParagraphs(markdown)
}

/**
 * The order policies as a customer agrees to them: the terms written from
 * the rules (decision 079), then her own words, with the HTML she read
 * (null until her words are rendered). What each send keeps in its batch.
 */
export async function readAcceptedPolicies(
  db: Executor,
): Promise<{ markdown: string; html: string | null }> {
  const [rules, words] = await Promise.all([readOrderRules(db), readPoliciesAsRendered(db)])
  const terms = orderTerms(rules)
  const unrendered = words.html === null && words.markdown.trim() !== ''
  return {
    markdown: orderPoliciesText(terms, words.markdown),
    html: unrendered ? null : termsHtml(terms) + (words.html ?? ''),
  }
}

/**
 * The order policies as /policies and the order form's tick show them: the
 * terms from her rules first, then her words as rendered when she saved
 * them (decisions 076 and 079). Never renders her Markdown.
 */
export async function readPoliciesHtml(db: Executor): Promise<string> {
  const [rules, words] = await Promise.all([readOrderRules(db), readPoliciesAsRendered(db)])
  return termsHtml(orderTerms(rules)) + htmlToShow(words.markdown, words.html)
}

/**
 * Renders stored policies that have no rendering yet (saved before
 * renderings were kept, or the first policies a new bakery starts with):
 * run at boot. Policies that cannot be rendered keep none, and the pages
 * show them as plain paragraphs. Returns whether it wrote one.
 */
export async function renderStoredPolicies(db: Executor): Promise<boolean> {
  const row = await ownTables(db)
    .selectFrom('booking_settings')
    .select('policies')
    .where('id', '=', 1)
    .where('policies_html', 'is', null)
    .executeTakeFirst()
  if (!row) return false
  const rendered = renderMarkdown(row.policies)
  if (!rendered.ok) return false
  // Only the text it was rendered from: a save in the meantime wrote its own.
  const result = await ownTables(db)
    .updateTable('booking_settings')
    .set({ policies_html: rendered.html })
    .where('id', '=', 1)
    .where('policies', '=', row.policies)
    .where('policies_html', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
