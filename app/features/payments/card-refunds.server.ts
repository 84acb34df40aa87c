import type { Transaction } from 'kysely'
import { sql } from 'kysely'
import Stripe from 'stripe'
import { type Env, getEnv } from '#app/config/env.server.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import {
  giftCardPayments,
  returnToGiftCard,
} from '#app/features/gift-cards/gift-card-ledger.server.ts'
import { recordRefundIn, refusedPriceLowering } from '#app/features/order-book/money-back.server.ts'
import { paymentTotals } from '#app/features/order-book/money.server.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import { type BookChange } from '#app/features/order-book/request-moves.server.ts'
import { giftCardMethod } from '#app/features/order-status/payment-methods.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { stripeClient, stripeIdempotencyKey } from './card-payments.server.ts'

const ownTables = tablesFor('payments')

/**
 * Card refunds through the owner's Stripe account (decision 050): the owner
 * refunds a card payment, whole or part, from the order page, and a refund
 * made on Stripe's dashboard reaches the book through the webhook
 * (refund-events.server.ts). Either way the refund is recorded once, by
 * Stripe's refund id, with recordRefundIn, and the customer's "refunded"
 * email is queued once, named by that id.
 */

type StripeSettings = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>

/** A card payment on the order page, with what is left of it to refund. */
export interface CardPaymentLine {
  paymentId: number
  amountCents: number
  /** YYYY-MM-DD */
  receivedOn: string
  refundedCents: number
  /** What may still be refunded of it: its amount less its refunds, at most what is paid net. */
  leftCents: number
  /** False for a card payment recorded before its payment intent was kept: refund it in Stripe. */
  refundable: boolean
  /** Made with a gift card ('····PQRS'): its refund goes back onto that card (decision 114). */
  giftCard: string | null
}

/**
 * A request's card payments (those paid through Checkout) and those made
 * with a gift card, oldest first: what a refund can give back where it came
 * from.
 */
export async function cardPaymentsOf(db: Db, requestId: number): Promise<CardPaymentLine[]> {
  const [payments, totals] = await Promise.all([
    ownTables(db)
      .selectFrom('payment')
      .leftJoin('refund', 'refund.payment_id', 'payment.id')
      .select(({ fn }) => [
        'payment.id',
        'payment.amount_cents',
        'payment.received_on',
        'payment.payment_intent_id',
        'payment.checkout_session_id',
        fn.coalesce(fn.sum<number | string>('refund.amount_cents'), sql.lit(0)).as('refunded'),
      ])
      .where('payment.request_id', '=', requestId)
      .groupBy([
        'payment.id',
        'payment.amount_cents',
        'payment.received_on',
        'payment.payment_intent_id',
        'payment.checkout_session_id',
      ])
      .orderBy('payment.id')
      .limit(100)
      .execute(),
    paymentTotals(db, [requestId]),
  ])
  const netPaid = totals.get(requestId)?.paidCents ?? 0
  const giftCards = await giftCardPayments(
    db,
    payments.map((payment) => Number(payment.id)),
  )
  const online = payments.filter(
    (payment) => payment.checkout_session_id !== null || giftCards.has(Number(payment.id)),
  )
  return online.map((payment) => {
    const amountCents = Number(payment.amount_cents)
    const refundedCents = Number(payment.refunded)
    return {
      paymentId: Number(payment.id),
      amountCents,
      receivedOn: payment.received_on,
      refundedCents,
      leftCents: Math.max(0, Math.min(amountCents - refundedCents, netPaid)),
      refundable: payment.payment_intent_id !== null || giftCards.has(Number(payment.id)),
      giftCard: giftCards.get(Number(payment.id))?.ending ?? null,
    }
  })
}

/** How long the owner's refund waits for Stripe: the request's row is held meanwhile. */
const REFUND_TIMEOUT_MS = 8_000

export const STRIPE_UNREACHABLE =
  'Stripe did not answer, so nothing was recorded here. If the refund did go through, it shows on this page within a few minutes, when Stripe tells the site: look before trying again.'

type Refused = Exclude<BookChange, { ok: true }>

export type CardRefundChange =
  | {
      ok: true
      stripeRefundId: string | null
      dedupeKey: string
      /** Put back on this gift card ('····PQRS') rather than refunded through Stripe. */
      giftCard?: string
    }
  | Refused

/**
 * The owner refunds `amountCents` of one card payment through Stripe, in
 * the caller's transaction, which has already claimed the request's version
 * (that update holds the request's row: a double click or a second instance
 * waits, then finds the page out of date). In order: what is left of the
 * payment is weighed; Stripe is asked, with an idempotency key naming the
 * payment, what was refunded of it before and the amount (with a digest of
 * the refund's parameters: stripeIdempotencyKey), so a retry after a
 * timeout gets the same refund back; the refund is recorded by its Stripe
 * id. Stripe refusing, or not answering, writes nothing (the caller rolls
 * back); a refund Stripe made but we did not hear of arrives by the webhook.
 */
export async function refundOnCardIn(
  trx: Transaction<Database>,
  {
    requestId: asked,
    paymentId,
    amountCents,
    reason,
    lowersPrice = false,
    now,
    env = getEnv(),
  }: {
    requestId: number
    paymentId: number
    amountCents: number
    reason: string
    /** The refund lowers the price by as much (decision 060); weighed before Stripe is asked. */
    lowersPrice?: boolean
    now: number
    env?: StripeSettings
  },
): Promise<CardRefundChange> {
  const giftCard = (await giftCardPayments(trx, [paymentId])).get(paymentId)
  if (giftCard) {
    return refundToGiftCardIn(trx, {
      requestId: asked,
      paymentId,
      amountCents,
      reason,
      lowersPrice,
      ending: giftCard.ending,
      now,
    })
  }
  if (!cardPaymentsOn(env)) {
    return {
      ok: false,
      status: 409,
      error: 'Card payments are off here: refund it in Stripe’s dashboard and record it.',
    }
  }
  // A party's payments are its lead's (decision 049), whichever member's page refunds one.
  const requestId = (await partyOf(trx, asked)).leadId
  const weighed = await weighCardRefund(trx, { requestId, paymentId, amountCents })
  if (!weighed.ok) return weighed
  // A price that may not come down is refused before any money leaves.
  const refusedLowering = lowersPrice
    ? await refusedPriceLowering(trx, { requestId, amountCents })
    : null
  if (refusedLowering) return { ...refusedLowering, field: 'card_refund_lowers_price' }

  const made = await askStripeToRefund(env, { ...weighed, requestId, paymentId, amountCents })
  if (!made.ok) return made
  const { refund } = made
  const recorded = await recordRefundIn(trx, {
    requestId,
    paymentId,
    amountCents: refund.amount,
    refundedOn: bakeryToday(new Date(now)),
    method: 'card',
    reason,
    stripeRefundId: refund.id,
    lowersPrice,
    now,
    actor: 'owner',
  })
  if (!recorded.ok) return recorded
  return { ok: true, stripeRefundId: refund.id, dedupeKey: `card-refund:${refund.id}` }
}

/**
 * A refund of a payment made with a gift card goes back onto that card
 * (decision 114), with no call to Stripe: recorded on the order (which
 * weighs it against what is left of the payment and what is paid net) and
 * on the card's ledger, in the caller's transaction.
 */
async function refundToGiftCardIn(
  trx: Transaction<Database>,
  {
    requestId: asked,
    paymentId,
    amountCents,
    reason,
    lowersPrice,
    ending,
    now,
  }: {
    requestId: number
    paymentId: number
    amountCents: number
    reason: string
    lowersPrice: boolean
    ending: string
    now: number
  },
): Promise<CardRefundChange> {
  const requestId = (await partyOf(trx, asked)).leadId
  const recorded = await recordRefundIn(trx, {
    requestId,
    paymentId,
    amountCents,
    refundedOn: bakeryToday(new Date(now)),
    method: giftCardMethod(ending),
    reason,
    lowersPrice,
    now,
    actor: 'owner',
  })
  if (!recorded.ok) {
    return recorded.field === 'refund_lowers_price'
      ? { ...recorded, field: 'card_refund_lowers_price' }
      : recorded.field === 'refund_amount'
        ? { ...recorded, field: 'card_refund_amount' }
        : recorded
  }
  const refundId = recorded.refundId!
  await returnToGiftCard(trx, { paymentId, refundId, cents: amountCents, now })
  return {
    ok: true,
    stripeRefundId: null,
    dedupeKey: `gift-card-refund:${refundId}`,
    giftCard: ending,
  }
}

/**
 * The card payment on the request, weighed: what Stripe needs to refund it,
 * and what was refunded of it before; refused when it is not the request's,
 * was kept without its payment intent, or has less left than is asked.
 */
async function weighCardRefund(
  trx: Transaction<Database>,
  {
    requestId,
    paymentId,
    amountCents,
  }: { requestId: number; paymentId: number; amountCents: number },
): Promise<
  { ok: true; paymentIntent: string; reference: string | null; refundedBefore: number } | Refused
> {
  const payment = await ownTables(trx)
    .selectFrom('payment')
    .innerJoin('order_request', 'order_request.id', 'payment.request_id')
    .select([
      'payment.amount_cents',
      'payment.payment_intent_id',
      'payment.checkout_session_id',
      'order_request.payment_reference',
    ])
    .where('payment.id', '=', paymentId)
    .where('payment.request_id', '=', requestId)
    .executeTakeFirst()
  if (!payment?.checkout_session_id) {
    return { ok: false, status: 404, error: 'That card payment is not on this request.' }
  }
  if (!payment.payment_intent_id) {
    return {
      ok: false,
      status: 409,
      error:
        'This card payment came before the site kept what a refund needs: refund it in Stripe’s dashboard, and it shows here once Stripe tells the site.',
    }
  }
  const { given } = await ownTables(trx)
    .selectFrom('refund')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('amount_cents'), sql.lit(0)).as('given'),
    )
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow()
  const refundedBefore = Number(given)
  const left = Number(payment.amount_cents) - refundedBefore
  const netPaid = (await paymentTotals(trx, [requestId])).get(requestId)?.paidCents ?? 0
  if (amountCents > Math.min(left, netPaid)) {
    return {
      ok: false,
      status: 409,
      error:
        left <= netPaid
          ? `Only ${formatMoney(Math.max(0, left))} of that card payment is left to refund.`
          : `Only ${formatMoney(netPaid)} has been paid (after refunds), so no more than that can be refunded.`,
      field: 'card_refund_amount',
    }
  }
  return {
    ok: true,
    paymentIntent: payment.payment_intent_id,
    reference: payment.payment_reference,
    refundedBefore,
  }
}

/** Stripe makes the refund, or refuses it, or does not answer: each told in a sentence. */
async function askStripeToRefund(
  env: StripeSettings,
  {
    requestId,
    paymentId,
    amountCents,
    paymentIntent,
    reference,
    refundedBefore,
  }: {
    requestId: number
    paymentId: number
    amountCents: number
    paymentIntent: string
    reference: string | null
    refundedBefore: number
  },
): Promise<{ ok: true; refund: Stripe.Refund } | Refused> {
  const params: Stripe.RefundCreateParams = {
    payment_intent: paymentIntent,
    amount: amountCents,
    metadata: {
      request_id: String(requestId),
      payment_reference: reference ?? '',
    },
  }
  let refund: Stripe.Refund
  try {
    refund = await stripeClient(env).refunds.create(params, {
      idempotencyKey: stripeIdempotencyKey(
        `card-refund-${paymentId}-${refundedBefore}-${amountCents}`,
        params,
      ),
      timeout: REFUND_TIMEOUT_MS,
    })
  } catch (error) {
    // Handled (the owner is told, nothing is stored); kept in the log.
    console.warn(
      `card refund for request ${requestId}: ${error instanceof Error ? error.message : String(error)}`,
    )
    const unreachable =
      error instanceof Stripe.errors.StripeConnectionError ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) >= 500)
    if (unreachable) return { ok: false, status: 503, error: STRIPE_UNREACHABLE }
    const why = error instanceof Stripe.errors.StripeError ? ` It said: “${error.message}”` : ''
    return {
      ok: false,
      status: 502,
      error: `Stripe refused the refund, so nothing was refunded.${why}`,
    }
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return {
      ok: false,
      status: 502,
      error: `Stripe could not make the refund (it is ${refund.status}), so nothing was refunded.`,
    }
  }
  return { ok: true, refund }
}

/** The gift card a payment was made with ('····PQRS'), or null for any other payment. */
export async function giftCardOfPayment(db: Executor, paymentId: number): Promise<string | null> {
  return (await giftCardPayments(db, [paymentId])).get(paymentId)?.ending ?? null
}
