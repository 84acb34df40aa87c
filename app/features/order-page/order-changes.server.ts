import type { Transaction } from 'kysely'
import type { Env } from '#app/config/env.server.ts'
import type { Database } from '#app/db/schema.ts'
import {
  answerChangeIn,
  pendingChangeOf,
} from '#app/features/customer-changes/change-answer.server.ts'
import { editDetailsIn } from '#app/features/customer-changes/change-details.server.ts'
import type { ChangedPart } from '#app/features/order-book/change-parts.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { recordPaymentIn, waiveDepositIn } from '#app/features/order-book/money-in.server.ts'
import { quoteParty } from '#app/features/order-book/party-quote.server.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import { type BookChange, moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { OWNER_INTENTS } from '#app/features/order-status/owner-intents.ts'
import { refundOnCardIn } from '#app/features/payments/card-refunds.server.ts'
import { type OwnerIntentForm, depositCentsOf, depositPercentOf } from './order-actions.ts'

/** What one owner change did: whether it moved the request, and the note its email carries. */
export type Made = BookChange & {
  moved?: boolean
  settled?: boolean
  note?: string | null
  /** What an accepted change changed, for her email. */
  changes?: readonly ChangedPart[]
  dedupeKey?: string
  /** What the owner reads, when it is not the intent's usual words (a refund onto a gift card). */
  said?: string
}

/** Stripe's keys, for a card refund. */
export type StripeKeys = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>

/** The posted form of these intents only. */
type IntentForm<I extends OwnerIntentForm['intent']> = Extract<OwnerIntentForm, { intent: I }>

interface Making {
  trx: Transaction<Database>
  requestId: number
  /** A quote's other ticked requests, with their prices in cents. */
  lines: ReadonlyMap<number, number>
  now: number
  env?: StripeKeys
}

/**
 * The book's side of one owner change, in the caller's transaction. The
 * status each moves to is the order-status table's (OWNER_INTENTS).
 */
export async function makeChange(
  trx: Transaction<Database>,
  { data, ...making }: Omit<Making, 'trx'> & { data: OwnerIntentForm },
): Promise<Made> {
  const { requestId, now } = making
  const move = async (note: string | null): Promise<Made> => {
    const target = OWNER_INTENTS[data.intent].target
    if (target === null) throw new Error(`${data.intent} moves no request.`)
    const moved = await moveRequest(trx, { requestId, to: target, actor: 'owner', note, now })
    return moved.ok ? { ok: true, moved: true, note } : moved
  }
  switch (data.intent) {
    case 'quote':
      return quoteIn(data, { trx, ...making })
    case 'payment':
    case 'waive':
    case 'refund':
    case 'card_refund':
      return moneyIn(data, { trx, ...making })
    case 'ready':
    case 'complete':
      return move(null)
    case 'cancel':
      return move(data.note || null)
    case 'decline':
      return move(data.reason)
    case 'accept_change':
    case 'decline_change':
      return answerIn(data, { trx, ...making })
    case 'edit_details': {
      const edited = await editDetailsIn(trx, {
        requestId,
        details: {
          event_theme: data.event_theme,
          servings: data.servings ?? '',
          allergies: data.allergies ?? '',
          comments: data.comments ?? '',
        },
        now,
      })
      return edited.ok ? { ok: true, moved: false } : edited
    }
  }
}

/** A quote, for the request alone or with the send's ticked others (decision 049). */
async function quoteIn(data: IntentForm<'quote'>, { trx, requestId, lines, now }: Making) {
  const quoted = await quoteParty(trx, {
    requestId,
    lines,
    quote: {
      priceCents: data.price,
      deliveryFeeCents: data.delivery_fee,
      depositCents: depositCentsOf(data) ?? 0,
      // A percent is of what she pays, its tax with it: worked out as the quote is made.
      ...(depositPercentOf(data) === undefined ? {} : { depositPercent: depositPercentOf(data) }),
      depositDue: data.deposit_due,
      balanceDue: data.balance_due,
      paymentInstructions: data.payment_instructions,
      message: data.message,
      expiresInDays: data.expires_in_days,
    },
    now,
  })
  return quoted.ok ? { ok: true as const, moved: true } : quoted
}

/** Money: a payment recorded, a deposit waived, a refund recorded or made to her card. */
async function moneyIn(
  data: IntentForm<'payment' | 'waive' | 'refund' | 'card_refund'>,
  { trx, requestId, now, env }: Making,
): Promise<Made> {
  switch (data.intent) {
    case 'payment': {
      const paid = await recordPaymentIn(trx, {
        requestId,
        payment: { amountCents: data.amount, receivedOn: data.received_on, method: data.method },
        now,
      })
      return paid.ok
        ? { ok: true, moved: Boolean(paid.confirmed), settled: Boolean(paid.settled) }
        : paid
    }
    case 'waive': {
      const waived = await waiveDepositIn(trx, { requestId, now })
      return waived.ok ? { ok: true, moved: Boolean(waived.confirmed) } : waived
    }
    case 'refund': {
      const refunded = await recordRefundIn(trx, {
        requestId,
        amountCents: data.refund_amount,
        refundedOn: data.refunded_on,
        method: data.refund_method,
        reason: data.refund_reason,
        lowersPrice: data.refund_lowers_price,
        now,
      })
      return refunded.ok ? { ok: true, moved: false } : refunded
    }
    case 'card_refund': {
      const refunded = await refundOnCardIn(trx, {
        requestId,
        paymentId: data.payment,
        amountCents: data.card_refund_amount,
        reason: data.card_refund_reason,
        lowersPrice: data.card_refund_lowers_price,
        now,
        env,
      })
      if (!refunded.ok) return refunded
      return {
        ok: true,
        moved: false,
        dedupeKey: refunded.dedupeKey,
        // A gift card's payment goes back onto the card, not through Stripe (decision 114).
        ...(refunded.giftCard
          ? { said: `Put back on gift card ${refunded.giftCard}; the customer is told.` }
          : {}),
      }
    }
  }
}

/** The owner's answer to the change she asked from her page, if it still waits (decision 054). */
async function answerIn(
  data: IntentForm<'accept_change' | 'decline_change'>,
  { trx, requestId, now }: Making,
): Promise<Made> {
  const waiting = await pendingChangeOf(trx, (await partyOf(trx, requestId)).leadId)
  if (waiting?.id !== data.change) {
    return {
      ok: false,
      status: 409,
      error:
        'That change was answered already, or she asked another: here is the page as it stands.',
    }
  }
  const answered = await answerChangeIn(trx, {
    requestId,
    accept: data.intent === 'accept_change',
    note: data.intent === 'decline_change' ? data.change_note : '',
    now,
  })
  return answered.ok
    ? { ok: true, moved: false, note: answered.note ?? null, changes: answered.changes }
    : answered
}
