import {
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { isPostgres } from '#app/db/portable-schema.server.ts'
import type { Database } from '#app/db/schema.ts'
import { readBookedBalances } from '#app/features/order-book/booked-balances.server.ts'
import { type DisplayState } from '#app/features/order-status/display-state.ts'
import { amountsOwed, totalOf } from '#app/features/order-status/money-owed.ts'
import { readPaymentReference } from '#app/features/order-status/payment-reference.ts'
import { BALANCE_REMINDER_DAYS } from '#app/features/order-status/payment-schedule.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { readOpenQuotes } from './open-quotes.server.ts'
import {
  ORDER_PAGE_SIZE,
  type OrderFilters,
  type OrderRow,
  SEARCH_COUNT_LIMIT,
  STATUSES,
} from './order-list.ts'
import { type Standing, standingOf } from './order-standing.server.ts'

const ownTables = tablesFor('owner-desk')

/** LIKE's own characters in a search are matched as themselves. */
function likePattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** A trigram index matches three characters at least; shorter searches read the rows. */
const TRIGRAM = 3

/**
 * The requests a payment reference names ('BB-4821', 'bb4821'), or null
 * when the search does not look like one. A request quoted on its own is
 * one; a party's members share the lead's money and its reference (decision
 * 049), so the reference of any member names every member. Two lookups by
 * index (the unique payment_reference, then the party's party_lead_id),
 * whatever the book's size.
 */
async function requestsOfReference(db: Db, query: string): Promise<number[] | null> {
  const reference = readPaymentReference(query)
  if (!reference) return null
  const found = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'party_lead_id'])
    .where('payment_reference', '=', reference)
    .executeTakeFirst()
  if (!found) return []
  if (found.party_lead_id === null) return [Number(found.id)]
  const members = await ownTables(db)
    .selectFrom('order_request')
    .select('id')
    .where('party_lead_id', '=', found.party_lead_id)
    .execute()
  return members.map((member) => Number(member.id))
}

/**
 * Where a search of the list goes instead of the list: the page of the one
 * request its payment reference names. Null for any other search, a
 * reference no request has, or a party's (the list shows its members). The
 * other filters do not hide it: the reference is the request.
 */
export async function searchOpens(db: Db, filters: OrderFilters): Promise<string | null> {
  const ids = filters.q ? await requestsOfReference(db, filters.q) : null
  return ids?.length === 1 ? `/admin/orders/${ids[0]}` : null
}

/**
 * Requests whose name or email contains `query`, ignoring case, or, when
 * the query is a payment reference, the requests it names (`referenced`).
 * Each database answers from an index of trigrams (docs/decisions/042): on
 * PostgreSQL the GIN indexes on lower(name) and lower(email) serve the LIKE
 * itself; on SQLite the FTS5 table order_request_search, whose trigram
 * phrase is the same "contains" (its double quotes doubled, so the text is
 * a phrase and never FTS syntax).
 */
function searchMatches(db: Db, query: string, referenced: number[] | null) {
  return (eb: ExpressionBuilder<Database, 'order_request'>): Expression<SqlBool> => {
    // No name or email looks like a reference: it finds its requests by id.
    if (referenced) {
      return referenced.length > 0 ? eb('order_request.id', 'in', referenced) : sql<SqlBool>`1 = 0`
    }
    if (!isPostgres(db) && [...query].length >= TRIGRAM) {
      const phrase = `"${query.replaceAll('"', '""')}"`
      return eb(
        'order_request.id',
        'in',
        sql<number>`(select rowid from order_request_search where order_request_search match ${phrase})`,
      )
    }
    const pattern = likePattern(query)
    // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's
    // only for ASCII; the escape clause is needed by SQLite, which has none.
    const matches = (column: 'order_request.name' | 'order_request.email') =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'` as Expression<SqlBool>
    return eb.or([matches('order_request.name'), matches('order_request.email')])
  }
}

/** The requests the date range and search narrow to, order_request's own columns only. */
function narrowedRequests(db: Db, filters: OrderFilters, referenced: number[] | null) {
  let query = ownTables(db).selectFrom('order_request')
  if (filters.from) query = query.where('order_request.due_date', '>=', filters.from)
  if (filters.to) query = query.where('order_request.due_date', '<=', filters.to)
  if (filters.q) query = query.where(searchMatches(db, filters.q, referenced))
  return query
}

type Narrowed = () => ReturnType<typeof narrowedRequests>

/**
 * Every order request (one row each, not one per send) matching the
 * filters, with the count of each status under the same date and search
 * filters, for the status chips. A search counts up to `countLimit` matches;
 * past it the counts, total and matching are null ("more than").
 */
export async function listOrderBook(
  db: Db,
  filters: OrderFilters,
  today = bakeryToday(),
  { countLimit = SEARCH_COUNT_LIMIT }: { countLimit?: number } = {},
) {
  const referenced = filters.q ? await requestsOfReference(db, filters.q) : null
  // The date range and search narrow both the rows and the chips' counts.
  const narrowed = () => narrowedRequests(db, filters, referenced)
  const limit = filters.q ? countLimit : null
  const { counts, counted, total, acceptedIds } = await statusChips(db, filters, narrowed, {
    limit,
    today,
  })
  // Today's "Balances due", as it counts them: read from the booked
  // requests only (booked-balances.server.ts), then paged in SQL by id.
  const balanceIds = filters.balance
    ? (await readBookedBalances(db, { today, until: addDays(today, BALANCE_REMINDER_DAYS) })).map(
        (row) => row.id,
      )
    : []
  const rowsQuery = pageQuery(narrowed, filters, { acceptedIds, balanceIds })
  const nothing =
    (filters.status === 'accepted' && acceptedIds.length === 0) ||
    (filters.balance && balanceIds.length === 0)
  const matching = nothing
    ? 0
    : filters.balance || (filters.status && !counted)
      ? await countMatching(
          db,
          rowsQuery.clearSelect().clearOrderBy().clearLimit().clearOffset(),
          limit,
        )
      : filters.status
        ? counts[filters.status]
        : total
  const found = nothing ? [] : await rowsQuery.execute()
  const rows = found.slice(0, ORDER_PAGE_SIZE)
  const standing = await standingOf(db, rows, today)

  return {
    rows: rows.map((row) => orderRowOf(row, standing.get(row.id)!)),
    /** Null when a search found more than its limit: "more than" (SEARCH_COUNT_LIMIT). */
    counts: counted ? counts : null,
    total,
    /** How many requests the filters find, across every page; null as `counts`. */
    matching,
    /** The page shown, and whether another follows it. */
    page: filters.page,
    hasMore: found.length > ORDER_PAGE_SIZE,
  }
}

/**
 * The chips: a count per stored status, then the open quotes (a small
 * partial index) to tell the accepted ones apart. The whole book's counts
 * are kept by triggers; a date range counts what it narrows to, and a
 * search counts no further than its limit.
 */
async function statusChips(
  db: Db,
  filters: OrderFilters,
  narrowed: Narrowed,
  { limit, today }: { limit: number | null; today: string },
) {
  const countStatuses = () => {
    if (!filters.from && !filters.to && !filters.q)
      return ownTables(db).selectFrom('order_status_count').select(['status', 'count']).execute()
    const statuses = narrowed().select('order_request.status')
    return ownTables(db)
      .selectFrom((limit === null ? statuses : statuses.limit(limit + 1)).as('matched'))
      .select(({ fn }) => ['matched.status', fn.countAll<number | string>().as('count')])
      .groupBy('matched.status')
      .execute()
  }
  const [groups, quotesAlongside] = await Promise.all([
    countStatuses(),
    limit === null ? readOpenQuotes(narrowed(), { today }) : null,
  ])
  const matched = groups.reduce((sum, { count }) => sum + Number(count), 0)
  const counted = matched <= (limit ?? Infinity)
  // Uncounted, the open quotes are read only to filter by them.
  const openQuotes =
    quotesAlongside ??
    (counted || filters.status === 'accepted' || filters.status === 'quoted'
      ? await readOpenQuotes(narrowed(), { today })
      : [])
  const counts = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<
    DisplayState,
    number
  >
  for (const { status, count } of groups) counts[status] += Number(count)
  const acceptedIds = openQuotes
    .filter((quote) => quote.state === 'accepted')
    .map((quote) => quote.id)
  counts.quoted -= acceptedIds.length
  counts.accepted += acceptedIds.length
  // Accepted ones are moved between chips, so the groups' sum is the total.
  return { counts, counted, total: counted ? matched : null, acceptedIds }
}

/** One page of the list's rows, filtered by status and balance, in the order asked. */
function pageQuery(
  narrowed: Narrowed,
  filters: OrderFilters,
  { acceptedIds, balanceIds }: { acceptedIds: number[]; balanceIds: number[] },
) {
  let rowsQuery = narrowed()
    .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
    .select([
      'order_request.id',
      'order_request.product_type',
      'order_request.event_theme',
      'order_request.event_theme_holds',
      'order_request.name',
      'order_request.email',
      'order_request.due_date',
      'order_request.status',
      'order_request.effort',
      'order_request.fulfilment',
      'order_request.pickup_window',
      'order_request.deposit_waived',
      'order_request.discount_cents',
      'order_request.discount_code',
      'order_request.payment_reference',
      'order_request.party_lead_id',
      'order_batch.created_at',
    ])
  // "Accepted" is a quoted request seen closer: the open quotes say which.
  if (filters.status === 'accepted' || filters.status === 'quoted') {
    rowsQuery = rowsQuery.where('order_request.status', '=', 'quoted')
    if (acceptedIds.length > 0) {
      rowsQuery = rowsQuery.where(
        'order_request.id',
        filters.status === 'accepted' ? 'in' : 'not in',
        acceptedIds,
      )
    }
  } else if (filters.status) {
    rowsQuery = rowsQuery.where('order_request.status', '=', filters.status)
  }
  if (filters.balance && balanceIds.length > 0) {
    rowsQuery = rowsQuery.where('order_request.id', 'in', balanceIds)
  }
  return (
    (
      filters.sort === 'due'
        ? rowsQuery.orderBy('order_request.due_date', 'asc').orderBy('order_request.id', 'asc')
        : rowsQuery.orderBy('order_request.id', 'desc')
    )
      // One more than a page, to know whether another follows.
      .limit(ORDER_PAGE_SIZE + 1)
      .offset((filters.page - 1) * ORDER_PAGE_SIZE)
  )
}

function orderRowOf(
  row: Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number],
  { money, state, overdue }: Standing,
): OrderRow {
  return {
    id: row.id,
    productType: row.product_type,
    eventTheme: row.event_theme,
    eventThemeLabel: themeLabel(row.event_theme_holds),
    name: row.name,
    email: row.email,
    dueDate: row.due_date,
    status: row.status,
    paymentReference: row.payment_reference,
    state,
    depositOverdue: overdue,
    effort: Number(row.effort),
    fulfilment: row.fulfilment,
    window: row.pickup_window,
    receivedAt: row.created_at,
    money: money ? { totalCents: totalOf(money), ...amountsOwed(money) } : null,
    /** Quoted with a party whose money is on its lead's row (decision 049); null otherwise. */
    partyLeadId:
      row.party_lead_id !== null && Number(row.party_lead_id) !== row.id
        ? Number(row.party_lead_id)
        : null,
  }
}

/**
 * How many requests a filtered query of the list finds, across every page:
 * up to `limit`, and null past it.
 */
async function countMatching(
  db: Db,
  query: SelectQueryBuilder<Database, 'order_request' | 'order_batch', object>,
  limit: number | null,
) {
  const found = query.select('order_request.id')
  const { count } = await ownTables(db)
    .selectFrom((limit === null ? found : found.limit(limit + 1)).as('matched'))
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return limit !== null && Number(count) > limit ? null : Number(count)
}
