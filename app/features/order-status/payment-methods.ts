/**
 * How a payment or refund made with a gift card is written on the order
 * (decision 114): 'gift card ····PQRS'. The receipt, the emails and the
 * owner's page read it back with giftCardOfMethod, so they all say the same.
 */
export function giftCardMethod(ending: string): string {
  return `gift card ${ending}`
}

/** The card's ending ('····PQRS') of a method written by giftCardMethod; null for others. */
export function giftCardOfMethod(method: string): string | null {
  return /^gift card (····[A-Z0-9]{4})$/.exec(method.trim())?.[1] ?? null
}

/**
 * Her refund email's sentence for money that went back the way it came:
 * to her card through Stripe, or onto her gift card; null for a refund the
 * owner sent her own way (e-Transfer, cash), which the email words itself.
 */
export function onlineRefundWords(
  method: string,
  { amount, on, order, date }: { amount: string; on: string; order: string; date: string },
): string | null {
  const giftCard = giftCardOfMethod(method)
  if (giftCard) {
    return `We put ${amount} back on your gift card ${giftCard} on ${on}, for your ${order} for ${date}. It is there for your next order.`
  }
  return method.trim() === 'card'
    ? `We refunded ${amount} to your card on ${on}, for your ${order} for ${date}. Your bank usually shows it within 5 to 10 days.`
    : null
}
