import type { Transaction } from 'kysely'
import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import type {
  Database,
  OutboxStatus,
  OutboxTopic,
  RequestEventTable,
  RequestStatus,
} from '#app/db/schema.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { listInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { listEmailsAbout } from '#app/features/mail/outbox.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { fieldErrorsOf } from '#app/utils/field-errors.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  DISPLAY_LABELS,
  READY_EARLY_DAYS,
  amountsOwed,
  canMove,
  daysBetween,
  depositOverdue,
  displayStateOf,
  formatMoney,
} from './lifecycle.ts'
import {
  type OrderActionResult,
  type OrderIntent,
  type OrderQuestion,
  OwnerFormGuardSchema,
  SCHEMA_OF,
  depositCentsOf,
  isOrderIntent,
} from './order-actions.ts'
import {
  type BookChange,
  STALE_MESSAGE,
  claimVersion,
  currentQuote,
  moneyOf,
  moveRequest,
  quoteRequest,
  recordPaymentIn,
  waiveDepositIn,
} from './order-book.server.ts'
import { queueRequestUpdate } from './update-emails.server.ts'

/** The quote form's message and payment instructions make it larger than the other owner forms. */
export const MAX_ORDER_FORM_BYTES = 16 * 1024

const timeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: site.timeZone,
  dateStyle: 'medium',
  timeStyle: 'short',
})

/** A moment (epoch ms) in the bakery's time zone: 'Nov 23, 2026, 3:00 p.m.' */
export function bakeryTime(at: number): string {
  return timeFormat.format(new Date(at))
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
  const [events, quote, money, photos, emails, settings] = await Promise.all([
    db
      .selectFrom('request_event')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    currentQuote(db, requestId),
    moneyOf(db, requestId),
    listInspirationPhotos(db, [requestId]),
    listEmailsAbout(db, [
      { topic: 'request_confirmation', subjectIds: [request.batch_id] },
      { topic: 'request_update', subjectIds: [requestId] },
      { topic: 'request_reminder', subjectIds: [requestId] },
    ]),
    db
      .selectFrom('booking_settings')
      .select('quote_expiry_days')
      .where('id', '=', 1)
      .executeTakeFirst(),
  ])
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
      effort: Number(request.effort),
      declineReason: request.decline_reason,
      receivedLabel: bakeryTime(Date.parse(request.received_at)),
    },
    quote: quote
      ? {
          priceCents: Number(quote.price_cents),
          depositCents: Number(quote.deposit_cents),
          depositDue: quote.deposit_due,
          paymentInstructions: quote.payment_instructions,
          message: quote.message,
          expiresAt: Number(quote.expires_at),
          expiresLabel: bakeryTime(Number(quote.expires_at)),
          acceptedLabel: quote.accepted_at ? bakeryTime(Number(quote.accepted_at)) : null,
        }
      : null,
    money: { ...money, ...owed },
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
  }
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof readOrderDetail>>>

const DONE: Record<OrderIntent, string> = {
  quote: 'Quote sent to the customer.',
  payment: 'Payment recorded.',
  waive: 'Deposit waived.',
  ready: 'Marked ready; the customer is told.',
  complete: 'Marked completed.',
  cancel: 'Request cancelled; the customer is told.',
  decline: 'Request declined; the customer is told.',
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
}: {
  request: Request
  db: Db
  requestId: number
  siteUrl: string
  now?: number
}): Promise<Reply<OrderActionResult>> {
  const form = await readAdminForm(request, MAX_ORDER_FORM_BYTES)
  if (!form || !isOrderIntent(form.intent)) {
    return reply(400, { ok: false, intent: null, error: NOT_UNDERSTOOD })
  }
  const intent = form.intent
  const guard = OwnerFormGuardSchema.safeParse(form)
  if (!guard.success) {
    return reply(400, { ok: false, intent, error: guard.error.issues[0]!.message })
  }
  const { version } = guard.data
  const confirmed = guard.data.confirm === 'yes'
  const parsed = SCHEMA_OF[intent].safeParse(form)
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf<string>(parsed.error) as Record<string, string>
    return reply(400, {
      ok: false,
      intent,
      error: 'Please check the highlighted fields.',
      fieldErrors,
    })
  }
  const data = parsed.data as Record<string, unknown>

  const change = await db
    .transaction()
    .execute(async (trx): Promise<BookChange> => {
      // Rolls the transaction back: a refusal found after a write keeps nothing.
      const refuse = (result: BookChange) => {
        throw new Refused(result)
      }
      const move = async (to: RequestStatus, note: string | null) => {
        const moved = await moveRequest(trx, { requestId, to, actor: 'owner', note, now })
        if (!moved.ok) refuse(moved)
      }
      // First, so a page that is out of date changes nothing and sends nothing.
      const claimed = await claimVersion(trx, { requestId, version })
      if (!claimed.ok) refuse(claimed)
      if (!confirmed) {
        const ask = await questionFor(trx, { intent, data, form, requestId, now })
        if (ask) throw new Asked(ask)
      }
      switch (intent) {
        case 'quote': {
          const quote = data as {
            price: number
            deposit_kind: 'amount' | 'percent'
            deposit: string
            deposit_due: string | null
            payment_instructions: string
            message: string
            expires_in_days: number
          }
          const quoted = await quoteRequest(trx, {
            requestId,
            quote: {
              priceCents: quote.price,
              depositCents: depositCentsOf(quote) ?? 0,
              depositDue: quote.deposit_due,
              paymentInstructions: quote.payment_instructions,
              message: quote.message,
              expiresInDays: quote.expires_in_days,
            },
            now,
          })
          if (!quoted.ok) refuse(quoted)
          await queueRequestUpdate(trx, 'quoted', { requestId, siteUrl, now })
          break
        }
        case 'payment': {
          const payment = data as { amount: number; received_on: string; method: string }
          const paid = await recordPaymentIn(trx, {
            requestId,
            payment: {
              amountCents: payment.amount,
              receivedOn: payment.received_on,
              method: payment.method,
            },
            now,
          })
          if (!paid.ok) refuse(paid)
          if (paid.ok && paid.confirmed) {
            await queueRequestUpdate(trx, 'confirmed', { requestId, siteUrl, now })
          }
          break
        }
        case 'waive': {
          const waived = await waiveDepositIn(trx, { requestId, now })
          if (!waived.ok) refuse(waived)
          if (waived.ok && waived.confirmed) {
            await queueRequestUpdate(trx, 'confirmed', { requestId, siteUrl, now })
          }
          break
        }
        case 'ready':
          await move('ready', null)
          await queueRequestUpdate(trx, 'ready', { requestId, siteUrl, now })
          break
        case 'complete':
          await move('completed', null)
          break
        case 'cancel': {
          const note = (data.note as string) || null
          await move('cancelled', note)
          await queueRequestUpdate(trx, 'cancelled', { requestId, siteUrl, note, now })
          break
        }
        case 'decline': {
          const reason = data.reason as string
          await move('declined', reason)
          await queueRequestUpdate(trx, 'declined', { requestId, siteUrl, note: reason, now })
          break
        }
      }
      return { ok: true }
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
  return reply(200, { ok: true, intent, message: DONE[intent] })
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
    intent,
    data,
    form,
    requestId,
    now,
  }: {
    intent: OrderIntent
    data: Record<string, unknown>
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
  const { intent: _intent, version: _version, confirm: _confirm, ...fields } = form
  const ask = (question: string, yes: string): OrderQuestion => ({ question, yes, fields })
  switch (intent) {
    case 'decline':
      if (!canMove(request.status, 'declined')) return null
      return ask(
        `Decline ${firstName}’s request? ${who} will be emailed your reason.`,
        `Yes, decline and email ${firstName}`,
      )
    case 'cancel':
      if (!canMove(request.status, 'cancelled')) return null
      return ask(
        `Cancel ${firstName}’s request? ${who} will be emailed that it is cancelled.`,
        `Yes, cancel and email ${firstName}`,
      )
    case 'ready': {
      if (!canMove(request.status, 'ready')) return null
      const early = daysBetween(today, request.due_date)
      if (early < READY_EARLY_DAYS) return null
      return ask(
        `Mark it ready ${early} days before its date, ${formatCalendarDate(request.due_date)}? ${who} will be emailed that it is ready.`,
        `Yes, mark ready and email ${firstName}`,
      )
    }
    case 'complete': {
      if (!canMove(request.status, 'completed')) return null
      const { balanceOwed } = amountsOwed(await moneyOf(trx, requestId))
      if (balanceOwed === 0) return null
      return ask(
        `Mark it completed with ${formatMoney(balanceOwed)} still owed? Record the payment first if it came in.`,
        'Yes, mark completed',
      )
    }
    case 'quote': {
      const quote = data as { price: number; deposit_kind: 'amount' | 'percent'; deposit: string }
      const depositDue = data.deposit_due as string | null
      if (!depositDue || !depositCentsOf(quote)) return null
      const expiresOn = bakeryToday(new Date(now + (data.expires_in_days as number) * DAY_MS))
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
