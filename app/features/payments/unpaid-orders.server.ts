/**
 * Set-price card orders whose payment never came are given up (decisions
 * 100 and 103), and what gift cards paid on them goes back onto the cards
 * (decision 114): so a card may pay part of such an order, and the rest by
 * card, without its money being lost if she leaves Stripe's page.
 */
import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import type { Database } from '#app/db/schema.ts'
import { returnToGiftCard } from '#app/features/gift-cards/gift-card-ledger.server.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { giftCardMethod } from '#app/features/order-status/payment-methods.ts'
import { cancelUnpaidOrders } from '#app/features/set-price-orders/given-up.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { cardPaymentsOf } from './card-refunds.server.ts'

/** The words on the order's timeline and in her list of refunds. */
export const GIVEN_BACK_REASON = 'Not paid by card in time: back on the gift card.'

/**
 * Closes the set-price orders whose card payment never came; returns how
 * many. What a gift card paid on one goes back onto it, and she is emailed
 * that it did, as for any refund onto her card.
 */
export function giveUpUnpaidOrders(
  db: Db,
  { now = Date.now(), siteUrl }: { now?: number; siteUrl: string },
): Promise<number> {
  return cancelUnpaidOrders(db, now, (trx, requestId) =>
    giveBackGiftCards(trx, { requestId, now, siteUrl }),
  )
}

/** What each gift card paid on the order and was not refunded goes back onto it, in `trx`. */
async function giveBackGiftCards(
  trx: Transaction<Database>,
  { requestId, now, siteUrl }: { requestId: number; now: number; siteUrl: string },
) {
  for (const line of await cardPaymentsOf(trx, requestId)) {
    if (line.giftCard === null || line.leftCents === 0) continue
    const recorded = await recordRefundIn(trx, {
      requestId,
      paymentId: line.paymentId,
      amountCents: line.leftCents,
      refundedOn: bakeryToday(new Date(now)),
      method: giftCardMethod(line.giftCard),
      reason: GIVEN_BACK_REASON,
      now,
      actor: 'site',
    })
    if (!recorded.ok || recorded.refundId === undefined) {
      throw new Error(`order ${requestId}: could not give back gift card payment ${line.paymentId}`)
    }
    await returnToGiftCard(trx, {
      paymentId: line.paymentId,
      refundId: recorded.refundId,
      cents: line.leftCents,
      now,
    })
    await queueRequestUpdate(trx, 'refunded', {
      requestId,
      siteUrl,
      now,
      dedupeKey: `gift-card-refund:${recorded.refundId}`,
    })
  }
}
