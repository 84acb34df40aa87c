/**
 * A drop's hold becomes an order of the order book (decision 100): paid by
 * card through Stripe Checkout, or booked to pay at pickup when the drop
 * allows it. From then on it is an order like any other: Today, the
 * calendar, the bake list, the CSV, her page, her emails and the owner's
 * alerts all read it from the book.
 */
import { getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { answerHoldIntent, MAX_HOLD_BYTES } from '#app/features/drops/drop-api.server.ts'
import type { HoldAnswer } from '#app/features/drops/drop-api.server.ts'
import type { ClaimedHold } from '#app/features/drops/hold-orders.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { newCustomerToken } from '#app/features/order-book/request-intake.server.ts'
import {
  SHORTEST_CHECKOUT_MS,
  cardTerms,
  openCardCheckout,
} from '#app/features/payments/card-payments.server.ts'
import { giftCardAtBooking } from '#app/features/payments/gift-card-at-order.server.ts'
import { paymentsFor } from '#app/features/set-price-orders/payment-choices.ts'
import type { SetPricePayment } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type HoldOrderMaking,
  type OrderEnv,
  makeHoldOrder,
  refusalOfUndone,
} from './hold-order-booking.server.ts'

/** The ways a hold of `totalCents` may be paid for, in the order her page offers them. */
export function paymentChoices(
  hold: { payAtPickup: boolean; totalCents: number },
  env: OrderEnv = getEnv(),
): SetPricePayment[] {
  return paymentsFor({ ...cardTerms(env), payAtPickup: hold.payAtPickup }, hold.totalCents)
}

export type OrderHoldResult =
  | { ok: true; location: string }
  | {
      ok: false
      status: 400 | 404 | 409 | 502 | 503
      message: string
      /** The gift card could not pay as she asked: said at its field. */
      giftCardRefused?: true
    }

/** How she asked for her hold to be ordered, as her page sent it. */
interface HoldOrderAsk {
  token: string
  payment: SetPricePayment
  /** A discount code she applied on the hold's page: used as the order is made, or it is refused. */
  code?: string
  /** A gift card's code: it pays what it holds as the order is made, the rest paid as she chose. */
  giftCard?: string
  now?: number
  env?: OrderEnv
  /** The total her page showed; the order is refused if the drop's prices changed since. */
  shownCents?: number
  /** What her page said she pays (a code and taxes with it); refused if that changed since. */
  payCents?: number
}

/**
 * Turns the live hold `token` into an order, paid the way she chose. The
 * hold is claimed and the order stored in one transaction, so a double tap
 * (on two instances) makes one order, and a hold that has just ended none.
 * By card, the order waits for its payment (its stock kept until the
 * Checkout session ends, and PAYMENT_WORD_MS more), and she is sent on to
 * Stripe's page; at pickup, it is confirmed at once and she is sent to her
 * order's page.
 */
export async function orderHold(
  db: Db,
  {
    token,
    payment,
    now = Date.now(),
    env = getEnv(),
    shownCents,
    payCents,
    code,
    giftCard,
  }: HoldOrderAsk,
): Promise<OrderHoldResult> {
  const byCard = payment === 'card'
  const customerToken = newCustomerToken()
  const checkoutEnds = now + SHORTEST_CHECKOUT_MS
  // A gift card pays as the order is made, before her booked email is written.
  const gift = giftCard ? giftCardAtBooking(giftCard, { byCard, now, siteUrl: env.SITE_URL }) : null
  const making: HoldOrderMaking = {
    token,
    payment,
    code,
    now,
    env,
    shownCents,
    payCents,
    customerToken,
    checkoutEnds,
    gift,
  }
  const stored = await db
    .transaction()
    .execute((trx) => makeHoldOrder(trx, making))
    .catch(refusalOfUndone)
  if (!stored.ok) {
    return {
      ok: false,
      status: stored.status,
      message: stored.problem,
      ...('giftCardRefused' in stored && stored.giftCardRefused
        ? { giftCardRefused: true as const }
        : {}),
    }
  }
  const orderPage = `/requests/${customerToken}`
  // Her "booked" email and the owner's, or the gift card's, are in the outbox: off they go.
  if (!byCard || stored.giftPaidCents > 0) kickDeliveryWorker()
  if (stored.cardCents === 0) return { ok: true, location: orderPage }
  const opened = await openHoldCheckout(db, { stored, customerToken, checkoutEnds, env, now })
  if ('redirect' in opened) return { ok: true, location: opened.redirect }
  // The order stands and waits for its payment: her page offers the card again.
  return { ok: false, status: opened.status, message: opened.error }
}

/** A Checkout session for what is left to pay by card once a gift card has paid its part. */
function openHoldCheckout(
  db: Db,
  {
    stored,
    customerToken,
    checkoutEnds,
    env,
    now,
  }: {
    stored: {
      requestId: number
      reference: string
      hold: ClaimedHold
      cardCents: number
      giftPaidCents: number
    }
    customerToken: string
    checkoutEnds: number
    env: OrderEnv
    now: number
  },
) {
  return openCardCheckout(db, {
    request: {
      id: stored.requestId,
      email: stored.hold.email,
      due_date: stored.hold.pickupDate,
      payment_reference: stored.reference,
    },
    token: customerToken,
    due: { kind: 'deposit', amountCents: stored.cardCents },
    paidCents: stored.giftPaidCents,
    endsAt: checkoutEnds,
    inFull: true,
    giftCardCents: stored.giftPaidCents,
    label: `${stored.hold.summary}: ${stored.hold.dropName}, pickup ${formatCalendarDate(stored.hold.pickupDate)}`,
    env,
    now,
  })
}

/**
 * POST /drops/<slug>/hold/<token>. Read once, bounded and rate-limited as
 * every public form: `intent=order` (with `payment=card|pickup` and the
 * policies ticked) makes the order; `extend` and `release` are the hold's own.
 */
export async function receiveHoldPost({
  db,
  token,
  request,
  clientIp,
  now = new Date(),
  env = getEnv(),
}: {
  db: Db
  token: string
  request: Request
  clientIp: string
  now?: Date
  env?: OrderEnv
}): Promise<Reply<HoldAnswer | { ok: false; error: string }> | { location: string }> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'drop-hold',
    now: now.getTime(),
    maxBytes: MAX_HOLD_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) return post.refused
  const form = new URLSearchParams(post.text)
  if (form.get('intent') !== 'order') return answerHoldIntent({ db, token, form, now })
  const payment = form.get('payment')
  if (payment !== 'card' && payment !== 'pickup') {
    return reply(400, { ok: false, order: true, message: 'Choose how you will pay.' })
  }
  if (form.get('accept_policies') !== 'on') {
    return reply(400, {
      ok: false,
      order: true,
      message: 'Please tick that you have read the order policies.',
    })
  }
  const shown = form.get('total_cents') ?? ''
  const pay = form.get('pay_cents') ?? ''
  const code = (form.get('code') ?? '').trim().slice(0, 40)
  const giftCard = (form.get('gift_card') ?? '').trim().slice(0, 64)
  const ordered = await orderHold(db, {
    token,
    payment,
    now: now.getTime(),
    env,
    ...(code ? { code } : {}),
    ...(giftCard ? { giftCard } : {}),
    ...(/^\d{1,9}$/.test(shown) ? { shownCents: Number(shown) } : {}),
    ...(/^\d{1,9}$/.test(pay) ? { payCents: Number(pay) } : {}),
  })
  return ordered.ok
    ? { location: ordered.location }
    : reply(ordered.status, {
        ok: false,
        order: true,
        message: ordered.message,
        // Her code, to fill its field again: the answer goes to her alone (no-store).
        ...(ordered.giftCardRefused ? { giftCard: giftCard.slice(0, 40) } : {}),
      })
}
