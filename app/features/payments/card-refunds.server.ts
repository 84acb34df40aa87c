import type { Transaction } from 'kysely'
import { sql } from 'kysely'
import Stripe from 'stripe'
import { type Env, getEnv } from '#app/config/env.server.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, StripeEventOutcome } from '#app/db/schema.ts'
import { recordRefundIn, refusedPriceLowering } from '#app/features/order-book/money-back.server.ts'
import { paymentTotals } from '#app/features/order-book/money.server.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import { type BookChange } from '#app/features/order-book/request-moves.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { stripeClient, stripeIdempotencyKey } from './card-payments.server.ts'
import {
  type ChargeRead,
  type Fields,
  type RefundRead,
  readCharge,
  readRefund,
} from './stripe-objects.ts'

const ownTables = tablesFor('payments')

/**
 * Card refunds through the owner's Stripe account (decision 050): the owner
 * refunds a card payment, whole or part, from the order page, and a refund
 * made on Stripe's dashboard reaches the book through the webhook. Either
 * way the refund is recorded once, by Stripe's refund id, with
 * recordRefundIn, and the customer's "refunded" email is queued once, named
 * by that id.
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
}

/** A request's card payments (those paid through Checkout), oldest first. */
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
        fn.coalesce(fn.sum<number | string>('refund.amount_cents'), sql.lit(0)).as('refunded'),
      ])
      .where('payment.request_id', '=', requestId)
      .where('payment.checkout_session_id', 'is not', null)
      .groupBy([
        'payment.id',
        'payment.amount_cents',
        'payment.received_on',
        'payment.payment_intent_id',
      ])
      .orderBy('payment.id')
      .limit(50)
      .execute(),
    paymentTotals(db, [requestId]),
  ])
  const netPaid = totals.get(requestId)?.paidCents ?? 0
  return payments.map((payment) => {
    const amountCents = Number(payment.amount_cents)
    const refundedCents = Number(payment.refunded)
    return {
      paymentId: Number(payment.id),
      amountCents,
      receivedOn: payment.received_on,
      refundedCents,
      leftCents: Math.max(0, Math.min(amountCents - refundedCents, netPaid)),
      refundable: payment.payment_intent_id !== null,
    }
  })
}

/** How long the owner's refund waits for Stripe: the request's row is held meanwhile. */
const REFUND_TIMEOUT_MS = 8_000

export const STRIPE_UNREACHABLE =
  'Stripe did not answer, so nothing was recorded here. If the refund did go through, it shows on this page within a few minutes, when Stripe tells the site: look before trying again.'

export type CardRefundChange =
  { ok: true; stripeRefundId: string; dedupeKey: string } | Exclude<BookChange, { ok: true }>

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
  if (!cardPaymentsOn(env)) {
    return {
      ok: false,
      status: 409,
      error: 'Card payments are off here: refund it in Stripe’s dashboard and record it.',
    }
  }
  // A party's payments are its lead's (decision 049), whichever member's page refunds one.
  const requestId = (await partyOf(trx, asked)).leadId
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
  // A price that may not come down is refused before any money leaves.
  const refusedLowering = lowersPrice
    ? await refusedPriceLowering(trx, { requestId, amountCents })
    : null
  if (refusedLowering) return { ...refusedLowering, field: 'card_refund_lowers_price' }

  const params: Stripe.RefundCreateParams = {
    payment_intent: payment.payment_intent_id,
    amount: amountCents,
    metadata: {
      request_id: String(requestId),
      payment_reference: payment.payment_reference ?? '',
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

/** The events that tell of a refund; `charge.refunded` lists them only on older API versions. */
export const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'charge.refunded'])

/** What a refund event came to, as the webhook stores it on the event's row. */
export interface RefundLooked {
  outcome: StripeEventOutcome
  note: string
  requestId: number | null
  reference: string | null
  sessionId: null
  amountCents: number | null
  currency: string | null
}

/** A charge.refunded's list is at most Stripe's page of refunds; more is not a charge's. */
const MAX_REFUNDS_PER_EVENT = 20

/**
 * A verified refund event (refund.created, refund.updated, charge.refunded),
 * in the webhook's transaction. A refund the site made is found by its id
 * and changes nothing; one made on Stripe's dashboard is recorded on the
 * payment its payment intent names, once, and the customer emailed once. A
 * refund for a payment the site does not have, one the book cannot take,
 * or one Stripe says failed after it was recorded is kept as `needs_look`.
 */
export async function settleRefundEvent(
  trx: Transaction<Database>,
  type: string,
  object: Fields,
  { now, siteUrl }: { now: number; siteUrl: string },
): Promise<RefundLooked> {
  if (type === 'charge.refunded') {
    const charge = readCharge(object)
    if (charge.refunds.length === 0) return chargeWithoutList(trx, charge)
    let last: RefundLooked | undefined
    for (const refund of charge.refunds.slice(0, MAX_REFUNDS_PER_EVENT)) {
      const looked = await settleRefund(trx, readRefund(refund), { now, siteUrl })
      // The one that needs a look is what the event's row shows.
      if (!last || looked.outcome === 'needs_look' || last.outcome !== 'needs_look') last = looked
    }
    return last!
  }
  return settleRefund(trx, readRefund(object), { now, siteUrl })
}

async function paymentOfIntent(trx: Transaction<Database>, intent: string | null) {
  if (!intent) return undefined
  return ownTables(trx)
    .selectFrom('payment')
    .innerJoin('order_request', 'order_request.id', 'payment.request_id')
    .select(['payment.id', 'payment.request_id', 'order_request.payment_reference'])
    .where('payment.payment_intent_id', '=', intent)
    .executeTakeFirst()
}

async function settleRefund(
  trx: Transaction<Database>,
  refund: RefundRead,
  { now, siteUrl }: { now: number; siteUrl: string },
): Promise<RefundLooked> {
  const { amountCents } = refund
  const base = {
    requestId: null,
    reference: refund.reference,
    sessionId: null,
    amountCents,
    currency: refund.currency,
  }
  const what =
    amountCents === null ? 'A card refund' : `A card refund of ${formatMoney(amountCents)}`
  const look = (note: string, more: Partial<RefundLooked> = {}): RefundLooked => ({
    ...base,
    outcome: 'needs_look',
    note,
    ...more,
  })
  if (refund.id === null || amountCents === null || amountCents <= 0) {
    return look('Stripe told of a refund without its id or amount: check it in Stripe’s dashboard.')
  }
  const payment = await paymentOfIntent(trx, refund.paymentIntent)
  if (!payment) {
    return look(
      `${what} was made in Stripe for a payment this site does not have (it may have been erased, or paid another way). Nothing was changed here.`,
    )
  }
  const found = {
    requestId: Number(payment.request_id),
    reference: payment.payment_reference ?? base.reference,
  }
  const known = await ownTables(trx)
    .selectFrom('refund')
    .select('id')
    .where('stripe_refund_id', '=', refund.id)
    .executeTakeFirst()
  if (refund.status === 'failed' || refund.status === 'canceled') {
    if (!known) {
      return {
        ...base,
        ...found,
        outcome: 'ignored',
        note: `${what} was not made (${refund.status}).`,
      }
    }
    return look(
      `${what} for ${found.reference ?? 'a request'} ${refund.status === 'failed' ? 'failed' : 'was canceled'} at Stripe after it was recorded: the money stayed in your Stripe balance, but the book shows it refunded. Refund it again, or record a payment of ${formatMoney(amountCents)} (method “correction”) to even it.`,
      found,
    )
  }
  const recorded = await recordRefundIn(trx, {
    requestId: found.requestId,
    paymentId: Number(payment.id),
    amountCents,
    refundedOn: bakeryToday(new Date(refund.created === null ? now : refund.created * 1000)),
    method: 'card',
    reason: '',
    stripeRefundId: refund.id,
    now,
    actor: 'site',
  })
  if (!recorded.ok) {
    return look(
      `${what} was made in Stripe for ${found.reference ?? 'a request'}, but the book could not take it: ${recorded.error} Check it in Stripe’s dashboard.`,
      found,
    )
  }
  if (recorded.duplicate) {
    return { ...base, ...found, outcome: 'ignored', note: `${what} was already recorded.` }
  }
  await queueRequestUpdate(trx, 'refunded', {
    requestId: found.requestId,
    siteUrl,
    now,
    dedupeKey: `card-refund:${refund.id}`,
  })
  return {
    ...base,
    ...found,
    outcome: 'refunded',
    note: `${what} made in Stripe was recorded.`,
  }
}

/**
 * A charge.refunded without its list of refunds (the API versions since
 * 2022-11-15 leave it out): the refund itself comes as refund.created. If
 * Stripe counts more refunded on the charge than the book does, the owner
 * is told, in case that event is not enabled.
 */
async function chargeWithoutList(
  trx: Transaction<Database>,
  charge: ChargeRead,
): Promise<RefundLooked> {
  const refundedCents = charge.amountRefundedCents
  const base = {
    requestId: null,
    reference: charge.reference,
    sessionId: null,
    amountCents: refundedCents,
    currency: charge.currency,
  } as const
  const payment = await paymentOfIntent(trx, charge.paymentIntent)
  if (!payment) {
    return { ...base, outcome: 'ignored', note: 'A refunded charge for a payment not on the book.' }
  }
  const { given } = await ownTables(trx)
    .selectFrom('refund')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('amount_cents'), sql.lit(0)).as('given'),
    )
    .where('payment_id', '=', payment.id)
    .executeTakeFirstOrThrow()
  const found = {
    requestId: Number(payment.request_id),
    reference: payment.payment_reference ?? base.reference,
  }
  const missing = refundedCents - Number(given)
  if (missing <= 0) {
    return { ...base, ...found, outcome: 'ignored', note: 'Its refunds are on the book.' }
  }
  return {
    ...base,
    ...found,
    outcome: 'needs_look',
    note: `Stripe has refunded ${formatMoney(refundedCents)} of a card payment for ${found.reference ?? 'a request'}, ${formatMoney(missing)} more than the book shows. It is recorded when Stripe sends the refund itself (the “refund.created” event); if that event is not enabled, record it as a refund by card.`,
  }
}
