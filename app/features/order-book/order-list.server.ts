import { type Expression, type SqlBool, sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import {
  type DisplayState,
  amountsOwed,
  depositOverdue,
  displayStateOf,
} from '#app/features/order-status/order-status.ts'
import { ORDER_LIST_LIMIT, type OrderFilters, type OrderRow, STATUSES } from './order-list.ts'

/** LIKE's own characters in a search are matched as themselves. */
function likePattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * Every order request (one row each, not one per send) matching the
 * filters, with the count of each status under the same date and search
 * filters, for the status chips.
 */
export async function listOrderBook(db: Db, filters: OrderFilters, today = bakeryToday()) {
  // The date range and search narrow both the rows and the chips' counts.
  // Only order_request's own columns: the counts need no join.
  const narrowed = () => {
    let query = db.selectFrom('order_request')
    if (filters.from) query = query.where('order_request.due_date', '>=', filters.from)
    if (filters.to) query = query.where('order_request.due_date', '<=', filters.to)
    if (filters.q) {
      const pattern = likePattern(filters.q)
      // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's
      // only for ASCII; the escape clause is needed by SQLite, which has none.
      // On PostgreSQL the trigram indexes on lower(name) and lower(email)
      // (migration 013-growth-search-trigrams) answer it.
      const matches = (column: 'order_request.name' | 'order_request.email') =>
        sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'` as Expression<SqlBool>
      query = query.where((eb) =>
        eb.or([matches('order_request.name'), matches('order_request.email')]),
      )
    }
    return query
  }

  let rowsQuery = narrowed()
    .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
    .select([
      'order_request.id',
      'order_request.product_type',
      'order_request.event_theme',
      'order_request.name',
      'order_request.email',
      'order_request.due_date',
      'order_request.status',
      'order_request.effort',
      'order_request.fulfilment',
      'order_request.deposit_waived',
      'order_batch.created_at',
    ])
    .limit(ORDER_LIST_LIMIT)
  // "Accepted" is a quoted request seen closer: both read the quoted rows, then tell them apart.
  const stored: RequestStatus | null = filters.status === 'accepted' ? 'quoted' : filters.status
  if (stored) rowsQuery = rowsQuery.where('order_request.status', '=', stored)
  rowsQuery =
    filters.sort === 'due'
      ? rowsQuery.orderBy('order_request.due_date', 'asc').orderBy('order_request.id', 'asc')
      : rowsQuery.orderBy('order_request.id', 'desc')

  // One pass over the narrowed requests for the chips: a count per status,
  // except that each open quote is a group of its own (its id kept), so the
  // accepted ones can be told apart below.
  const quotedId = sql<
    number | null
  >`case when ${sql.ref('order_request.status')} = 'quoted' then ${sql.ref('order_request.id')} end`
  const [allRows, groups] = await Promise.all([
    rowsQuery.execute(),
    narrowed()
      .select(({ fn }) => [
        'order_request.status',
        quotedId.as('quoted_id'),
        fn.max('order_request.deposit_waived').as('deposit_waived'),
        fn.countAll<number | string>().as('count'),
      ])
      .groupBy(['order_request.status', quotedId])
      .execute(),
  ])
  const quotedRows = groups.flatMap((group) =>
    group.quoted_id === null
      ? []
      : [
          {
            id: Number(group.quoted_id),
            status: group.status,
            deposit_waived: Number(group.deposit_waived),
          },
        ],
  )
  const standing = await standingOf(db, [...allRows, ...quotedRows], today)
  const rows = filters.status
    ? allRows.filter((row) => standing.get(row.id)!.state === filters.status)
    : allRows

  const counts = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<
    DisplayState,
    number
  >
  for (const { status, count } of groups) counts[status] += Number(count)
  for (const row of quotedRows) {
    if (standing.get(row.id)!.state === 'accepted') {
      counts.quoted -= 1
      counts.accepted += 1
    }
  }

  return {
    rows: rows.map((row): OrderRow => {
      const { money, state, overdue } = standing.get(row.id)!
      return {
        id: row.id,
        productType: row.product_type,
        eventTheme: row.event_theme,
        name: row.name,
        email: row.email,
        dueDate: row.due_date,
        status: row.status,
        state,
        depositOverdue: overdue,
        effort: Number(row.effort),
        fulfilment: row.fulfilment,
        receivedAt: row.created_at,
        money: money ? { priceCents: money.priceCents, ...amountsOwed(money) } : null,
      }
    }),
    counts,
    total: Object.values(counts).reduce((sum, count) => sum + count, 0),
  }
}

/**
 * Each request's money, state as the owner reads it, and whether its
 * deposit is overdue, from its newest quote and its payments.
 */
async function standingOf(
  db: Db,
  requests: { id: number; status: RequestStatus; deposit_waived: number }[],
  today: string,
) {
  const ids = [...new Set(requests.map((request) => request.id))]
  const [quotes, payments] = ids.length
    ? await Promise.all([
        db
          .selectFrom('request_quote')
          .select(['request_id', 'price_cents', 'deposit_cents', 'deposit_due', 'accepted_at'])
          .where('request_id', 'in', ids)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('payment')
          .select(({ fn }) => ['request_id', fn.sum<number | string>('amount_cents').as('paid')])
          .where('request_id', 'in', ids)
          .groupBy('request_id')
          .execute(),
      ])
    : [[], []]
  // Oldest first, so the newest quote of each request is the one kept.
  const quoteOf = new Map(quotes.map((quote) => [quote.request_id, quote]))
  const paidOf = new Map(payments.map((payment) => [payment.request_id, Number(payment.paid)]))
  return new Map(
    requests.map((request) => {
      const quote = quoteOf.get(request.id)
      const money = quote
        ? {
            priceCents: Number(quote.price_cents),
            depositCents: Number(quote.deposit_cents),
            paidCents: paidOf.get(request.id) ?? 0,
            depositWaived: Number(request.deposit_waived) === 1,
          }
        : null
      const { depositOwed } = money ? amountsOwed(money) : { depositOwed: 0 }
      return [
        request.id,
        {
          money,
          state: displayStateOf({
            status: request.status,
            accepted: Boolean(quote?.accepted_at),
            depositOwed,
          }),
          overdue: depositOverdue({
            status: request.status,
            depositDue: quote?.deposit_due ?? null,
            depositOwed,
            today,
          }),
        },
      ]
    }),
  )
}
