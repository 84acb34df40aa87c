/**
 * "Again this year?" (decision 107): a month before the day of last year's
 * order for an occasion (a birthday, an anniversary), her Today page
 * suggests writing to that customer, with an email ready in her own mail app
 * that links her order form. Nothing is sent without her tap.
 */
import { sql } from 'kysely'
import { firstNameOf } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'

const ownTables = tablesFor('customers')

/** How far ahead of the day she is told: time to write, and for them to order. */
export const AGAIN_DAYS_AHEAD = 30
/** Suggestions Today shows at most; older orders read to find them, at most. */
const SHOWN = 5
const READ = 200

/** Words that make an order's event one that comes back each year. */
const OCCASION = /\b(birthday|bday|b-day|anniversary|turning|turns)\b/i

export interface AgainThisYear {
  requestId: number
  name: string
  /** "Cakes for Unicorn birthday on Saturday, December 12, 2026" */
  lastYear: string
  /** mailto: with her words ready, for her own mail app. */
  emailHref: string
}

/** The same day a year before `date` (a February 29th's is the 28th). */
function yearBefore(date: string): string {
  const year = Number(date.slice(0, 4)) - 1
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5)
  return `${String(year).padStart(4, '0')}-${monthDay}`
}

/**
 * Completed orders for an occasion whose day comes round again within
 * AGAIN_DAYS_AHEAD of `today`, soonest first, from customers who have not
 * ordered since; one per address.
 */
export async function readAgainThisYear(
  db: Db,
  { today, siteUrl }: { today: string; siteUrl: string },
): Promise<AgainThisYear[]> {
  const from = yearBefore(today)
  const to = yearBefore(addDays(today, AGAIN_DAYS_AHEAD))
  const rows = await ownTables(db)
    .selectFrom('order_request as last')
    .select([
      'last.id',
      'last.name',
      'last.email',
      'last.product_type',
      'last.event_theme',
      'last.due_date',
    ])
    .where('last.status', '=', 'completed')
    .where('last.due_date', '>=', from)
    .where('last.due_date', '<=', to)
    .where('last.email', 'not like', '%@invalid')
    // Not when the customer has ordered since: they need no reminding.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_request as since')
            .select('since.id')
            // An address is one customer's whatever its case, as in her book.
            .where(sql<boolean>`lower(since.email) = lower(last.email)`)
            .whereRef('since.due_date', '>', 'last.due_date'),
        ),
      ),
    )
    .orderBy('last.due_date')
    .orderBy('last.id')
    .limit(READ)
    .execute()
  const identity = await readSiteSection(db, 'identity')
  const seen = new Set<string>()
  const found: AgainThisYear[] = []
  for (const row of rows) {
    const address = row.email.toLowerCase()
    if (!OCCASION.test(row.event_theme) || seen.has(address)) continue
    seen.add(address)
    const what = `${row.product_type} for ${row.event_theme.trim()}`
    const when = formatCalendarDate(row.due_date)
    const link = `${siteUrl}/ordernow?${new URLSearchParams({ product: row.product_type })}`
    const body = [
      `Hi ${firstNameOf(row.name)},`,
      '',
      `Last year we baked your ${what}, on ${when}. Would you like something for it again this year? You can order here: ${link}`,
      '',
      firstNameOf(identity.ownerName),
      identity.name,
    ].join('\n')
    const subject = `${row.event_theme.trim()} again this year?`
    found.push({
      requestId: Number(row.id),
      name: row.name,
      lastYear: `${what} on ${when}`,
      emailHref: `mailto:${encodeURIComponent(row.email).replace('%40', '@')}?${new URLSearchParams({ subject, body }).toString().replaceAll('+', '%20')}`,
    })
    if (found.length === SHOWN) break
  }
  return found
}
