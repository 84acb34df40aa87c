/**
 * What a signed Stripe event says, read field by field. The signature proves
 * who sent the bytes, not their shape: an event the site cannot use (a list,
 * no data, a null object, an amount with a fraction) must become a note for
 * the owner or a clear refusal, never a 500 that Stripe retries for days. So
 * each field the book stores or compares is taken only in the shape and size
 * its column holds, and anything else is read as missing (null), which the
 * webhook already answers with "needs a look".
 */

export type Fields = Record<string, unknown>

/** A JSON object (not a list, not null), or null. */
export function fieldsOf(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : null
}

/** Stripe's ids, currencies and statuses are short plain text; a NUL byte would not even store. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const PLAIN_TEXT = /^[^\u0000-\u001f\u007f]{1,255}$/

/** A short plain text Stripe sent (an id, a currency, a status), or null. */
export function textOf(value: unknown): string | null {
  return typeof value === 'string' && PLAIN_TEXT.test(value) ? value : null
}

/** The largest amount the book's integer columns hold (PostgreSQL's `integer`). */
const MAX_CENTS = 2_147_483_647

/** A whole number of cents, zero or more, that the book can store; else null. */
export function centsOf(value: unknown): number | null {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_CENTS
    ? (value as number)
    : null
}

/** An object Stripe names by its id, sent as the id or expanded (`{ id }`). */
export function idOf(value: unknown): string | null {
  return textOf(value) ?? textOf(fieldsOf(value)?.id)
}

/** The payment reference the site put in an object's metadata. */
function referenceOf(object: Fields): string | null {
  return textOf(fieldsOf(object.metadata)?.payment_reference)
}

/** Epoch seconds from 1970 to 9999, the years a Date can write as a day. */
function secondsOf(value: unknown): number | null {
  return Number.isSafeInteger(value) &&
    (value as number) >= 0 &&
    (value as number) < 253_402_300_800
    ? (value as number)
    : null
}

/** A signed body the site can record: by its id, with its type and object as far as they read. */
export interface StripeEventRead {
  id: string
  /** '' when it names no type the site can read. */
  type: string
  /** `data.object`; null when it has none. */
  object: Fields | null
}

/**
 * The event in a verified body, or why it cannot be recorded at all: a body
 * that is not JSON, or has no id to keep it (and know its retries) by.
 */
export function readStripeEvent(
  body: Uint8Array,
): { ok: true; event: StripeEventRead } | { ok: false; error: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
  } catch {
    return { ok: false, error: 'This event is not JSON, so it was not recorded.' }
  }
  const event = fieldsOf(parsed)
  const id = textOf(event?.id)
  if (!event || !id) {
    return { ok: false, error: 'This event has no id, so it was not recorded.' }
  }
  return {
    ok: true,
    event: { id, type: textOf(event.type) ?? '', object: fieldsOf(fieldsOf(event.data)?.object) },
  }
}

/** What the book reads of a Checkout session. */
export interface CheckoutSessionRead {
  id: string | null
  amountCents: number | null
  currency: string | null
  paymentStatus: string | null
  reference: string | null
  /** The payment intent (pi_…) it made, which a card refund names. */
  paymentIntent: string | null
}

export function readCheckoutSession(session: Fields): CheckoutSessionRead {
  return {
    id: textOf(session.id),
    amountCents: centsOf(session.amount_total),
    currency: textOf(session.currency),
    paymentStatus: textOf(session.payment_status),
    reference: referenceOf(session),
    paymentIntent: idOf(session.payment_intent),
  }
}

/** What the book reads of a Refund. */
export interface RefundRead {
  id: string | null
  amountCents: number | null
  currency: string | null
  status: string | null
  reference: string | null
  paymentIntent: string | null
  /** When Stripe made it, epoch seconds. */
  created: number | null
}

export function readRefund(value: unknown): RefundRead {
  const refund = fieldsOf(value) ?? {}
  return {
    id: textOf(refund.id),
    amountCents: centsOf(refund.amount),
    currency: textOf(refund.currency),
    status: textOf(refund.status),
    reference: referenceOf(refund),
    paymentIntent: idOf(refund.payment_intent),
    created: secondsOf(refund.created),
  }
}

/** What the book reads of a refunded Charge. */
export interface ChargeRead {
  amountRefundedCents: number
  currency: string | null
  reference: string | null
  paymentIntent: string | null
  /** Its refunds, as older API versions list them; empty when it lists none. */
  refunds: unknown[]
}

export function readCharge(charge: Fields): ChargeRead {
  const listed = fieldsOf(charge.refunds)?.data
  return {
    amountRefundedCents: centsOf(charge.amount_refunded) ?? 0,
    currency: textOf(charge.currency),
    reference: referenceOf(charge),
    paymentIntent: idOf(charge.payment_intent),
    refunds: Array.isArray(listed) ? listed : [],
  }
}
