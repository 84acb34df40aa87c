import type { Transaction } from 'kysely'
import { sql } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, StripeEventOutcome } from '#app/db/schema.ts'
import {
  settleGiftCardRefund,
  undoGiftCardRefund,
} from '#app/features/gift-cards/gift-card-sales.server.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import {
  type ChargeRead,
  type Fields,
  type RefundRead,
  readCharge,
  readRefund,
} from './stripe-objects.ts'

const ownTables = tablesFor('payments')

/**
 * Refunds as Stripe's webhook tells of them (decision 050): a refund made
 * here comes back and changes nothing; one made on Stripe's dashboard is
 * recorded once, by its Stripe id, with recordRefundIn, and the customer's
 * "refunded" email is queued once, named by that id.
 */

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
  // A refund of a gift card's own purchase takes it off the card, or, failed, gives it back (decision 114).
  const sale = payment
    ? { sold: false as const }
    : refund.status === 'failed' || refund.status === 'canceled'
      ? await undoGiftCardRefund(trx, { ...refund, id: refund.id, status: refund.status })
      : await settleGiftCardRefund(trx, { ...refund, id: refund.id, amountCents }, { now })
  if (sale.sold) return { ...base, outcome: sale.outcome, note: sale.note }
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
    return {
      ...base,
      ...found,
      ...unmadeRefund(refund.status, {
        known: Boolean(known),
        what,
        amountCents,
        reference: found.reference,
      }),
    }
  }
  return recordStripeRefund(trx, {
    refund: { ...refund, id: refund.id, amountCents },
    paymentId: Number(payment.id),
    base: { ...base, ...found },
    what,
    now,
    siteUrl,
  })
}

/**
 * A refund made on Stripe's dashboard, on a payment the site has: recorded
 * once by its Stripe id, and the customer's "refunded" email queued once.
 */
async function recordStripeRefund(
  trx: Transaction<Database>,
  {
    refund,
    paymentId,
    base,
    what,
    now,
    siteUrl,
  }: {
    refund: RefundRead & { id: string; amountCents: number }
    paymentId: number
    base: Omit<RefundLooked, 'outcome' | 'note'> & { requestId: number }
    what: string
    now: number
    siteUrl: string
  },
): Promise<RefundLooked> {
  const recorded = await recordRefundIn(trx, {
    requestId: base.requestId,
    paymentId,
    amountCents: refund.amountCents,
    refundedOn: bakeryToday(new Date(refund.created === null ? now : refund.created * 1000)),
    method: 'card',
    reason: '',
    stripeRefundId: refund.id,
    now,
    actor: 'site',
  })
  if (!recorded.ok) {
    return {
      ...base,
      outcome: 'needs_look',
      note: `${what} was made in Stripe for ${base.reference ?? 'a request'}, but the book could not take it: ${recorded.error} Check it in Stripe’s dashboard.`,
    }
  }
  if (recorded.duplicate) {
    return { ...base, outcome: 'ignored', note: `${what} was already recorded.` }
  }
  await queueRequestUpdate(trx, 'refunded', {
    requestId: base.requestId,
    siteUrl,
    now,
    dedupeKey: `card-refund:${refund.id}`,
  })
  return { ...base, outcome: 'refunded', note: `${what} made in Stripe was recorded.` }
}

/**
 * A refund Stripe says failed or was canceled: nothing to do when the book
 * never had it; when it did, the owner is told how to even it.
 */
function unmadeRefund(
  status: 'failed' | 'canceled',
  {
    known,
    what,
    amountCents,
    reference,
  }: { known: boolean; what: string; amountCents: number; reference: string | null },
): Pick<RefundLooked, 'outcome' | 'note'> {
  if (!known) return { outcome: 'ignored', note: `${what} was not made (${status}).` }
  return {
    outcome: 'needs_look',
    note: `${what} for ${reference ?? 'a request'} ${status === 'failed' ? 'failed' : 'was canceled'} at Stripe after it was recorded: the money stayed in your Stripe balance, but the book shows it refunded. Refund it again, or record a payment of ${formatMoney(amountCents)} (method “correction”) to even it.`,
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
