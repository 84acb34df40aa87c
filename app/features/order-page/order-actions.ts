import { z } from 'zod/mini'
import { EditDetailsFormSchema } from '#app/features/customer-changes/details-form-schema.ts'
import { ORDER_INTENTS, type OrderIntent } from '#app/features/order-status/owner-intents.ts'
import { OUTSIDE_DATE_WINDOW, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import { type FieldErrors } from '#app/utils/field-errors.ts'
import { multiLine, optionalLines, singleLine } from '#app/utils/form-fields.ts'
import { type MoneyProblem, formatMoney, moneyProblemMessage, readMoney } from '#app/utils/money.ts'
import {
  LIMITS,
  MAX_PARTY_LINES,
  centsToInput,
  partyLineName,
  partyTickName,
} from './order-form-limits.ts'

/**
 * What the owner's forms on /admin/orders/<id> post, one intent each, and
 * the rules their fields follow, checked by the server's action. The page
 * draws its inputs from order-form-limits.ts (re-exported here), so it loads
 * none of zod (decision 061); this file still stays browser-safe. Which
 * intents there are, and what each moves and emails, is the order-status
 * feature's (owner-intents.ts).
 */

export { LIMITS, centsToInput }

/** An amount field, read by the one money rule (app/utils/money.ts), in cents. */
function money(label: string, { allowZero = false } = {}) {
  return z.pipe(
    z.string(moneyProblemMessage(label, { problem: 'not-money' })).check(
      z.trim(),
      z.superRefine((value, context) => {
        const reading = readMoney(value)
        const message = !reading.ok
          ? moneyProblemMessage(label, reading)
          : !allowZero && reading.cents === 0
            ? `${label} must be more than ${formatMoney(0)}.`
            : null
        if (message) context.issues.push({ code: 'custom', input: value, message })
      }),
    ),
    z.transform(centsOf),
  )
}

/** An amount a schema above has already checked, in cents. */
function centsOf(value: string): number {
  const reading = readMoney(value)
  return reading.ok ? reading.cents : 0
}

function optionalDate(message: string) {
  return z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => (value?.trim() ? value.trim() : null)),
    )
    .check(
      z.refine((value) => value === null || isRealDate(value), { error: message, abort: true }),
      z.refine((value) => value === null || isCalendarDate(value), OUTSIDE_DATE_WINDOW),
    )
}

function requiredDate(message: string) {
  return z
    .string(message)
    .check(
      z.trim(),
      z.refine(isRealDate, { error: message, abort: true }),
      z.refine(isCalendarDate, OUTSIDE_DATE_WINDOW),
    )
}

const wholeDays = (() => {
  const { min, max } = LIMITS.expiryDays
  const message = `The quote must expire in ${min} to ${max} days.`
  return z.pipe(
    z.string(message).check(z.trim(), z.regex(/^\d{1,3}$/, message)),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, message), z.lte(max, message))),
  )
})()

/**
 * The delivery fee: empty is none. Read by the one money rule and bounded;
 * whether the request is a delivery at all is the server's to say (a
 * pickup is refused a fee in quoteRequest).
 */
const deliveryFee = (() => {
  const label = 'The delivery fee'
  const max = LIMITS.maxDeliveryFeeDollars
  return z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => value?.trim() || '0'),
    )
    .check(
      z.superRefine((value, context) => {
        const reading = readMoney(value)
        const message = !reading.ok
          ? moneyProblemMessage(label, reading)
          : reading.cents > max * 100
            ? `${label} must be at most ${formatMoney(max * 100)}.`
            : null
        if (message) context.issues.push({ code: 'custom', input: value, message })
      }),
    )
})()

/**
 * The quote form: the deposit is an amount or a percent of what the
 * customer owes in all (the price and any delivery fee).
 */
export const QuoteFormSchema = z
  .object({
    intent: z.literal('quote'),
    price: money('The price'),
    delivery_fee: z.pipe(deliveryFee, z.transform(centsOf)),
    deposit_kind: z.enum(['amount', 'percent'], 'Choose a deposit in dollars or a percent.'),
    // Empty means no deposit.
    deposit: z.pipe(
      z.optional(z.string()),
      z.transform((value) => value?.trim() ?? ''),
    ),
    deposit_due: optionalDate('Choose the date the deposit is due, or leave it empty.'),
    // Empty means the settings' "days before the order date".
    balance_due: optionalDate('Choose the date the balance is due, or leave it empty.'),
    payment_instructions: optionalLines('How to pay', LIMITS.paymentInstructions),
    message: optionalLines('The message', LIMITS.message),
    expires_in_days: wholeDays,
    // The other ticked requests' lines, in cents: set by the server from
    // the party's fields (readPartyLines), never taken as posted.
    party_lines: z.pipe(
      z.optional(z.string()),
      z.transform((value) => (value && /^\d{1,12}$/.test(value) ? Number(value) : 0)),
    ),
  })
  .check(
    z.superRefine((form, context) => {
      const deposit = depositCentsOf(form)
      if (deposit === undefined) {
        context.issues.push({
          code: 'custom',
          input: form.deposit,
          path: ['deposit'],
          message:
            form.deposit_kind === 'percent'
              ? 'The deposit must be a percent from 0 to 100, like 50.'
              : moneyProblemMessage('The deposit', depositProblem(form.deposit)),
        })
      }
      // More than the total is refused where the total's taxes are known (quoteRequest).
    }),
  )

/**
 * The deposit a quote form asks, in cents; undefined when it cannot be read.
 * A percent is of the whole: the price and the delivery fee (before tax; the
 * quote itself takes a percent of the total with its tax, depositPercentOf).
 */
export function depositCentsOf(form: {
  price: number
  delivery_fee?: number
  /** A party's other lines, in cents (decision 049). */
  party_lines?: number
  deposit_kind: 'amount' | 'percent'
  deposit: string
}): number | undefined {
  if (form.deposit === '') return 0
  if (form.deposit_kind === 'amount') {
    const reading = readMoney(form.deposit)
    return reading.ok ? reading.cents : undefined
  }
  const percent = /^(\d{1,3})(?:\.\d+)?\s*%?$/.test(form.deposit)
    ? Number.parseFloat(form.deposit)
    : Number.NaN
  if (!(percent >= 0 && percent <= 100)) return undefined
  return Math.round(
    ((form.price + (form.party_lines ?? 0) + (form.delivery_fee ?? 0)) * percent) / 100,
  )
}

export { MAX_PARTY_LINES, partyLineName, partyTickName }

/**
 * The other requests ticked on the quote form ("Quote these together"),
 * each with its own price read by the one money rule, in cents; or the
 * fields that cannot be read. Bounded: a post ticking more than a send
 * holds is refused whole.
 */
export function readPartyLines(
  form: Record<string, string>,
):
  | { ok: true; lines: Map<number, number> }
  | { ok: false; error: string; fieldErrors: FieldErrors<string> } {
  const lines = new Map<number, number>()
  const fieldErrors: Record<string, string> = {}
  const ticked = Object.keys(form).filter(
    (key) => /^with_\d{1,12}$/.test(key) && form[key] === 'yes',
  )
  if (ticked.length > MAX_PARTY_LINES) {
    return {
      ok: false,
      error: `A party can have at most ${MAX_PARTY_LINES + 1} requests.`,
      fieldErrors: {},
    }
  }
  for (const key of ticked) {
    const id = Number(key.slice('with_'.length))
    const name = partyLineName(id)
    const reading = readMoney((form[name] ?? '').trim())
    if (!reading.ok) {
      fieldErrors[name] = moneyProblemMessage('Its price', reading)
    } else if (reading.cents === 0) {
      fieldErrors[name] = `Its price must be more than ${formatMoney(0)}.`
    } else {
      lines.set(id, reading.cents)
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, error: 'Please check the highlighted fields.', fieldErrors }
  }
  return { ok: true, lines }
}

/** Why a deposit in dollars cannot be read. */
function depositProblem(deposit: string): MoneyProblem {
  const reading = readMoney(deposit)
  return reading.ok ? { problem: 'not-money' } : reading
}

export const PaymentFormSchema = z.object({
  intent: z.literal('payment'),
  amount: money('The amount'),
  received_on: requiredDate('Choose the date the payment came in.'),
  method: singleLine('How it was paid', LIMITS.method),
})

/**
 * A refund's choice (decision 060): 'yes' lowers the price by the refund;
 * 'no', or nothing posted (a form from before the choice), gives money back
 * at an unchanged price.
 */
const lowersPrice = z.pipe(
  z.optional(z.enum(['yes', 'no'], 'Choose whether the refund lowers the price.')),
  z.transform((value) => value === 'yes'),
)

/** Its fields are named apart from the payment form's and the decline's, which share the page. */
export const RefundFormSchema = z.object({
  intent: z.literal('refund'),
  refund_amount: money('The refund'),
  refunded_on: requiredDate('Choose the date the refund was sent.'),
  refund_method: singleLine('How it was refunded', LIMITS.method),
  refund_reason: optionalLines('The reason', LIMITS.reason),
  refund_lowers_price: lowersPrice,
})

/**
 * A refund through Stripe of one card payment (decision 050): the payment's
 * id, the amount (whole or part) and an optional reason for her email.
 */
export const CardRefundFormSchema = z.object({
  intent: z.literal('card_refund'),
  payment: z.pipe(
    z
      .string('Choose the card payment to refund.')
      .check(z.regex(/^\d{1,15}$/, 'Choose the card payment to refund.')),
    z.transform(Number),
  ),
  card_refund_amount: money('The refund'),
  card_refund_reason: optionalLines('The reason', LIMITS.reason),
  card_refund_lowers_price: lowersPrice,
})

export const CancelFormSchema = z.object({
  intent: z.literal('cancel'),
  note: optionalLines('The note', LIMITS.note),
})

export const DeclineFormSchema = z.object({
  intent: z.literal('decline'),
  reason: multiLine('The reason', LIMITS.reason),
})

/**
 * The owner's answer to the change a customer asked from her page (decision
 * 054): `change` names the change the page showed, so an answer meets only
 * that one; declining may carry a sentence for her email.
 */
const changeId = z.pipe(
  z
    .string('This form is out of date: reload the page and try again.')
    .check(z.regex(/^\d{1,15}$/, 'This form is out of date: reload the page and try again.')),
  z.transform(Number),
)

export const AcceptChangeFormSchema = z.object({
  intent: z.literal('accept_change'),
  change: changeId,
})

export const DeclineChangeFormSchema = z.object({
  intent: z.literal('decline_change'),
  change: changeId,
  change_note: optionalLines('The sentence', LIMITS.reason),
})

/** The buttons that post nothing but their intent. */
const WaiveFormSchema = z.object({ intent: z.literal('waive') })
const ReadyFormSchema = z.object({ intent: z.literal('ready') })
const CompleteFormSchema = z.object({ intent: z.literal('complete') })

/**
 * Every owner form, told apart by its `intent`: a post is read by its own
 * form's schema only, so its errors name that form's fields alone.
 */
export const OwnerIntentSchema = z.discriminatedUnion('intent', [
  QuoteFormSchema,
  PaymentFormSchema,
  WaiveFormSchema,
  RefundFormSchema,
  CardRefundFormSchema,
  ReadyFormSchema,
  CompleteFormSchema,
  CancelFormSchema,
  DeclineFormSchema,
  AcceptChangeFormSchema,
  DeclineChangeFormSchema,
  EditDetailsFormSchema,
])
export type OwnerIntentForm = z.output<typeof OwnerIntentSchema>

// Each intent the order-status table names has its form here, and no other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const everyIntentHasAForm: Same<OwnerIntentForm['intent'], OrderIntent> = true
void everyIntentHasAForm

/** Reads an intent's name alone, to answer for the right form before its fields are read. */
export const IntentNameSchema = z.enum(ORDER_INTENTS)

/**
 * What every owner form carries besides its own fields: the version of the
 * request the page showed (a post from an older page is refused), and
 * `confirm=yes` once the owner has answered the page's question (declining,
 * cancelling, marking ready early…); without it the server asks.
 */
export const OwnerFormGuardSchema = z.object({
  version: z.pipe(
    z
      .string('This form is out of date: reload the page and try again.')
      .check(z.regex(/^\d{1,15}$/, 'This form is out of date: reload the page and try again.')),
    z.transform(Number),
  ),
  confirm: z.optional(z.string()),
})

/** A question the server asks before a change, and the fields to post again with `confirm=yes`. */
export interface OrderQuestion {
  question: string
  /** The answer that goes ahead: 'Yes, decline and email Priya'. */
  yes: string
  fields: Record<string, string>
}

/** What the page shows after a post: the change made, or why not, beside the form that posted. */
export type OrderActionResult =
  | { ok: true; intent: OrderIntent; message: string }
  /** A post that is no order intent: marking a card payment looked at. */
  | { ok: true; intent: null; message: string }
  | {
      ok: false
      intent: OrderIntent | null
      error: string
      fieldErrors?: FieldErrors<string>
      /** Set when the page was out of date: it reloads to show the request as it stands. */
      stale?: true
      /** Set when nothing was done yet because the owner is asked first. */
      ask?: OrderQuestion
    }

/** The deposit as a percent of the whole, when the form asks it so; undefined for an amount. */
export function depositPercentOf(form: {
  deposit_kind: 'amount' | 'percent'
  deposit: string
}): number | undefined {
  if (form.deposit_kind !== 'percent' || form.deposit === '') return undefined
  const percent = Number.parseFloat(form.deposit)
  return percent >= 0 && percent <= 100 ? percent : undefined
}
