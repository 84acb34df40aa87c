/**
 * The order a drop's hold becomes, made in the transaction that claims the
 * hold: booked at the drop's prices, its total weighed again, and the hold
 * tied to it; a code or total refused undoes the claim with it.
 */
import type { Transaction } from 'kysely'
import type { Env } from '#app/config/env.server.ts'
import type { Database } from '#app/db/schema.ts'
import { readAcceptedPolicies } from '#app/features/availability/order-policies.server.ts'
import { attachOrder, claimHold, type ClaimedHold } from '#app/features/drops/hold-orders.server.ts'
import { cardTerms } from '#app/features/payments/card-payments.server.ts'
import {
  GiftCardRefused,
  type giftCardAtBooking,
} from '#app/features/payments/gift-card-at-order.server.ts'
import { paymentRefusal, paymentsFor } from '#app/features/set-price-orders/payment-choices.ts'
import {
  PAYMENT_WORD_MS,
  type SetPriceOrder,
  type SetPricePayment,
  bookAtSetPrice,
} from '#app/features/set-price-orders/set-price-orders.server.ts'
import { formatMoney } from '#app/utils/money.ts'

/** What an order's payment reads of the settings: Stripe's keys and the site's address. */
export type OrderEnv = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'SITE_URL'
>

/** Her ask with its defaults given, and what the order is made with in its transaction. */
export interface HoldOrderMaking {
  token: string
  payment: SetPricePayment
  code: string | undefined
  now: number
  env: OrderEnv
  shownCents: number | undefined
  payCents: number | undefined
  customerToken: string
  checkoutEnds: number
  gift: ReturnType<typeof giftCardAtBooking> | null
}

/**
 * Inside the transaction: the hold claimed, the order booked at the drop's
 * prices, its total weighed again, and the hold tied to the order; a code or
 * total refused throws, undoing the claim.
 */
export async function makeHoldOrder(trx: Transaction<Database>, making: HoldOrderMaking) {
  const { token, payment, now, env, shownCents, customerToken, checkoutEnds, gift } = making
  const claimed = await claimHold(trx, {
    token,
    now,
    mayPay: (order) =>
      paymentRefusal(
        { ...cardTerms(env), payAtPickup: order.payAtPickup },
        order.totalCents,
        payment,
        'This drop',
      ),
    ...(shownCents === undefined ? {} : { shownCents }),
  })
  if (!claimed.ok) return claimed
  const { hold } = claimed
  const acceptedPolicies = await readAcceptedPolicies(trx)
  const booked = await bookAtSetPrice(
    trx,
    setPriceOrderOf({ hold, acceptedPolicies, making }),
    customerToken,
  )
  // The hold was claimed above: a code refused now undoes that too.
  if (!booked.ok) throw new CodeRefused(booked.message)
  refuseChangedTotal({ totalCents: booked.totalCents, hold, making })
  // What is left for a card to pay: nothing once a gift card paid it all.
  const giftPaidCents = gift?.paidCents() ?? 0
  const cardCents = payment === 'card' ? booked.totalCents - giftPaidCents : 0
  await attachOrder(trx, {
    holdId: hold.holdId,
    requestId: booked.requestId,
    ...(cardCents > 0 ? { keepUntil: checkoutEnds + PAYMENT_WORD_MS } : {}),
  })
  return { ...booked, hold, cardCents, giftPaidCents }
}

/** The order a hold becomes at the drop's prices, paid as she chose. */
function setPriceOrderOf({
  hold,
  acceptedPolicies,
  making,
}: {
  hold: ClaimedHold
  acceptedPolicies: SetPriceOrder['acceptedPolicies']
  making: HoldOrderMaking
}): SetPriceOrder {
  const { payment, code, now, env, checkoutEnds, gift } = making
  return {
    request: requestOf(hold),
    priceCents: hold.totalCents,
    payment,
    acceptedPolicies,
    pricedBy: `${hold.dropName}: ${hold.summary}, at the drop’s prices.`,
    taxedLines: hold.lines,
    siteUrl: env.SITE_URL,
    now,
    ...(payment === 'card' ? { unpaidUntil: checkoutEnds + PAYMENT_WORD_MS } : {}),
    ...(code ? { code } : {}),
    ...(gift ? { atBooking: gift.atBooking } : {}),
  }
}

/**
 * Throws CodeRefused when the total booked is not the one her page said she
 * pays, or her way of paying cannot pay it.
 */
function refuseChangedTotal({
  totalCents,
  hold,
  making: { payCents, payment, env },
}: {
  totalCents: number
  hold: ClaimedHold
  making: HoldOrderMaking
}) {
  // A tax changed since her page was drawn: she is shown the new total before she orders.
  if (payCents !== undefined && payCents !== totalCents) {
    throw new CodeRefused(
      `The total has changed since this page was opened: it is now ${formatMoney(totalCents)}. Check it and order again.`,
    )
  }
  // Her way of paying is weighed again at the total the code left: by
  // card, a total under Stripe's smallest charge is refused here, with
  // her hold kept, rather than by Stripe once the order is made.
  const terms = { ...cardTerms(env), payAtPickup: hold.payAtPickup }
  const refusal = paymentRefusal(terms, totalCents, payment, 'This drop')
  if (refusal) {
    throw new CodeRefused(
      paymentsFor(terms, totalCents).length > 0
        ? refusal
        : `With the code the total is ${formatMoney(totalCents)}, less than a card payment can be: please order without it.`,
    )
  }
}

/** A code or a gift card refused undid the order and the hold's claim: she is told why. */
export function refusalOfUndone(error: unknown) {
  if (error instanceof CodeRefused || error instanceof GiftCardRefused) {
    return {
      ok: false as const,
      status: 409 as const,
      problem: error.message,
      giftCardRefused: error instanceof GiftCardRefused,
    }
  }
  throw error
}

/** A code that could not be used: thrown to undo the hold's claim in the same transaction. */
class CodeRefused extends Error {}

/** The request a hold becomes: her details, the drop's day and window, what she chose. */
function requestOf(hold: ClaimedHold) {
  return {
    name: hold.name,
    email: hold.email,
    phone_number: hold.phone,
    product_type: hold.dropName,
    event_theme: hold.summary,
    due_date: hold.pickupDate,
    hear_about_us: '',
    comments: null,
    effort: hold.lines.reduce((sum, line) => sum + line.effort, 0),
    servings: null,
    allergies: null,
    fulfilment: 'pickup' as const,
    pickup_window: hold.pickupWindow,
  }
}
