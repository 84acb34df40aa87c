import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import type { Database } from '#app/db/schema.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { holdPartyLead } from '#app/features/order-book/party.server.ts'
import {
  type BookChange,
  STALE_MESSAGE,
  claimVersion,
} from '#app/features/order-book/request-moves.server.ts'
import { pickupOf, queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { DISPLAY_LABELS } from '#app/features/order-status/display-state.ts'
import {
  type ChangeEmail,
  OWNER_INTENTS,
  type OrderIntent,
  type UpdateKind,
} from '#app/features/order-status/owner-intents.ts'
import { markCardPaymentLooked } from '#app/features/payments/stripe-webhook.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { fieldErrorsOf } from '#app/utils/field-errors.ts'
import { partyName } from '#app/utils/party-name.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  IntentNameSchema,
  type OrderActionResult,
  type OrderQuestion,
  OwnerFormGuardSchema,
  type OwnerIntentForm,
  OwnerIntentSchema,
  readPartyLines,
} from './order-actions.ts'
import { type StripeKeys, makeChange } from './order-changes.server.ts'
import { readOrderDetail } from './order-detail.server.ts'
import { questionFor } from './order-questions.server.ts'

/**
 * The largest owner form: the details' edit (up to 2,600 characters of her
 * words, percent-encoded at up to 12 bytes each for a four-byte character),
 * then the quote's message and payment instructions.
 */
export const MAX_ORDER_FORM_BYTES = 40 * 1024

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
  env?: StripeKeys
}): Promise<Reply<OrderActionResult>> {
  const form = await readAdminForm(request, MAX_ORDER_FORM_BYTES)
  const looked = form && (await markLookedFromOrder(db, form, { requestId, now }))
  if (looked) return looked
  const post = readPost(form)
  if (!post.ok) return post.reply
  const { intent } = post
  const change = await db
    .transaction()
    .execute((trx) => changeIn(trx, { ...post, requestId, siteUrl, now, env }))
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
  return reply(200, { ok: true, intent, message: doneMessage(intent, change) })
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

/** A post read and checked: its intent, the page's version, and its fields. */
type Post =
  | {
      ok: true
      intent: OrderIntent
      version: number
      confirmed: boolean
      data: OwnerIntentForm
      form: Record<string, string>
      /** A quote's other ticked requests, with their prices in cents. */
      lines: ReadonlyMap<number, number>
    }
  | { ok: false; reply: Reply<OrderActionResult> }

/** The post's intent and fields, or the 400 that says what is wrong with them. */
function readPost(form: Record<string, string> | undefined): Post {
  const named = IntentNameSchema.safeParse(form?.intent)
  if (!form || !named.success) {
    return { ok: false, reply: reply(400, { ok: false, intent: null, error: NOT_UNDERSTOOD }) }
  }
  const intent = named.data
  const refuse = (result: OrderActionResult): Post => ({ ok: false, reply: reply(400, result) })
  const guard = OwnerFormGuardSchema.safeParse(form)
  if (!guard.success) {
    return refuse({ ok: false, intent, error: guard.error.issues[0]!.message })
  }
  // A quote's other ticked requests and their prices (decision 049); their
  // sum is the server's to give the deposit's check, never the post's.
  const partyLines = intent === 'quote' ? readPartyLines(form) : null
  if (partyLines && !partyLines.ok) {
    const { error, fieldErrors } = partyLines
    return refuse({ ok: false, intent, error, fieldErrors })
  }
  if (partyLines) {
    form.party_lines = String([...partyLines.lines.values()].reduce((sum, cents) => sum + cents, 0))
  }
  const parsed = OwnerIntentSchema.safeParse(form)
  if (!parsed.success) {
    return refuse({
      ok: false,
      intent,
      error: 'Please check the highlighted fields.',
      fieldErrors: fieldErrorsOf<string>(parsed.error),
    })
  }
  return {
    ok: true,
    intent,
    version: guard.data.version,
    confirmed: guard.data.confirm === 'yes',
    data: parsed.data,
    form,
    lines: partyLines?.lines ?? new Map<number, number>(),
  }
}

/** What a change that went through reports back. */
type Changed = BookChange & { settled?: boolean; waiting?: string[]; said?: string }

/**
 * One change in its transaction: the party's lead held, the page's version
 * claimed, the owner asked first where she should be, the book changed, and
 * the customer's email queued. A refusal or a question throws, so the
 * transaction keeps nothing.
 */
async function changeIn(
  trx: Transaction<Database>,
  post: Extract<Post, { ok: true }> & {
    requestId: number
    siteUrl: string
    now: number
    env?: StripeKeys
  },
): Promise<Changed> {
  const { data, form, requestId, version, lines, siteUrl, now, env } = post
  const plan = OWNER_INTENTS[post.intent]
  // Rolls the transaction back: a refusal found after a write keeps nothing.
  const refuse = (result: BookChange) => {
    throw new Refused(result)
  }
  // A party's lead before its member, as every change to a party takes them.
  await holdPartyLead(trx, requestId)
  // Then, so a page that is out of date changes nothing and sends nothing.
  const claimed = await claimVersion(trx, { requestId, version })
  if (!claimed.ok) refuse(claimed)
  if (!post.confirmed) {
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
  const waiting = email && data.intent === 'ready' ? (await pickupOf(trx, requestId)).waiting : []
  return {
    ok: true,
    settled: done.ok && Boolean(done.settled),
    waiting,
    ...(done.ok && done.said ? { said: done.said } : {}),
  }
}

/** What the owner reads once her change is made. */
function doneMessage(intent: OrderIntent, change: Changed): string {
  const plan = OWNER_INTENTS[intent]
  const settled = change.ok && 'settled' in change && change.settled
  const waiting = change.ok && 'waiting' in change ? (change.waiting ?? []) : []
  if (change.ok && 'said' in change && change.said) return change.said
  return waiting.length > 0
    ? `Marked ready. The customer is emailed once the rest of this pickup is ready too: ${partyName(waiting)}.`
    : settled && plan.settled
      ? plan.settled.done
      : plan.done
}

/** The owner's changes email the customer an update; the table says which. */
function updateKindOf(email: ChangeEmail): UpdateKind {
  if (email.template !== 'request-update') {
    throw new Error(`An owner change sends the customer an update, not ${email.template}.`)
  }
  return email.kind
}

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
