/**
 * The one rule of which holds take a drop's stock at a moment (decisions 099
 * and 100): the reserve, the live counters, the owner's tally and her packing
 * list all start from this query.
 */
import { type ExpressionBuilder, sql } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { CALLED_OFF_STATUSES, QUOTABLE_STATUSES } from '#app/features/order-status/order-status.ts'
import type { Taken } from './drop-stock.ts'

const ownTables = tablesFor('drops')

type Executor = Parameters<typeof ownTables>[0]

/**
 * A drop's order is priced as it is made (quoted) and waits there only for
 * her card payment; paid, or booked to pay at pickup, it is confirmed.
 */
const AWAITING_PAYMENT = QUOTABLE_STATUSES

/**
 * The holds of `dropId` that take stock at `now`, each joined to the order it
 * became (if any): a held one until its end; an order until it is called
 * off, and one still waiting for its card payment only until its hold's end.
 * `except` leaves one hold out: a waitlist's offer, counted as its claimant's.
 */
export function liveHolds(db: Executor, dropId: number, now: Date, except?: string) {
  const moment = now.getTime()
  return ownTables(db)
    .selectFrom('drop_hold')
    .leftJoin('order_request', 'order_request.id', 'drop_hold.request_id')
    .where('drop_hold.drop_id', '=', dropId)
    .$if(except !== undefined, (query) => query.where('drop_hold.token', '!=', except!))
    .where((eb) =>
      eb.or([
        eb.and([eb('drop_hold.state', '=', 'held'), eb('drop_hold.expires_at', '>', moment)]),
        eb.and([
          eb('drop_hold.state', '=', 'ordered'),
          eb('order_request.status', 'not in', CALLED_OFF_STATUSES),
          eb.or([
            eb('order_request.status', 'not in', AWAITING_PAYMENT),
            eb('drop_hold.expires_at', '>', moment),
          ]),
        ]),
      ]),
    )
}

/**
 * Whether a live hold is sold (an order paid or booked) rather than held (in
 * a basket, or at Stripe's page): 1 or 0, for sums.
 */
export function soldFlag(eb: ExpressionBuilder<Database, 'drop_hold' | 'order_request'>) {
  return eb
    .case()
    .when(
      eb.and([
        eb('drop_hold.state', '=', 'ordered'),
        eb('order_request.status', 'not in', AWAITING_PAYMENT),
      ]),
    )
    .then(sql.lit(1))
    .else(sql.lit(0))
    .end()
}

/**
 * What live holds of `dropId` take, and of them what `email`'s take, at
 * `now`; leaving out the hold `except` (a waitlist's offer, its claimant's own).
 */
export async function takenAt(
  db: Executor,
  dropId: number,
  now: Date,
  email: string,
  except?: string,
): Promise<{ taken: Taken; mine: Map<number, number> }> {
  const live = liveHolds(db, dropId, now, except)
  // One round trip: the quantities by item (and of them hers) and the holds by window.
  const byItem = live
    .innerJoin('drop_hold_line', 'drop_hold_line.hold_id', 'drop_hold.id')
    .select((eb) => [
      sql<string>`'item'`.as('kind'),
      sql<string>`cast(drop_hold_line.item_id as text)`.as('key'),
      eb.fn.sum<number>('drop_hold_line.quantity').as('amount'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('drop_hold.email', '=', email)
            .then(eb.ref('drop_hold_line.quantity'))
            .else(0)
            .end(),
        )
        .as('mine'),
    ])
    .groupBy('drop_hold_line.item_id')
  const byWindow = live
    .select((eb) => [
      sql<string>`'window'`.as('kind'),
      'drop_hold.pickup_window as key',
      eb.fn.countAll<number>().as('amount'),
      sql<number>`0`.as('mine'),
    ])
    .groupBy('drop_hold.pickup_window')
  const rows = await byItem.unionAll(byWindow).execute()
  const items = rows.filter((row) => row.kind === 'item')
  return {
    taken: {
      items: new Map(items.map((row) => [Number(row.key), Number(row.amount)])),
      windows: new Map(
        rows.filter((row) => row.kind === 'window').map((row) => [row.key, Number(row.amount)]),
      ),
    },
    mine: new Map(items.map((row) => [Number(row.key), Number(row.mine)])),
  }
}
