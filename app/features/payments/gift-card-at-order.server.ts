/**
 * A gift card typed as an order at a set price is made (a drop's hold, a
 * treat bought now; decision 114): in the order's own transaction, the card
 * pays all that is owed, or as much as it holds, and the rest is paid the
 * way she chose. A card order given up unpaid gives the card its part back
 * (unpaid-orders.server.ts).
 */
import type { Transaction } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { holdGiftCard } from '#app/features/gift-cards/gift-card-ledger.server.ts'
import { cardMinimumCents } from '#app/features/order-status/card-minimum.ts'
import { formatMoney } from '#app/utils/money.ts'
import { holdOrderToPay, payFromHeldCard } from './gift-card-pay.server.ts'

/** A gift card that could not pay as she asked: thrown to undo the order's transaction. */
export class GiftCardRefused extends Error {}

/**
 * The card `code` names, for an order being made: `atBooking` is given to
 * `bookAtSetPrice`, which runs it once the order stands and before her
 * booked email is written; it pays, or throws GiftCardRefused. `paidCents`
 * is what it paid, once the order is made. `byCard`: the rest is paid by
 * card now.
 */
export function giftCardAtBooking(
  code: string,
  { byCard, now, siteUrl }: { byCard: boolean; now: number; siteUrl: string },
) {
  let paidCents = 0
  return {
    async atBooking(trx: Transaction<Database>, requestId: number) {
      const gift = await payNewOrderWithGiftCard(trx, { requestId, code, byCard, now, siteUrl })
      if (!gift.ok) throw new GiftCardRefused(gift.error)
      paidCents = gift.paidCents
    },
    paidCents: () => paidCents,
  }
}

/**
 * Pays the new order `requestId` with the card `code` names. `byCard`: the
 * rest is paid by card now, so a rest too small for a card is refused
 * (the caller's transaction is then undone with the order).
 */
async function payNewOrderWithGiftCard(
  trx: Transaction<Database>,
  {
    requestId,
    code,
    byCard,
    now,
    siteUrl,
  }: { requestId: number; code: string; byCard: boolean; now: number; siteUrl: string },
): Promise<{ ok: true; paidCents: number } | { ok: false; error: string }> {
  const { row, due } = await holdOrderToPay(trx, requestId)
  if (!due) return { ok: false, error: 'Nothing is due on this order just now.' }
  const card = await holdGiftCard(trx, code)
  if (!card.ok) return card
  const paidCents = Math.min(card.balanceCents, due.amountCents)
  const restCents = due.amountCents - paidCents
  if (byCard && restCents > 0 && restCents < cardMinimumCents()) {
    return {
      ok: false,
      error: `Your gift card holds ${formatMoney(paidCents)} of your ${formatMoney(due.amountCents)}, and the ${formatMoney(restCents)} left is less than a card payment can be. Order without the gift card, or choose to pay at pickup if it is offered.`,
    }
  }
  const paid = await payFromHeldCard(trx, {
    requestId,
    row,
    card,
    cents: paidCents,
    kind: due.kind,
    now,
    siteUrl,
  })
  return paid.ok ? { ok: true, paidCents } : paid
}
