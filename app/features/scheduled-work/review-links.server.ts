import { sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { ReviewLink } from '#app/features/reviews/review-schema.ts'
import { queueReviewRequests } from '#app/features/reviews/reviews.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { REMINDER_HOUR, bakeryHour } from './schedule.server.ts'

const ownTables = tablesFor('scheduled-work')

/** Invitations go out from the hour of the customers' reminders, bakery time. */
export const REVIEW_REQUEST_HOUR = REMINDER_HOUR
/** A completion older than this is not asked about: a server back after weeks away stays quiet. */
export const REVIEW_REQUEST_WITHIN_DAYS = 14
/** Links read per run; the rest wait for the next run, five minutes later. */
const REVIEW_LINKS_PER_RUN = 500

/**
 * The link a review is about (decision 056): its first request is the key,
 * her name and address are the first request's, and she may review once any
 * of its requests is completed. Undefined when no request holds the token
 * (never issued, or erased).
 */
export async function readReviewLink(db: Db, token: string): Promise<ReviewLink | undefined> {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'name', 'email', 'status', 'product_type', 'due_date'])
    .where('customer_token', '=', token)
    .orderBy('id')
    .limit(100)
    .execute()
  const [first] = rows
  if (!first) return undefined
  return {
    requestId: Number(first.id),
    name: first.name,
    email: first.email,
    token,
    completed: rows.some((row) => row.status === 'completed'),
    order: { productType: first.product_type, dueDate: first.due_date },
  }
}

/**
 * Hands reviews the links whose invitation is due: a request completed on
 * an earlier day of the bakery's calendar (so the day after, from
 * REVIEW_REQUEST_HOUR), within REVIEW_REQUEST_WITHIN_DAYS, still holding its
 * private link (an erased customer holds none). Reviews queues each once and
 * skips a link already reviewed. Read through the status index: completed
 * requests due from a little before the window.
 */
export async function queueReviewRequestsDue(
  db: Db,
  { now, siteUrl }: { now: Date; siteUrl: string },
): Promise<number> {
  if (bakeryHour(now) < REVIEW_REQUEST_HOUR) return 0
  const today = bakeryToday(now)
  const since = now.getTime() - REVIEW_REQUEST_WITHIN_DAYS * 24 * 60 * 60_000
  const completed = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('request_event', 'request_event.request_id', 'order_request.id')
    .select(['order_request.customer_token', 'request_event.at'])
    .where('order_request.status', '=', sql.lit('completed'))
    // A request is completed on or after its day; a week's grace for one marked late.
    .where('order_request.due_date', '>=', addDays(today, -(REVIEW_REQUEST_WITHIN_DAYS + 7)))
    .where('order_request.customer_token', 'is not', null)
    .where('request_event.to_status', '=', 'completed')
    .where('request_event.at', '>=', since)
    .orderBy('request_event.at')
    .limit(REVIEW_LINKS_PER_RUN)
    .execute()
  const tokens = [
    ...new Set(
      completed
        // Completed on an earlier day than today, on the bakery's calendar.
        .filter((row) => bakeryToday(new Date(Number(row.at))) < today)
        .map((row) => row.customer_token!),
    ),
  ]
  if (tokens.length === 0) return 0
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'name', 'email', 'customer_token'])
    .where('customer_token', 'in', tokens)
    .orderBy('id')
    .execute()
  const links = new Map<string, ReviewLink>()
  for (const row of rows) {
    const token = row.customer_token!
    if (links.has(token)) continue
    links.set(token, {
      requestId: Number(row.id),
      name: row.name,
      email: row.email,
      token,
      completed: true,
    })
  }
  return queueReviewRequests(db, [...links.values()], { now: now.getTime(), siteUrl })
}
