/**
 * What a Stripe Checkout session for a request asks (openCardCheckout): the
 * words on Stripe's page and the session's parameters, which its
 * idempotency key is a digest of, so they are built the same way each time.
 */
import type Stripe from 'stripe'
import type { Db } from '#app/db/db.server.ts'
import { partyOf, partyTreats } from '#app/features/order-book/party.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { orderName } from '#app/utils/order-name.ts'
import { partyName } from '#app/utils/party-name.ts'
import type { CardKind } from './card-due.ts'

/** The request a Checkout session is opened for, as the session names it. */
export interface CheckoutRequest {
  id: number
  email: string
  due_date: string
  payment_reference: string | null
}

/** What Stripe's page says the payment is for, with what a gift card already paid of it. */
export async function checkoutWords(
  db: Db,
  {
    row,
    kind,
    label,
    inFull,
    giftCardCents,
  }: {
    row: CheckoutRequest
    kind: CardKind
    label?: string
    inFull: boolean
    giftCardCents: number
  },
): Promise<string> {
  // A party's payment is for all of it: 'Deposit for your Cakes and Cupcakes order'.
  const treats = partyName(await partyTreats(db, await partyOf(db, row.id)))
  const paying =
    label ??
    `${kind === 'balance' ? 'Balance' : inFull ? 'Full payment' : 'Deposit'} for your ${orderName(treats)} on ${formatCalendarDate(row.due_date)}`
  return giftCardCents > 0
    ? `${paying}, after ${formatMoney(giftCardCents)} from your gift card`
    : paying
}

/** The Checkout session asked of Stripe: one line for exactly what is due, back to her page. */
export function checkoutParams({
  row,
  token,
  due,
  what,
  inFull,
  endsAt,
  siteUrl,
  currency,
}: {
  row: CheckoutRequest
  token: string
  due: { kind: CardKind; amountCents: number }
  what: string
  inFull: boolean
  endsAt: number | undefined
  siteUrl: string
  /** cardCurrency(): the bakery's, as the session is asked for. */
  currency: string
}): Stripe.Checkout.SessionCreateParams {
  const { kind } = due
  const metadata = {
    request_id: String(row.id),
    payment_reference: row.payment_reference ?? '',
    kind,
  }
  const pageUrl = `${siteUrl}/requests/${token}`
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency,
          unit_amount: due.amountCents,
          product_data: {
            name: row.payment_reference ? `${what} (${row.payment_reference})` : what,
          },
        },
      },
    ],
    client_reference_id: row.payment_reference ?? String(row.id),
    metadata,
    payment_intent_data: { metadata },
    customer_email: row.email,
    success_url: `${pageUrl}?paid=${inFull ? 'full' : kind}`,
    cancel_url: `${pageUrl}?card=cancelled`,
    ...(endsAt === undefined ? {} : { expires_at: Math.floor(endsAt / 1000) }),
  }
}
