/**
 * Set-price card orders (a drop's, a treat bought now) whose payment never
 * came are given up (decisions 100 and 103), so what they held is free again.
 */
import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { releaseCodeOf } from '#app/features/discount-codes/discount-codes.server.ts'
import { heldStatusOf, moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { QUOTABLE_STATUSES, isIn } from '#app/features/order-status/order-status.ts'

const ownTables = tablesFor('set-price-orders')

/** Unpaid card orders closed per pass: a server back after a long time away works through them. */
const UNPAID_PAGE_SIZE = 200

/** What else goes back as an order is given up, in its transaction: gift card payments (payments). */
export type GiveBack = (trx: Transaction<Database>, requestId: number, now: number) => Promise<void>

/**
 * Set-price orders still waiting for a card payment whose time has run
 * out: the Checkout session has ended, and the time for Stripe's word of a
 * payment made just before it. Each is cancelled in its own transaction,
 * its row held and its status read again there, so a payment that came
 * meanwhile keeps it; what it held (a drop's stock, a day's room) is free
 * again. Nothing is emailed for the order: she left Stripe's page herself.
 * One that cannot be given up is told in the log and left for the next
 * pass; the rest go on. Returns how many it cancelled.
 */
export async function cancelUnpaidOrders(
  db: Db,
  now = Date.now(),
  giveBack?: GiveBack,
): Promise<number> {
  const due = await ownTables(db)
    .selectFrom('set_price_order')
    .select('request_id')
    .where('unpaid_until', 'is not', null)
    .where('unpaid_until', '<=', now)
    .orderBy('request_id')
    .limit(UNPAID_PAGE_SIZE)
    .execute()
  let cancelled = 0
  for (const { request_id: requestId } of due) {
    const moved = await db
      .transaction()
      .execute((trx) => giveUp(trx, Number(requestId), now, giveBack))
      .catch((error: unknown) => {
        console.error(`orders: could not give up unpaid order ${requestId}`, error)
        return false
      })
    if (moved) cancelled += 1
  }
  return cancelled
}

async function giveUp(
  trx: Transaction<Database>,
  requestId: number,
  now: number,
  giveBack: GiveBack | undefined,
): Promise<boolean> {
  const status = await heldStatusOf(trx, requestId)
  await ownTables(trx)
    .updateTable('set_price_order')
    .set({ unpaid_until: null })
    .where('request_id', '=', requestId)
    .execute()
  if (!isIn(QUOTABLE_STATUSES, status ?? 'cancelled')) return false
  // Never paid, so never used: her code is hers to use again.
  await releaseCodeOf(trx, requestId)
  await giveBack?.(trx, requestId, now)
  const result = await moveRequest(trx, {
    requestId,
    to: 'cancelled',
    actor: 'site',
    note: 'Not paid by card in time: what it held is free again.',
    now,
  })
  return result.ok
}
