import type { Transaction } from 'kysely'
import { type Env, getEnv } from '#app/config/env.server.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, StripeEventOutcome } from '#app/db/schema.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { writeBakeryMoment } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { BodyTooLargeError, readBodyBytes } from '#app/utils/read-body.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { composeCardPaymentNeedsLook } from './card-payment-emails.ts'
import { type Looked, settleSession } from './checkout-settlement.server.ts'
import { REFUND_EVENTS, settleRefundEvent } from './refund-events.server.ts'
import { type StripeEventRead, readCheckoutSession, readStripeEvent } from './stripe-objects.ts'
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
