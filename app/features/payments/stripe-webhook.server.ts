import type { Transaction } from 'kysely'
import { type Env, getEnv } from '#app/config/env.server.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, StripeEventOutcome } from '#app/db/schema.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { recordPaymentIn } from '#app/features/order-book/money-in.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { partyAlertRequest, partyOf, partyTreats } from '#app/features/order-book/party.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { CLOSED_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { paymentAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { writeBakeryMoment, bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { partyName } from '#app/utils/party-name.ts'
import { BodyTooLargeError, readBodyBytes } from '#app/utils/read-body.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  composeCardPaymentNeedsLook,
  composeCardPaymentOwner,
  composeCardPaymentReceived,
} from './card-payment-emails.ts'
import { REFUND_EVENTS, settleRefundEvent } from './card-refunds.server.ts'
import {
  type CheckoutSessionRead,
  type StripeEventRead,
  readCheckoutSession,
  readStripeEvent,
} from './stripe-objects.ts'
import { signedInTime } from './stripe-signature.server.ts'

const ownTables = tablesFor('payments')

/** Stripe's events are a few kilobytes; a checkout session's is well under this. */
export const MAX_WEBHOOK_BYTES = 256 * 1024

/** The events that pay a Checkout session; the rest are recorded as ignored. */
const PAYING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
])

export type WebhookAnswer =
  { received: true; outcome: StripeEventOutcome | 'replay' } | { error: string }

/**
 * POST /webhooks/stripe. The signature covers the body's exact bytes, so
 * they are read raw (bounded) and checked by the stripe package before
 * anything else; a bad or missing one gets 400 and changes nothing. Each
 * verified event is handled once (handleStripeEvent): Stripe's retries and
 * replays, on any instance, get 200 and change nothing.
 *
 * A signed event is never answered 500, which Stripe would retry for days
 * to the same end. One without an id (or not JSON) cannot be kept or known
 * again: 400 with the reason, nothing written (real Stripe never sends one).
 * One with an id is recorded, and one the site cannot read (no type, no
 * object, fields of odd shapes) is kept as `needs_look` for the owner, with
 * 200: retrying could not change it, and she finds it in Stripe by its id.
 */
export async function receiveStripeWebhook({
  request,
  db,
  env = getEnv(),
  now = Date.now(),
}: {
  request: Request
  db: Db
  env?: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'SITE_URL'>
  now?: number
}): Promise<Reply<WebhookAnswer>> {
  if (request.method !== 'POST') {
    return reply<WebhookAnswer>(405, { error: 'Use POST here.' }, { Allow: 'POST' })
  }
  if (!cardPaymentsOn(env)) return reply<WebhookAnswer>(404, { error: 'Card payments are off.' })
  let body: Buffer
  try {
    body = await readBodyBytes(request, MAX_WEBHOOK_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return reply<WebhookAnswer>(413, { error: 'This event is too large.' })
    }
    throw error
  }
  if (!signedInTime(body, request.headers.get('stripe-signature'), { env, now })) {
    return reply<WebhookAnswer>(400, { error: 'bad signature' })
  }
  const read = readStripeEvent(body)
  if (!read.ok) return reply<WebhookAnswer>(400, { error: read.error })
  const outcome = await db
    .transaction()
    .execute((trx) => handleStripeEvent(trx, read.event, { now, siteUrl: env.SITE_URL }))
  if (outcome !== 'replay' && outcome !== 'ignored') kickDeliveryWorker()
  return reply<WebhookAnswer>(200, { received: true, outcome })
}

interface Looked {
  outcome: StripeEventOutcome
  note: string
  requestId: number | null
  reference: string | null
  sessionId: string | null
  amountCents: number | null
  currency: string | null
}

/**
 * One verified event, in one transaction: the event's row (keyed by its id,
 * so a replay finds it and changes nothing), the payment it brings, the
 * confirmation that follows and both emails are stored together or not at
 * all. A paid Checkout session is recorded once however many events and
 * instances tell of it: its payment's checkout_session_id is unique, and the
 * session's lock holds back a second event about it until the first is in.
 * A payment for a request the site cannot find, one that is closed, or an
 * amount that is not the session's is kept with outcome `needs_look` and
 * shown to the owner (Today), never lost.
 */
export async function handleStripeEvent(
  trx: Transaction<Database>,
  event: StripeEventRead,
  { now, siteUrl }: { now: number; siteUrl: string },
): Promise<StripeEventOutcome | 'replay'> {
  const claimed = await ownTables(trx)
    .insertInto('stripe_event')
    .values({ id: event.id, type: event.type, outcome: 'ignored', created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!claimed) return 'replay'
  const refunds = REFUND_EVENTS.has(event.type)
  // A type the site does not act on needs nothing more; one it cannot read is the owner's to look at.
  if (event.type !== '' && !PAYING_EVENTS.has(event.type) && !refunds) return 'ignored'

  const looked: Looked =
    event.type === '' || !event.object
      ? unreadable(event)
      : refunds
        ? await settleRefundEvent(trx, event.type, event.object, { now, siteUrl })
        : await settleSession(trx, readCheckoutSession(event.object), {
            now,
            siteUrl,
            eventId: event.id,
          })
  await ownTables(trx)
    .updateTable('stripe_event')
    .set({
      outcome: looked.outcome,
      note: looked.note,
      request_id: looked.requestId,
      payment_reference: looked.reference,
      session_id: looked.sessionId,
      amount_cents: looked.amountCents,
      currency: looked.currency,
    })
    .where('id', '=', event.id)
    .execute()
  if (looked.outcome === 'needs_look') {
    await enqueueEmail(
      trx,
      {
        topic: 'request_update',
        subjectId: looked.requestId ?? 0,
        email: composeCardPaymentNeedsLook(
          { amountCents: looked.amountCents, reference: looked.reference, why: looked.note },
          `${siteUrl}/admin`,
          (await readSiteSection(trx, 'identity')).name,
        ),
        dedupeKey: `card-needs-look:${event.id}`,
      },
      now,
    )
  }
  return looked.outcome
}

/**
 * An event with no type the site can read, or of a type it acts on but
 * without its object: nothing can be placed, so the owner is shown it, by
 * the id she finds it under in Stripe's dashboard.
 */
function unreadable(event: StripeEventRead): Looked {
  const what = REFUND_EVENTS.has(event.type) ? 'refund' : 'payment'
  return {
    outcome: 'needs_look',
    note:
      event.type === ''
        ? `Stripe sent an event (${event.id}) that does not say what it is about, so nothing was changed here. Look it up by its id in Stripe’s dashboard.`
        : `Stripe sent a ${event.type} event (${event.id}) without the ${what} it is about, so nothing was recorded here. Look it up by its id in Stripe’s dashboard.`,
    requestId: null,
    reference: null,
    sessionId: null,
    amountCents: null,
    currency: null,
  }
}

async function settleSession(
  trx: Transaction<Database>,
  session: CheckoutSessionRead,
  { now, siteUrl, eventId }: { now: number; siteUrl: string; eventId: string },
): Promise<Looked> {
  const { amountCents, currency, reference } = session
  const base = { requestId: null, reference, sessionId: session.id, amountCents, currency }
  const look = (note: string, more: Partial<Looked> = {}): Looked => ({
    ...base,
    outcome: 'needs_look',
    note,
    ...more,
  })
  if (!base.sessionId) return look('Stripe told of a payment without its Checkout session.')
  if (session.paymentStatus !== 'paid') {
    return { ...base, outcome: 'unpaid', note: 'Checkout finished; the payment is not in yet.' }
  }
  // A second event about the same session (completed, then async succeeded;
  // or a retry racing on another instance) waits here until this one is in.
  await serializeTransactions(trx, `stripe-session:${base.sessionId}`)
  const already = await ownTables(trx)
    .selectFrom('payment')
    .select('request_id')
    .where('checkout_session_id', '=', base.sessionId)
    .executeTakeFirst()
  if (already) {
    return {
      ...base,
      requestId: already.request_id,
      outcome: 'ignored',
      note: `This Checkout session was already recorded (event ${eventId} repeats it).`,
    }
  }
  const opened = await ownTables(trx)
    .selectFrom('card_checkout')
    .innerJoin('order_request', 'order_request.id', 'card_checkout.request_id')
    .select([
      'card_checkout.request_id',
      'card_checkout.kind',
      'card_checkout.amount_cents',
      'card_checkout.currency',
      'order_request.status',
      'order_request.name',
      'order_request.email',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.customer_token',
      'order_request.payment_reference',
    ])
    .where('card_checkout.session_id', '=', base.sessionId)
    .executeTakeFirst()
  const paid =
    amountCents === null ? 'A card payment' : `A card payment of ${formatMoney(amountCents)}`
  if (!opened) {
    return look(
      `${paid}${reference ? ` naming ${reference}` : ''} came for a request this site does not have (it may have been erased). Find the customer in Stripe's dashboard and record or refund it.`,
    )
  }
  const found = { requestId: opened.request_id, reference: opened.payment_reference ?? reference }
  if (isIn(CLOSED_STATUSES, opened.status)) {
    return look(
      `${paid} came for ${found.reference ?? 'a request'}, which is ${opened.status}. It was not added to the request: refund it in Stripe's dashboard, or reopen the conversation with the customer.`,
      found,
    )
  }
  if (amountCents !== opened.amount_cents || currency !== opened.currency) {
    return look(
      `${paid} came for ${found.reference ?? 'a request'}, but the payment opened was ${formatMoney(opened.amount_cents)} in ${opened.currency.toUpperCase()}. It was not added to the request: check it in Stripe's dashboard.`,
      found,
    )
  }

  const before = amountsOwed(await moneyOf(trx, opened.request_id))
  const recorded = await recordPaymentIn(trx, {
    requestId: opened.request_id,
    payment: {
      amountCents,
      receivedOn: bakeryToday(new Date(now)),
      method: 'card',
      checkoutSessionId: base.sessionId,
      paymentIntentId: session.paymentIntent,
    },
    actor: 'customer',
    now,
  })
  if (!recorded.ok) return look(`${paid} could not be added: ${recorded.error}`, found)
  const confirmed = Boolean(recorded.confirmed)
  const after = amountsOwed(await moneyOf(trx, opened.request_id))
  const cardPaid = {
    kind: opened.kind,
    amountCents,
    stillOwedCents: after.stillOwed,
  }
  // A party's payment is the party's: its emails name every treat, not the lead's alone.
  const paidFor = {
    ...opened,
    product_type: partyName(await partyTreats(trx, await partyOf(trx, opened.request_id))),
  }
  if (confirmed) {
    await queueRequestUpdate(trx, 'confirmed', {
      requestId: opened.request_id,
      siteUrl,
      now,
      dedupeKey: `card-paid:${base.sessionId}:customer`,
    })
  } else {
    await enqueueEmail(
      trx,
      {
        topic: 'request_update',
        subjectId: opened.request_id,
        email: composeCardPaymentReceived(paidFor, cardPaid, {
          siteUrl,
          bakery: await readSiteSection(trx, 'identity'),
        }),
        dedupeKey: `card-paid:${base.sessionId}:customer`,
      },
      now,
    )
  }
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: opened.request_id,
      email: composeCardPaymentOwner(
        paidFor,
        { ...cardPaid, confirmed },
        `${siteUrl}/admin/orders/${opened.request_id}`,
        (await readSiteSection(trx, 'identity')).name,
      ),
      dedupeKey: `card-paid:${base.sessionId}:owner`,
    },
    now,
  )
  await queueOwnerAlert(
    trx,
    // A party's payment (its checkout names the lead) is the party's: every treat is named.
    paymentAlert(await partyAlertRequest(trx, opened.request_id), {
      amountCents: opened.amount_cents,
      kind: opened.kind,
      reference: base.sessionId,
    }),
    now,
  )
  // More than was owed when it came (an e-Transfer crossed it): kept, and shown.
  const owedBefore = opened.kind === 'deposit' ? before.depositOwed : before.stillOwed
  if (amountCents > owedBefore) {
    return {
      ...base,
      ...found,
      outcome: 'needs_look',
      note: `${paid} for ${found.reference ?? 'a request'} was recorded, but only ${formatMoney(owedBefore)} of the ${opened.kind} was still owed: refund the difference in Stripe's dashboard if you agree.`,
    }
  }
  return {
    ...base,
    ...found,
    outcome: 'paid',
    note: `${paid} (${opened.kind}) recorded${confirmed ? '; the request is confirmed' : ''}.`,
  }
}

/** A card payment that needs the owner's eye, as Today lists it. */
export interface CardPaymentToLook {
  eventId: string
  /** Whether Stripe told of a payment or of a refund. */
  what: 'payment' | 'refund'
  note: string
  amount: string | null
  reference: string | null
  requestId: number | null
  /** When Stripe told the site, as the bakery's clock showed it (written here: see writeBakeryMoment). */
  when: string
}

const WHEN_TOLD = { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const

/**
 * The card payments that need a look and that the owner has not marked
 * looked at, newest first: all of them (Today), or one request's (its page).
 */
export async function cardPaymentsToLook(
  db: Db,
  limit = 10,
  { requestId }: { requestId?: number } = {},
): Promise<CardPaymentToLook[]> {
  return (await readCardPaymentsToLook(db, { limit, requestId })).items
}

/**
 * The same, the first `limit` (at most 50), with how many there are in all:
 * one query on the index of the events that need a look (stripe_event_needs_look).
 */
export async function readCardPaymentsToLook(
  db: Db,
  { limit, requestId }: { limit: number; requestId?: number },
): Promise<{ items: CardPaymentToLook[]; total: number }> {
  let query = ownTables(db)
    .selectFrom('stripe_event')
    .select(['id', 'type', 'note', 'amount_cents', 'payment_reference', 'request_id', 'created_at'])
    .select(({ fn }) => fn.countAll<number | string>().over().as('total'))
    .where('outcome', '=', 'needs_look')
    .where('handled_at', 'is', null)
  if (requestId !== undefined) query = query.where('request_id', '=', requestId)
  const rows = await query
    .orderBy('created_at', 'desc')
    .limit(Math.min(Math.max(1, limit), 50))
    .execute()
  const items = rows.map((row) => ({
    eventId: row.id,
    what: row.type.startsWith('refund.') || row.type.startsWith('charge.') ? 'refund' : 'payment',
    note: row.note,
    amount: row.amount_cents === null ? null : formatMoney(Number(row.amount_cents)),
    reference: row.payment_reference,
    requestId: row.request_id,
    when: writeBakeryMoment(Number(row.created_at), WHEN_TOLD),
  })) satisfies CardPaymentToLook[]
  return { items, total: Number(rows[0]?.total ?? 0) }
}

/**
 * The owner has looked at a card payment that needed it: Today (and its
 * request's page) list it no more. Given a request, only that request's.
 */
export async function markCardPaymentLooked(
  db: Db,
  { eventId, now, requestId }: { eventId: string; now: number; requestId?: number },
): Promise<boolean> {
  let update = ownTables(db)
    .updateTable('stripe_event')
    .set({ handled_at: now })
    .where('id', '=', eventId)
    .where('outcome', '=', 'needs_look')
    .where('handled_at', 'is', null)
  if (requestId !== undefined) update = update.where('request_id', '=', requestId)
  const result = await update.executeTakeFirst()
  return result.numUpdatedRows > 0n
}
