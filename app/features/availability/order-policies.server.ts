import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { htmlToShow, renderMarkdown } from '#app/utils/markdown.server.ts'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * The order policies (decision 051): one text in booking_settings, which
 * every send copies into its batch, with the HTML it renders to stored
 * beside it when she saves it (decision 076); `updateBookingSettings`
 * writes both.
 */

/** The order policies a customer ticks, as they read now: what a send keeps beside its requests. */
export async function readOrderPolicies(db: Executor): Promise<string> {
  const { policies } = await db
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
  const row = await db
    .selectFrom('booking_settings')
    .select(['policies', 'policies_html'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return { markdown: row.policies, html: row.policies_html }
}

/** The order policies as /policies shows them; never renders Markdown (decision 076). */
export async function readPoliciesHtml(db: Executor): Promise<string> {
  const { markdown, html } = await readPoliciesAsRendered(db)
  return htmlToShow(markdown, html)
}

/**
 * Renders stored policies that have no rendering yet (saved before
 * renderings were kept, or the first policies a new bakery starts with):
 * run at boot. Policies that cannot be rendered keep none, and the pages
 * show them as plain paragraphs. Returns whether it wrote one.
 */
export async function renderStoredPolicies(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('booking_settings')
    .select('policies')
    .where('id', '=', 1)
    .where('policies_html', 'is', null)
    .executeTakeFirst()
  if (!row) return false
  const rendered = renderMarkdown(row.policies)
  if (!rendered.ok) return false
  // Only the text it was rendered from: a save in the meantime wrote its own.
  const result = await db
    .updateTable('booking_settings')
    .set({ policies_html: rendered.html })
    .where('id', '=', 1)
    .where('policies', '=', row.policies)
    .where('policies_html', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
