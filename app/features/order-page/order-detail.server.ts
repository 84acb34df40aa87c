import type { Transaction } from 'kysely'
import { type Env } from '#app/config/env.server.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import type {
  Database,
  OutboxStatus,
  OutboxTopic,
  RequestEventTable,
  RequestStatus,
} from '#app/db/schema.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import {
  answerChangeIn,
  pendingChangeOf,
} from '#app/features/customer-changes/change-answer.server.ts'
import { editDetailsIn } from '#app/features/customer-changes/change-details.server.ts'
import { selfCancellationOf } from '#app/features/customer-changes/self-cancel.server.ts'
import { listInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { listEmailsAbout } from '#app/features/mail/outbox.server.ts'
import type { ChangedPart } from '#app/features/order-book/change-parts.ts'
import { addressOf } from '#app/features/order-book/handover.ts'
import { recordRefundIn, refusedPriceLowering } from '#app/features/order-book/money-back.server.ts'
import { recordPaymentIn, waiveDepositIn } from '#app/features/order-book/money-in.server.ts'
import { moneyOf, paymentTotals } from '#app/features/order-book/money.server.ts'
import { quoteParty, readPartyChoices } from '#app/features/order-book/party-quote.server.ts'
import { holdPartyLead, partyOf } from '#app/features/order-book/party.server.ts'
import { currentQuote, defaultBalanceDue } from '#app/features/order-book/quotes.server.ts'
import {
  type BookChange,
  STALE_MESSAGE,
  claimVersion,
  moveRequest,
} from '#app/features/order-book/request-moves.server.ts'
import { pickupOf, queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import {
  DISPLAY_LABELS,
  amountsOwed,
  balanceOverdue,
  canMove,
  depositOverdue,
  displayStateOf,
} from '#app/features/order-status/order-status.ts'
import {
  type ChangeEmail,
  OWNER_INTENTS,
  READY_EARLY_DAYS,
  type UpdateKind,
} from '#app/features/order-status/owner-intents.ts'
import { cardPaymentsOf, refundOnCardIn } from '#app/features/payments/card-refunds.server.ts'
import { receiptNumber } from '#app/features/payments/receipt.server.ts'
import { receiptPath, receiptPdfPath } from '#app/features/payments/receipt.ts'
import {
  cardPaymentsToLook,
  markCardPaymentLooked,
} from '#app/features/payments/stripe-webhook.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { daysBetween } from '#app/utils/calendar-days.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { fieldErrorsOf } from '#app/utils/field-errors.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { formatMoney } from '#app/utils/money.ts'
import { partyName } from '#app/utils/party-name.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  IntentNameSchema,
  type OrderActionResult,
  type OrderQuestion,
  OwnerFormGuardSchema,
  type OwnerIntentForm,
  OwnerIntentSchema,
  depositCentsOf,
  readPartyLines,
} from './order-actions.ts'

/**
 * The largest owner form: the details' edit (up to 2,600 characters of her
 * words, percent-encoded at up to 12 bytes each for a four-byte character),
 * then the quote's message and payment instructions.
 */
export const MAX_ORDER_FORM_BYTES = 40 * 1024

const timeFormat = () =>
  bakeryDateTimeFormat({
    dateStyle: 'medium',
    timeStyle: 'short',
  })

/** A moment (epoch ms) in the bakery's time zone: 'Nov 23, 2026, 3:00 p.m.' */
export function bakeryTime(at: number): string {
  return timeFormat().format(new Date(at))
}

export interface TimelineEntry {
  id: number
  at: number
  atLabel: string
  from: RequestStatus | null
  to: RequestStatus
  actor: RequestEventTable['actor']
  note: string | null
}

export interface CustomerEmail {
  id: number
  topic: OutboxTopic
  subject: string
  to: string
  status: OutboxStatus
  error: string | null
  createdLabel: string
}

/**
 * Everything /admin/orders/<id> shows about one request; undefined when
 * there is none. `today` is the bakery's, for what is overdue.
 */
export async function readOrderDetail(db: Db, requestId: number, today = bakeryToday()) {
  const request = await db
    .selectFrom('order_request')
    .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
    .selectAll('order_request')
    .select('order_batch.created_at as received_at')
    .where('order_request.id', '=', requestId)
    .executeTakeFirst()
  if (!request) return undefined
  // A party's quote, money and receipt are its lead's (decision 049).
  const party = await partyOf(db, requestId)
  const leadId = party.leadId
  const [
    events,
    quote,
    money,
    photos,
    emails,
    settings,
    totals,
    receipt,
    choices,
    ownQuote,
    card,
    pendingChange,
    selfCancellation,
  ] = await Promise.all([
    db
      .selectFrom('request_event')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    currentQuote(db, leadId),
    moneyOf(db, requestId),
    listInspirationPhotos(db, [requestId]),
    listEmailsAbout(db, [
      { topic: 'request_confirmation', subjectIds: [request.batch_id] },
      { topic: 'request_update', subjectIds: [...new Set([requestId, leadId])] },
      { topic: 'request_reminder', subjectIds: [requestId] },
      { topic: 'payment_notice', subjectIds: [leadId] },
    ]),
    db
      .selectFrom('booking_settings')
      .select(['quote_expiry_days', 'balance_due_days'])
      .where('id', '=', 1)
      .executeTakeFirst(),
    paymentTotals(db, [leadId]),
    db.selectFrom('receipt').select('id').where('request_id', '=', leadId).executeTakeFirst(),
    readPartyChoices(db, requestId),
    currentQuote(db, requestId),
    readCardSide(db, leadId),
    pendingChangeOf(db, leadId),
    selfCancellationOf(db, leadId),
  ])
  const leadReference =
    leadId === requestId
      ? request.payment_reference
      : ((
          await db
            .selectFrom('order_request')
            .select('payment_reference')
            .where('id', '=', leadId)
            .executeTakeFirst()
        )?.payment_reference ?? null)
  const total = totals.get(leadId) ?? { receivedCents: 0, refundedCents: 0, paidCents: 0 }
  const customerEmails: CustomerEmail[] = emails
    .map((email) => ({
      id: email.outboxId,
      topic: email.topic,
      subject: email.subject,
      to: email.to ?? '',
      status: email.status,
      error: email.lastError,
      createdLabel: bakeryTime(email.createdAt),
    }))
    // Only what went to this customer: a send's confirmations go one to each
    // customer in it, and the owner's own news of their answer is no email to them.
    .filter((email) => email.to.toLowerCase() === request.email.toLowerCase())
  const owed = amountsOwed(money)
  return {
    /** The version the page's forms carry back (see claimVersion). */
    version: Number(request.version),
    /** The request as the owner reads it: "Accepted, awaiting the deposit" is derived. */
    state: displayStateOf({
      status: request.status,
      accepted: Boolean(quote?.accepted_at),
      depositOwed: owed.depositOwed,
    }),
    depositOverdue: depositOverdue({
      status: request.status,
      depositDue: quote?.deposit_due ?? null,
      depositOwed: owed.depositOwed,
      today,
    }),
    balanceOverdue: balanceOverdue({
      status: request.status,
      balanceDue: quote?.balance_due ?? null,
      stillOwed: owed.stillOwed,
      today,
    }),
    request: {
      id: request.id,
      batchId: request.batch_id,
      status: request.status,
      name: request.name,
      email: request.email,
      phoneNumber: request.phone_number,
      productType: request.product_type,
      eventTheme: request.event_theme,
      dueDate: request.due_date,
      hearAboutUs: request.hear_about_us,
      comments: request.comments,
      servings: request.servings,
      allergies: request.allergies,
      fulfilment: request.fulfilment,
      window: request.pickup_window,
      delivery: addressOf(request),
      effort: Number(request.effort),
      paymentReference: request.payment_reference,
      declineReason: request.decline_reason,
      receivedLabel: bakeryTime(Date.parse(request.received_at)),
    },
    /**
     * The requests quoted together with this one, this one included, in
     * the send's order (decision 049); null for a request quoted on its own.
     */
    party:
      party.memberIds.length > 1
        ? {
            leadId,
            /** The party is paid with its lead's reference. */
            reference: leadReference,
            members: [
              {
                id: request.id,
                position: request.position,
                productType: request.product_type,
                dueDate: request.due_date,
                status: request.status,
                lineCents: Number(ownQuote?.line_cents ?? 0),
                here: true,
              },
              ...choices
                .filter((choice) => choice.inParty)
                .map((choice) => ({
                  id: choice.id,
                  position: choice.position,
                  productType: choice.productType,
                  dueDate: choice.dueDate,
                  status: choice.status,
                  lineCents: choice.lineCents ?? 0,
                  here: false,
                })),
            ].sort((a, b) => a.position - b.position),
          }
        : null,
    /** The send's other requests, for the quote form's "Quote these together". */
    partyChoices: choices,
    /** This request's own price on its newest quote: its line on a party's. */
    ownPriceCents: ownQuote ? Number(ownQuote.line_cents ?? ownQuote.price_cents) : null,
    quote: quote
      ? {
          priceCents: Number(quote.price_cents),
          deliveryFeeCents: Number(quote.delivery_fee_cents),
          depositCents: Number(quote.deposit_cents),
          depositDue: quote.deposit_due,
          balanceDue: quote.balance_due,
          paymentInstructions: quote.payment_instructions,
          message: quote.message,
          expiresAt: Number(quote.expires_at),
          expiresLabel: bakeryTime(Number(quote.expires_at)),
          acceptedLabel: quote.accepted_at ? bakeryTime(Number(quote.accepted_at)) : null,
        }
      : null,
    money: {
      ...money,
      ...owed,
      receivedCents: total.receivedCents,
      refundedCents: total.refundedCents,
    },
    /** The customer's receipt, once something is paid: the owner opens the page the customer sees. */
    receipt:
      total.receivedCents > 0 && request.customer_token
        ? {
            number: receipt ? receiptNumber(Number(receipt.id)) : null,
            href: receiptPath(request.customer_token, request.position),
            pdfHref: receiptPdfPath(request.customer_token, request.position),
          }
        : null,
    /** Card payments and their refunds through Stripe, and what needs a look (decision 050). */
    card,
    /** The change the customer asked from her page, waiting for an answer (decision 054). */
    pendingChange: pendingChange && {
      ...pendingChange,
      askedLabel: bakeryTime(pendingChange.askedAt),
    },
    /** Her cancellation from her page, and what is still to send back to her. */
    selfCancellation,
    photos: photos.map(({ key, preview }) => ({ key, preview })),
    timeline: events.map((event): TimelineEntry => ({
      id: event.id,
      at: Number(event.at),
      atLabel: bakeryTime(Number(event.at)),
      from: event.from_status,
      to: event.to_status,
      actor: event.actor,
      note: event.note,
    })),
    emails: customerEmails,
    quoteExpiryDays: Number(settings?.quote_expiry_days ?? 3),
    balanceDueDays: Number(settings?.balance_due_days ?? 7),
    /** The balance date a new quote gets when the owner leaves it empty (the setting's). */
    defaultBalanceDue: defaultBalanceDue({
      orderDate: request.due_date,
      daysBefore: Number(settings?.balance_due_days ?? 7),
      today,
      depositDue: null,
    }),
  }
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof readOrderDetail>>>

/**
 * The order page's card side: the request's card payments with what is left
 * of each to refund, whether refunds through Stripe are on, and the card
 * events about it that need the owner's look (as Today lists them).
 */
async function readCardSide(db: Db, requestId: number) {
  const [payments, looks] = await Promise.all([
    cardPaymentsOf(db, requestId),
    cardPaymentsToLook(db, 10, { requestId }),
  ])
  return { refundsOn: cardPaymentsOn(), payments, looks }
}

/**
 * The order page's "Mark as looked at" on a card payment that needed a look
 * (as on Today), for this request's events only; null for any other post.
 */
async function markLookedFromOrder(
  db: Db,
  form: Record<string, string>,
  { requestId, now }: { requestId: number; now: number },
): Promise<Reply<OrderActionResult> | null> {
  if (form.intent !== 'card-looked') return null
  const eventId = form.event ?? ''
  if (!/^evt_[A-Za-z0-9_]{1,200}$/.test(eventId)) {
    return reply(400, { ok: false, intent: null, error: NOT_UNDERSTOOD })
  }
  await markCardPaymentLooked(db, { eventId, now, requestId })
  return reply(200, { ok: true, intent: null, message: 'Marked as looked at.' })
}

/**
 * The owner's actions on one request, each a form with an `intent`. Each
 * change and the customer's email about it are written in one transaction;
 * a refused change (a 409 from the lifecycle) writes and queues nothing.
 */
export async function receiveOrderAction({
  request,
  db,
  requestId,
  siteUrl,
  now = Date.now(),
  env,
}: {
  request: Request
  db: Db
  requestId: number
  siteUrl: string
  now?: number
  /** Stripe's keys, for a card refund; the environment's unless given. */
  env?: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>
}): Promise<Reply<OrderActionResult>> {
  const form = await readAdminForm(request, MAX_ORDER_FORM_BYTES)
  const looked = form && (await markLookedFromOrder(db, form, { requestId, now }))
  if (looked) return looked
  const named = IntentNameSchema.safeParse(form?.intent)
  if (!form || !named.success) {
    return reply(400, { ok: false, intent: null, error: NOT_UNDERSTOOD })
  }
  const intent = named.data
  const guard = OwnerFormGuardSchema.safeParse(form)
  if (!guard.success) {
    return reply(400, { ok: false, intent, error: guard.error.issues[0]!.message })
  }
  const { version } = guard.data
  const confirmed = guard.data.confirm === 'yes'
  // A quote's other ticked requests and their prices (decision 049); their
  // sum is the server's to give the deposit's check, never the post's.
  const partyLines = intent === 'quote' ? readPartyLines(form) : null
  if (partyLines && !partyLines.ok) {
    return reply(400, {
      ok: false,
      intent,
      error: partyLines.error,
      fieldErrors: partyLines.fieldErrors,
    })
  }
  if (partyLines) {
    form.party_lines = String([...partyLines.lines.values()].reduce((sum, cents) => sum + cents, 0))
  }
  const parsed = OwnerIntentSchema.safeParse(form)
  if (!parsed.success) {
    return reply(400, {
      ok: false,
      intent,
      error: 'Please check the highlighted fields.',
      fieldErrors: fieldErrorsOf<string>(parsed.error),
    })
  }
  const data = parsed.data
  const plan = OWNER_INTENTS[intent]
  const lines = partyLines?.lines ?? new Map<number, number>()

  const change = await db
    .transaction()
    .execute(async (trx): Promise<BookChange & { settled?: boolean; waiting?: string[] }> => {
      // Rolls the transaction back: a refusal found after a write keeps nothing.
      const refuse = (result: BookChange) => {
        throw new Refused(result)
      }
      // A party's lead before its member, as every change to a party takes them.
      await holdPartyLead(trx, requestId)
      // Then, so a page that is out of date changes nothing and sends nothing.
      const claimed = await claimVersion(trx, { requestId, version })
      if (!claimed.ok) refuse(claimed)
      if (!confirmed) {
        const ask = await questionFor(trx, { data, form, requestId, now })
        if (ask) throw new Asked(ask)
      }
      const done = await makeChange(trx, { data, requestId, lines, now, env })
      if (!done.ok) refuse(done)
      // The change's email, as the order-status table names it, in the change's own transaction.
      const email =
        done.ok && done.settled && plan.settled
          ? plan.settled.send
          : done.ok && plan.email && (plan.email.when === 'always' || done.moved)
            ? plan.email.send
            : null
      if (email) {
        await queueRequestUpdate(trx, updateKindOf(email), {
          requestId,
          siteUrl,
          note: done.ok ? done.note : null,
          changes: done.ok ? done.changes : undefined,
          now,
          // A card refund's email is named by its Stripe id: its webhook queues none again.
          dedupeKey: done.ok ? done.dedupeKey : undefined,
        })
      }
      // A member of a pickup not all ready: its email waits for the last (decision 087).
      const waiting =
        email && data.intent === 'ready' ? (await pickupOf(trx, requestId)).waiting : []
      return { ok: true, settled: done.ok && Boolean(done.settled), waiting }
    })
    .catch((error: unknown) => {
      if (error instanceof Refused || error instanceof Asked) return error.change
      throw error
    })

  if (!change.ok && 'ask' in change) {
    // Nothing written: the page asks, and posts the same fields again with confirm=yes.
    return reply(200, { ok: false, intent, error: change.ask.question, ask: change.ask })
  }
  if (!change.ok && change.error === STALE_MESSAGE) {
    const current = await readOrderDetail(db, requestId)
    const now = current
      ? ` It is now “${DISPLAY_LABELS[current.state]}”: here it is as it stands.`
      : ''
    return reply(409, { ok: false, intent, error: `${STALE_MESSAGE}${now}`, stale: true })
  }
  if (!change.ok) {
    return reply(change.status, {
      ok: false,
      intent,
      error: change.error,
      ...(change.field ? { fieldErrors: { [change.field]: change.error } } : {}),
    })
  }
  // Stored: the customer's email, if the change queued one, goes out now.
  kickDeliveryWorker()
  const settled = change.ok && 'settled' in change && change.settled
  const waiting = change.ok && 'waiting' in change ? (change.waiting ?? []) : []
  return reply(200, {
    ok: true,
    intent,
    message:
      waiting.length > 0
        ? `Marked ready. The customer is emailed once the rest of this pickup is ready too: ${partyName(waiting)}.`
        : settled && plan.settled
          ? plan.settled.done
          : plan.done,
  })
}

/** What one owner change did: whether it moved the request, and the note its email carries. */
type Made = BookChange & {
  moved?: boolean
  settled?: boolean
  note?: string | null
  /** What an accepted change changed, for her email. */
  changes?: readonly ChangedPart[]
  dedupeKey?: string
}

/**
 * The book's side of one owner change, in the caller's transaction. The
 * status each moves to is the order-status table's (OWNER_INTENTS).
 */
async function makeChange(
  trx: Transaction<Database>,
  {
    data,
    requestId,
    lines,
    now,
    env,
  }: {
    data: OwnerIntentForm
    requestId: number
    /** A quote's other ticked requests, with their prices in cents. */
    lines: ReadonlyMap<number, number>
    now: number
    env?: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>
  },
): Promise<Made> {
  const target = OWNER_INTENTS[data.intent].target
  const move = async (note: string | null): Promise<Made> => {
    if (target === null) throw new Error(`${data.intent} moves no request.`)
    const moved = await moveRequest(trx, { requestId, to: target, actor: 'owner', note, now })
    return moved.ok ? { ok: true, moved: true, note } : moved
  }
  switch (data.intent) {
    case 'quote': {
      const quoted = await quoteParty(trx, {
        requestId,
        lines,
        quote: {
          priceCents: data.price,
          deliveryFeeCents: data.delivery_fee,
          depositCents: depositCentsOf(data) ?? 0,
          depositDue: data.deposit_due,
          balanceDue: data.balance_due,
          paymentInstructions: data.payment_instructions,
          message: data.message,
          expiresInDays: data.expires_in_days,
        },
        now,
      })
      return quoted.ok ? { ok: true, moved: true } : quoted
    }
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
      return refunded.ok ? { ok: true, moved: false, dedupeKey: refunded.dedupeKey } : refunded
    }
    case 'ready':
    case 'complete':
      return move(null)
    case 'cancel':
      return move(data.note || null)
    case 'decline':
      return move(data.reason)
    case 'accept_change':
    case 'decline_change': {
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

/** The owner's changes email the customer an update; the table says which. */
function updateKindOf(email: ChangeEmail): UpdateKind {
  if (email.template !== 'request-update') {
    throw new Error(`An owner change sends the customer an update, not ${email.template}.`)
  }
  return email.kind
}

/**
 * The question the owner answers before a change that emails the customer
 * and cannot be taken back, or that looks like a slip; null to go ahead.
 * Asked inside the change's transaction, after its version is claimed, so
 * the question is about the request as it stands. A change the lifecycle
 * refuses anyway is not asked about: its refusal says why.
 */
async function questionFor(
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
  const request = await trx
    .selectFrom('order_request')
    .select(['status', 'name', 'email', 'due_date'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!request) return null
  const firstName = request.name.split(/\s+/)[0] || request.name
  const who = `${request.name} (${request.email})`
  const today = bakeryToday(new Date(now))
  // The party's sum is the server's own: the question's form posts the ticks again, not it.
  const {
    intent: _intent,
    version: _version,
    confirm: _confirm,
    party_lines: _partyLines,
    ...fields
  } = form
  const ask = (question: string, yes: string): OrderQuestion => ({ question, yes, fields })
  // A change the lifecycle refuses anyway is not asked about.
  const target = OWNER_INTENTS[data.intent].target
  const allowed = target !== null && canMove(request.status, target)
  switch (data.intent) {
    case 'decline':
      if (!allowed) return null
      return ask(
        `Decline ${firstName}’s request? ${who} will be emailed your reason.`,
        `Yes, decline and email ${firstName}`,
      )
    case 'cancel':
      if (!allowed) return null
      return ask(
        `Cancel ${firstName}’s request? ${who} will be emailed that it is cancelled.`,
        `Yes, cancel and email ${firstName}`,
      )
    case 'ready': {
      if (!allowed) return null
      const early = daysBetween(today, request.due_date)
      if (early < READY_EARLY_DAYS) return null
      return ask(
        `Mark it ready ${early} days before its date, ${formatCalendarDate(request.due_date)}? ${who} will be emailed that it is ready.`,
        `Yes, mark ready and email ${firstName}`,
      )
    }
    case 'complete': {
      if (!allowed) return null
      const { stillOwed } = amountsOwed(await moneyOf(trx, requestId))
      if (stillOwed === 0) return null
      return ask(
        `Mark it completed with ${formatMoney(stillOwed)} still owed? Record the payment first if it came in.`,
        'Yes, mark completed',
      )
    }
    case 'refund': {
      // A refund the book refuses anyway (more than is paid) is not asked about.
      const { paidCents } = await moneyOf(trx, requestId)
      if (data.refund_amount > paidCents) return null
      const amountCents = data.refund_amount
      if (
        data.refund_lowers_price &&
        (await refusedPriceLowering(trx, { requestId, amountCents }))
      ) {
        return null
      }
      const lowers = data.refund_lowers_price ? ' and lower the price by as much' : ''
      return ask(
        `Refund ${formatMoney(data.refund_amount)} to ${firstName}${lowers}? ${who} will be emailed that it is on its way.`,
        `Yes, record the refund and email ${firstName}`,
      )
    }
    case 'card_refund': {
      // A refund the book refuses anyway (more than is paid) is not asked about.
      const { paidCents } = await moneyOf(trx, requestId)
      if (data.card_refund_amount > paidCents) return null
      const amountCents = data.card_refund_amount
      if (
        data.card_refund_lowers_price &&
        (await refusedPriceLowering(trx, { requestId, amountCents }))
      ) {
        return null
      }
      const lowers = data.card_refund_lowers_price ? ', lowering the price by as much' : ''
      return ask(
        `Refund ${formatMoney(data.card_refund_amount)} to ${firstName}’s card through Stripe${lowers}? ${who} will be emailed that it is on its way. Stripe keeps its fee on the payment.`,
        `Yes, refund to the card and email ${firstName}`,
      )
    }
    case 'quote': {
      const depositDue = data.deposit_due
      if (!depositDue || !depositCentsOf(data)) return null
      const expiresOn = bakeryToday(new Date(now + data.expires_in_days * DAY_MS))
      if (depositDue <= expiresOn) return null
      return ask(
        `The deposit is due ${formatCalendarDate(depositDue)}, after the quote expires on ${formatCalendarDate(expiresOn)}. Send it to ${who} anyway?`,
        `Yes, send the quote to ${firstName}`,
      )
    }
    default:
      return null
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The owner is asked first: thrown out of the transaction so it rolls back. */
class Asked extends Error {
  readonly change: { ok: false; ask: OrderQuestion }
  constructor(ask: OrderQuestion) {
    super(ask.question)
    this.change = { ok: false, ask }
  }
}

/** A refused change, thrown out of the transaction so it rolls back. */
class Refused extends Error {
  constructor(readonly change: BookChange) {
    super(change.ok ? 'refused' : change.error)
  }
}
