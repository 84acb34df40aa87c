import type { Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestStatus } from '#app/db/schema.ts'
import { refusedPriceLowering } from '#app/features/order-book/money-back.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { canMove } from '#app/features/order-status/order-status.ts'
import { OWNER_INTENTS, READY_EARLY_DAYS } from '#app/features/order-status/owner-intents.ts'
import { giftCardOfPayment } from '#app/features/payments/card-refunds.server.ts'
import { daysBetween } from '#app/utils/calendar-days.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { type OrderQuestion, type OwnerIntentForm, depositCentsOf } from './order-actions.ts'

const ownTables = tablesFor('order-page')

const DAY_MS = 24 * 60 * 60 * 1000

/** The posted form of these intents only. */
type IntentForm<I extends OwnerIntentForm['intent']> = Extract<OwnerIntentForm, { intent: I }>

/** What each question needs to know, of the request as it stands. */
interface Asking {
  trx: Transaction<Database>
  requestId: number
  request: { status: RequestStatus; due_date: string }
  firstName: string
  /** Her name and address, as the question says who is emailed. */
  who: string
  now: number
  ask: (question: string, yes: string) => OrderQuestion
}

/**
 * The question the owner answers before a change that emails the customer
 * and cannot be taken back, or that looks like a slip; null to go ahead.
 * Asked inside the change's transaction, after its version is claimed, so
 * the question is about the request as it stands. A change the lifecycle
 * refuses anyway is not asked about: its refusal says why.
 */
export async function questionFor(
  trx: Transaction<Database>,
  {
    data,
    form,
    requestId,
    now,
  }: {
    data: OwnerIntentForm
    form: Record<string, string>
    requestId: number
    now: number
  },
): Promise<OrderQuestion | null> {
  const request = await ownTables(trx)
    .selectFrom('order_request')
    .select(['status', 'name', 'email', 'due_date'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!request) return null
  // The party's sum is the server's own: the question's form posts the ticks again, not it.
  const {
    intent: _intent,
    version: _version,
    confirm: _confirm,
    party_lines: _partyLines,
    ...fields
  } = form
  const asking: Asking = {
    trx,
    requestId,
    request,
    firstName: request.name.split(/\s+/)[0] || request.name,
    who: `${request.name} (${request.email})`,
    now,
    ask: (question, yes) => ({ question, yes, fields }),
  }
  switch (data.intent) {
    case 'decline':
    case 'cancel':
    case 'ready':
    case 'complete':
      return moveQuestion(data, asking)
    case 'refund':
    case 'card_refund':
      return refundQuestion(data, asking)
    case 'quote':
      return quoteQuestion(data, asking)
    default:
      return null
  }
}

/** Before a status move that emails her, or that comes early or with money owed. */
async function moveQuestion(
  data: IntentForm<'decline' | 'cancel' | 'ready' | 'complete'>,
  { trx, requestId, request, firstName, who, now, ask }: Asking,
): Promise<OrderQuestion | null> {
  // A change the lifecycle refuses anyway is not asked about.
  const target = OWNER_INTENTS[data.intent].target
  if (target === null || !canMove(request.status, target)) return null
  switch (data.intent) {
    case 'decline':
      return ask(
        `Decline ${firstName}’s request? ${who} will be emailed your reason.`,
        `Yes, decline and email ${firstName}`,
      )
    case 'cancel':
      return ask(
        `Cancel ${firstName}’s request? ${who} will be emailed that it is cancelled.`,
        `Yes, cancel and email ${firstName}`,
      )
    case 'ready': {
      const early = daysBetween(bakeryToday(new Date(now)), request.due_date)
      if (early < READY_EARLY_DAYS) return null
      return ask(
        `Mark it ready ${early} days before its date, ${formatCalendarDate(request.due_date)}? ${who} will be emailed that it is ready.`,
        `Yes, mark ready and email ${firstName}`,
      )
    }
    case 'complete': {
      const { stillOwed } = amountsOwed(await moneyOf(trx, requestId))
      if (stillOwed === 0) return null
      return ask(
        `Mark it completed with ${formatMoney(stillOwed)} still owed? Record the payment first if it came in.`,
        'Yes, mark completed',
      )
    }
  }
}

/** Before money goes back to her, recorded by hand or through Stripe to her card. */
async function refundQuestion(
  data: IntentForm<'refund' | 'card_refund'>,
  { trx, requestId, firstName, who, ask }: Asking,
): Promise<OrderQuestion | null> {
  const card = data.intent === 'card_refund'
  const amountCents = card ? data.card_refund_amount : data.refund_amount
  const lowersPrice = card ? data.card_refund_lowers_price : data.refund_lowers_price
  // A refund the book refuses anyway (more than is paid) is not asked about.
  const { paidCents } = await moneyOf(trx, requestId)
  if (amountCents > paidCents) return null
  if (lowersPrice && (await refusedPriceLowering(trx, { requestId, amountCents }))) return null
  const giftCard = card ? await giftCardOfPayment(trx, data.payment) : null
  if (giftCard) {
    const lowers = lowersPrice ? ', lowering the price by as much' : ''
    return ask(
      `Put ${formatMoney(amountCents)} back on gift card ${giftCard}${lowers}? ${who} will be emailed that it is there to spend again.`,
      `Yes, put it back on the gift card and email ${firstName}`,
    )
  }
  if (card) {
    const lowers = lowersPrice ? ', lowering the price by as much' : ''
    return ask(
      `Refund ${formatMoney(amountCents)} to ${firstName}’s card through Stripe${lowers}? ${who} will be emailed that it is on its way. Stripe keeps its fee on the payment.`,
      `Yes, refund to the card and email ${firstName}`,
    )
  }
  const lowers = lowersPrice ? ' and lower the price by as much' : ''
  return ask(
    `Refund ${formatMoney(amountCents)} to ${firstName}${lowers}? ${who} will be emailed that it is on its way.`,
    `Yes, record the refund and email ${firstName}`,
  )
}

/** Before a quote whose deposit falls due after the quote expires. */
function quoteQuestion(
  data: IntentForm<'quote'>,
  { firstName, who, now, ask }: Asking,
): OrderQuestion | null {
  const depositDue = data.deposit_due
  if (!depositDue || !depositCentsOf(data)) return null
  const expiresOn = bakeryToday(new Date(now + data.expires_in_days * DAY_MS))
  if (depositDue <= expiresOn) return null
  return ask(
    `The deposit is due ${formatCalendarDate(depositDue)}, after the quote expires on ${formatCalendarDate(expiresOn)}. Send it to ${who} anyway?`,
    `Yes, send the quote to ${firstName}`,
  )
}
