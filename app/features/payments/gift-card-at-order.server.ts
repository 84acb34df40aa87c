/**
 * A gift card typed as an order at a set price is made (a drop's hold, a
 * treat bought now; decision 114): in the order's own transaction, the card
 * pays all that is owed, or as much as it holds, and the rest is paid the
 * way she chose. A card order given up unpaid gives the card its part back
 * (unpaid-orders.server.ts).
 */
import type { Transaction } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { holdGiftCard, leftWords } from '#app/features/gift-cards/gift-card-ledger.server.ts'
import { cardMinimumCents } from '#app/features/order-status/card-minimum.ts'
import { formatMoney } from '#app/utils/money.ts'
import { holdOrderToPay, payFromHeldCard } from './gift-card-pay.server.ts'

export type GiftCardAtOrder =
  | {
      ok: true
      paidCents: number
      /** What is left to pay by card or at pickup; 0 when the card paid it all. */
      restCents: number
      /** "$20 is left on your gift card ····PQRS." */
      left: string
    }
  | { ok: false; error: string }

/**
 * Pays the new order `requestId` with the card `code` names. `byCard`: the
 * rest is paid by card now, so a rest too small for a card is refused
 * (the caller's transaction is then undone with the order).
 */
export async function payNewOrderWithGiftCard(
  trx: Transaction<Database>,
  {
    requestId,
    code,
    byCard,
    now,
    siteUrl,
  }: { requestId: number; code: string; byCard: boolean; now: number; siteUrl: string },
): Promise<GiftCardAtOrder> {
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
  if (!paid.ok) return paid
  return {
    ok: true,
    paidCents,
    restCents,
    left: leftWords({ ending: card.ending, balanceCents: card.balanceCents - paidCents }),
  }
}
