import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import type { Database, RequestEventTable, RequestStatus } from '#app/db/schema.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import {
  BOOKED_STATUSES,
  type Money,
  type MoneyLine,
  PARTY_MOVE_STATUSES,
  amountsOwed,
  canMove,
  depositSettled,
  isIn,
  lowerPrice,
  refusedMoveMessage,
  refusedPaymentMessage,
  refusedWaiveMessage,
  totalOf,
} from '#app/features/order-status/order-status.ts'
import {
  QUOTE_ANSWERS,
  QUOTE_EXPIRY,
  type QuoteAnswer,
} from '#app/features/order-status/owner-intents.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { type AlertRequest, quoteAnswerAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { MAX_DOLLARS, formatMoney } from '#app/utils/money.ts'
import { partyName } from '#app/utils/party-name.ts'
import { type QuoteOutcome, type QuotedParty, composeQuoteAnswer } from './quote-answer-emails.ts'

type Executor = Kysely<Database> | Transaction<Database>
type Actor = RequestEventTable['actor']

/**
 * What a change to the order book came to. A refusal about one of the
 * owner's fields (a 400) names it, so the page shows the message beside it.
 */
export type BookChange =
  | { ok: true }
  // 502 and 503: Stripe refused a card refund, or did not answer (decision 050).
  | { ok: false; status: 400 | 404 | 409 | 502 | 503; error: string; field?: string }

const DAY_MS = 24 * 60 * 60 * 1000

export const NOT_FOUND: BookChange = {
  ok: false,
  status: 404,
  error: 'That request is not in the order book.',
}

/** Where a request stands, or undefined when there is no such request. */
async function statusOf(db: Executor, requestId: number): Promise<RequestStatus | undefined> {
  const request = await db
    .selectFrom('order_request')
    .select('status')
    .where('id', '=', requestId)
    .executeTakeFirst()
  return request?.status
}

/**
 * Requests quoted together (decision 049): the lead, which holds the
 * party's quote money, payments, refunds and receipt, and every member in
 * its send's order, the lead included. A request quoted on its own is a
 * party of one: its own lead, its only member.
 */
export interface Party {
  leadId: number
  memberIds: number[]
}

/** The party `requestId` belongs to (see Party); a party of one when none. */
export async function partyOf(db: Executor, requestId: number): Promise<Party> {
  const row = await db
    .selectFrom('order_request')
    .select('party_lead_id')
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (row?.party_lead_id == null) return { leadId: requestId, memberIds: [requestId] }
  const leadId = Number(row.party_lead_id)
  // At most one send's requests: a party never reaches outside its batch.
  const members = await db
    .selectFrom('order_request')
    .select('id')
    .where('party_lead_id', '=', leadId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return { leadId, memberIds: members.map((member) => Number(member.id)) }
}

/**
 * Each member's treat, in the send's order: what a party is named by
 * (`partyName`) wherever it is one order, in the customer's emails and the
 * owner's alerts alike. A party of one has its own treat alone.
 */
export async function partyTreats(db: Executor, party: Party): Promise<string[]> {
  const members = await db
    .selectFrom('order_request')
    .select('product_type')
    .where('id', 'in', party.memberIds)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return members.map((member) => member.product_type)
}

/**
 * What an owner alert about a whole party names (decision 053): its lead,
 * whose page it opens and whose day it gives, and every member's treat,
 * so "Cakes and Cupcakes for Priya" is not read as "Cakes for Priya".
 * Any member's id will do, or the party when it is known; a request on its
 * own is named as it always was.
 */
export async function partyAlertRequest(db: Executor, of: number | Party): Promise<AlertRequest> {
  const party = typeof of === 'number' ? await partyOf(db, of) : of
  const lead = await db
    .selectFrom('order_request')
    .select(['name', 'product_type', 'due_date'])
    .where('id', '=', party.leadId)
    .executeTakeFirstOrThrow()
  return {
    id: party.leadId,
    name: lead.name,
    productType: lead.product_type,
    dueDate: lead.due_date,
    ...(party.memberIds.length > 1 ? { party: await partyTreats(db, party) } : {}),
  }
}

/** What the owner's emails call it: every treat of a party ('Cakes and Cupcakes'), else its own. */
export function treatsNamed(about: AlertRequest): string {
  return about.party ? partyName(about.party) : about.productType
}

/**
 * The party `requestId` belongs to, with its lead's row held first (on
 * PostgreSQL locked until the transaction ends; SQLite has one writer).
 * Every change to a party takes the lead before any member: the customer's
 * answer and a payment work on the lead, a move holds it here, and the
 * owner's change on any member's page calls this before claiming that
 * member. Two changes to one party so meet at the lead and go in turn,
 * rather than each holding a member the other waits for.
 */
export async function holdPartyLead(trx: Transaction<Database>, requestId: number): Promise<Party> {
  const party = await partyOf(trx, requestId)
  if (party.memberIds.length > 1) {
    await trx
      .updateTable('order_request')
      .set((eb) => ({ version: eb.ref('version') }))
      .where('id', '=', party.leadId)
      .execute()
  }
  return party
}

/**
 * Moves a request to `to` and writes the move on its timeline, in the
 * caller's transaction. The update names the status it moves from, so two
 * changes racing (the owner's click and the customer's) cannot both win:
 * the second finds the status changed and is refused.
 *
 * A party's member moving to one of PARTY_MOVE_STATUSES (confirmed,
 * declined, cancelled, expired) moves the whole party here, every member
 * or none: this is the one place a party's status changes.
 */
export async function moveRequest(
  trx: Transaction<Database>,
  input: { requestId: number; to: RequestStatus; actor: Actor; note?: string | null; now: number },
): Promise<BookChange> {
  if (!isIn(PARTY_MOVE_STATUSES, input.to)) return moveOne(trx, input)
  const party = await holdPartyLead(trx, input.requestId)
  if (party.memberIds.length < 2) return moveOne(trx, input)
  // Every member's row is held first (on PostgreSQL, locked until the
  // transaction ends; SQLite has one writer), then every move is checked
  // before any is made, so a member is never left behind.
  await trx
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', 'in', party.memberIds)
    .execute()
  const members = await trx
    .selectFrom('order_request')
    .select(['id', 'status'])
    .where('id', 'in', party.memberIds)
    .execute()
  const stuck = members.find((member) => !canMove(member.status, input.to))
  if (stuck) {
    return {
      ok: false,
      status: 409,
      error: `${refusedMoveMessage(stuck.status, input.to)} It is quoted together with its party, which moves as one.`,
    }
  }
  for (const requestId of party.memberIds) {
    const moved = await moveOne(trx, { ...input, requestId })
    if (!moved.ok) return moved
  }
  return { ok: true }
}

async function moveOne(
  trx: Transaction<Database>,
  {
    requestId,
    to,
    actor,
    note = null,
    now,
  }: { requestId: number; to: RequestStatus; actor: Actor; note?: string | null; now: number },
): Promise<BookChange> {
  const from = await statusOf(trx, requestId)
  if (!from) return NOT_FOUND
  if (!canMove(from, to)) return { ok: false, status: 409, error: refusedMoveMessage(from, to) }
  const updated = await trx
    .updateTable('order_request')
    .set({
      status: to,
      ...(to === 'declined' ? { decline_reason: note } : {}),
    })
    .where('id', '=', requestId)
    .where('status', '=', from)
    .executeTakeFirst()
  if (updated.numUpdatedRows === 0n) {
    return { ok: false, status: 409, error: 'The request changed meanwhile. Please look again.' }
  }
  await recordEvent(trx, { requestId, from, to, actor, note, now })
  return { ok: true }
}

export async function recordEvent(
  db: Executor,
  {
    requestId,
    from,
    to,
    actor,
    note = null,
    now,
  }: {
    requestId: number
    from: RequestStatus | null
    to: RequestStatus
    actor: Actor
    note?: string | null
    now: number
  },
): Promise<void> {
  await db
    .insertInto('request_event')
    .values({ request_id: requestId, at: now, from_status: from, to_status: to, actor, note })
    .execute()
  // Every change to a request writes its timeline, so here is the one place
  // that counts changes: a form showing an older count is out of date.
  await db
    .updateTable('order_request')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', requestId)
    .execute()
}

/** What an owner's post from a page that no longer shows the request as it stands is told. */
export const STALE_MESSAGE = 'This request changed since you opened it.'

/**
 * The owner's change goes ahead only if the request is still at `version`,
 * the one her page showed. A conditional update, first in the caller's
 * transaction: on PostgreSQL it takes the row's lock, so of two posts
 * carrying the same version the second waits, then finds the version moved
 * on and is refused; SQLite runs one writer at a time.
 */
export async function claimVersion(
  trx: Transaction<Database>,
  { requestId, version }: { requestId: number; version: number },
): Promise<BookChange> {
  const claimed = await trx
    .updateTable('order_request')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', requestId)
    .where('version', '=', version)
    .executeTakeFirst()
  if (claimed.numUpdatedRows > 0n) return { ok: true }
  const exists = await statusOf(trx, requestId)
  return exists ? { ok: false, status: 409, error: STALE_MESSAGE } : NOT_FOUND
}

export interface QuoteInput {
  priceCents: number
  /** What a delivery adds, in cents; absent or 0 for none. A pickup takes none. */
  deliveryFeeCents?: number
  depositCents: number
  /** YYYY-MM-DD, or null for no set date. */
  depositDue: string | null
  /**
   * YYYY-MM-DD: when the balance is due. Absent (or null), the settings'
   * "N days before the order date" decides (see defaultBalanceDue).
   */
  balanceDue?: string | null
  paymentInstructions: string
  message: string
  /** Days the customer has to answer; the settings' default when absent. */
  expiresInDays?: number
  /**
   * A party member's own line, in cents (decision 049): the lead's
   * priceCents is then the lines' sum, a member's 0. Absent for a quote of one.
   */
  lineCents?: number
  /** A party with a delivery in it may take a fee on its lead, whichever way the lead goes. */
  partyDelivers?: boolean
}

/** Why a request picked up at the bakery is refused a delivery fee. */
export const PICKUP_FEE_MESSAGE =
  'This order is picked up, so it takes no delivery fee. Leave the delivery fee empty.'

/** The newest quote of a request, if it has one. */
export async function currentQuote(db: Executor, requestId: number) {
  return db
    .selectFrom('request_quote')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Sends a quote: stores it (a newer one replaces the last) and moves the
 * request to quoted. Emailing the customer is the caller's, in the same
 * transaction, so the quote and its email are stored together.
 */
export async function quoteRequest(
  trx: Transaction<Database>,
  { requestId, quote, now }: { requestId: number; quote: QuoteInput; now: number },
): Promise<BookChange & { expiresAt?: number }> {
  const settings = await trx
    .selectFrom('booking_settings')
    .select(['quote_expiry_days', 'balance_due_days'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  const request = await trx
    .selectFrom('order_request')
    .select(['due_date', 'fulfilment'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!request) return NOT_FOUND
  const deliveryFeeCents = quote.deliveryFeeCents ?? 0
  if (deliveryFeeCents > 0 && request.fulfilment !== 'delivery' && !quote.partyDelivers) {
    return { ok: false, status: 400, error: PICKUP_FEE_MESSAGE, field: 'delivery_fee' }
  }
  // A due date only means something for a deposit there is to pay.
  const depositDue = quote.depositCents > 0 ? quote.depositDue : null
  const refusedDue = refusedDepositDue(depositDue, {
    today: bakeryToday(new Date(now)),
    orderDate: request.due_date,
  })
  if (refusedDue) return { ok: false, status: 400, error: refusedDue, field: 'deposit_due' }
  const today = bakeryToday(new Date(now))
  const balanceDue =
    quote.balanceDue ??
    defaultBalanceDue({
      orderDate: request.due_date,
      daysBefore: Number(settings.balance_due_days),
      today,
      depositDue,
    })
  const refusedBalance = refusedBalanceDue(balanceDue, {
    today,
    orderDate: request.due_date,
    depositDue,
  })
  if (refusedBalance) {
    return { ok: false, status: 400, error: refusedBalance, field: 'balance_due' }
  }
  const moved = await moveRequest(trx, {
    requestId,
    to: 'quoted',
    actor: 'owner',
    note: null,
    now,
  })
  if (!moved.ok) return moved
  const expiresAt = now + (quote.expiresInDays ?? Number(settings.quote_expiry_days)) * DAY_MS
  await trx
    .insertInto('request_quote')
    .values({
      request_id: requestId,
      created_at: now,
      price_cents: quote.priceCents,
      line_cents: quote.lineCents ?? null,
      delivery_fee_cents: deliveryFeeCents,
      deposit_cents: quote.depositCents,
      deposit_due: depositDue,
      balance_due: balanceDue,
      payment_instructions: quote.paymentInstructions,
      message: quote.message,
      expires_at: expiresAt,
    })
    .execute()
  return { ok: true, expiresAt }
}

/**
 * A deposit falls due between today (in the bakery's time zone) and the
 * order's own date: a date already past would make it overdue on arrival,
 * and one after the order would leave the owner baking unpaid.
 */
function refusedDepositDue(
  depositDue: string | null,
  { today, orderDate }: { today: string; orderDate: string },
): string | null {
  if (depositDue === null) return null
  if (depositDue < today) return 'The deposit cannot be due before today.'
  if (depositDue > orderDate) {
    return `The deposit must be due by the order date, ${formatCalendarDate(orderDate)}.`
  }
  return null
}

/**
 * The balance's date when the owner sets none: `daysBefore` the order date
 * (the setting), but never before today or before the deposit's own date,
 * for an order booked closer than that. Null for an order whose date has
 * passed.
 */
export function defaultBalanceDue({
  orderDate,
  daysBefore,
  today,
  depositDue,
}: {
  orderDate: string
  daysBefore: number
  today: string
  depositDue: string | null
}): string | null {
  // An order whose date has passed has no schedule left to keep.
  if (orderDate < today) return null
  const dates = [addDays(orderDate, -daysBefore), today, depositDue ?? today].sort()
  const latest = dates.at(-1)!
  return latest > orderDate ? orderDate : latest
}

/**
 * A balance falls due from today (and not before the deposit) to the order
 * date: earlier would make it overdue on arrival or before the deposit,
 * later would leave the owner handing over an unpaid order.
 */
function refusedBalanceDue(
  balanceDue: string | null,
  { today, orderDate, depositDue }: { today: string; orderDate: string; depositDue: string | null },
): string | null {
  if (balanceDue === null) return null
  if (balanceDue < today) return 'The balance cannot be due before today.'
  if (balanceDue > orderDate) {
    return `The balance must be due by the order date, ${formatCalendarDate(orderDate)}.`
  }
  if (depositDue !== null && balanceDue < depositDue) {
    return `The balance cannot be due before the deposit, due ${formatCalendarDate(depositDue)}.`
  }
  return null
}

/**
 * What a request's quote asks and what has been paid towards it: its
 * payments less its refunds (netPaid, the one rule). A party member's is
 * its party's, read from the lead (decision 049), with the lines.
 */
export async function moneyOf(db: Executor, requestId: number): Promise<Money> {
  const party = await partyOf(db, requestId)
  const [money, lines] = await Promise.all([
    ownMoneyOf(db, party.leadId),
    party.memberIds.length > 1 ? partyLines(db, party.memberIds) : undefined,
  ])
  if (!lines) return money
  // A refund that lowered the party's price (decision 060) is a line of its
  // own, so the lines still add up to the price.
  const lowered = lines.reduce((sum, line) => sum + line.cents, 0) - money.priceCents
  return {
    ...money,
    lines: lowered > 0 ? [...lines, { label: PRICE_LOWERED_LINE, cents: -lowered }] : lines,
  }
}

/** The party's line for what refunds took off its price (decision 060). */
export const PRICE_LOWERED_LINE = 'Lowered with a refund'

/** Each member's treat and own price, from its newest quote, in the party's order. */
async function partyLines(db: Executor, memberIds: readonly number[]): Promise<MoneyLine[]> {
  const rows = await db
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select(['order_request.id', 'order_request.product_type', 'request_quote.line_cents'])
    .where('order_request.id', 'in', memberIds)
    .where(isNewestQuote)
    .execute()
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  return memberIds.flatMap((id) => {
    const row = byId.get(id)
    return row ? [{ label: row.product_type, cents: Number(row.line_cents ?? 0) }] : []
  })
}

async function ownMoneyOf(db: Executor, requestId: number): Promise<Money> {
  const [quote, request] = await Promise.all([
    currentQuote(db, requestId),
    db
      .selectFrom('order_request')
      .select((eb) => ['deposit_waived', netPaid(eb).as('paid')])
      .where('id', '=', requestId)
      .executeTakeFirst(),
  ])
  return {
    priceCents: quote ? Number(quote.price_cents) : 0,
    deliveryFeeCents: quote ? Number(quote.delivery_fee_cents) : 0,
    depositCents: quote ? Number(quote.deposit_cents) : 0,
    paidCents: Number(request?.paid ?? 0),
    depositWaived: Number(request?.deposit_waived ?? 0) === 1,
  }
}

/** A party's lines as the owner's news of its answer lists them, and what they come to. */
async function answeredLines(db: Executor, party: Party): Promise<QuotedParty> {
  const [members, money] = await Promise.all([
    db
      .selectFrom('order_request')
      .select(['id', 'product_type', 'due_date'])
      .where('id', 'in', party.memberIds)
      .execute(),
    moneyOf(db, party.leadId),
  ])
  const byId = new Map(members.map((member) => [Number(member.id), member]))
  const treats = (money.lines ?? []).filter((line) => line.label !== PRICE_LOWERED_LINE)
  return {
    lines: party.memberIds.flatMap((id, index) => {
      const member = byId.get(id)
      const line = treats[index]
      return member
        ? [{ productType: member.product_type, dueDate: member.due_date, cents: line?.cents ?? 0 }]
        : []
    }),
    deliveryFeeCents: money.deliveryFeeCents,
    totalCents: totalOf(money),
  }
}

/**
 * A quoted request whose quote is accepted and whose deposit is in (or
 * waived) becomes confirmed; otherwise it stays as it is.
 */
async function confirmIfSettled(
  trx: Transaction<Database>,
  { requestId: anyMember, actor, now }: { requestId: number; actor: Actor; now: number },
): Promise<boolean> {
  // A party's deposit and acceptance are its lead's.
  const requestId = (await partyOf(trx, anyMember)).leadId
  const status = await statusOf(trx, requestId)
  const quote = await currentQuote(trx, requestId)
  if (status !== 'quoted' || !quote?.accepted_at) return false
  if (!depositSettled(await moneyOf(trx, requestId))) return false
  const moved = await moveRequest(trx, { requestId, to: 'confirmed', actor, now })
  return moved.ok
}

/**
 * Why a quote cannot be answered any more, as its customer reads it: the
 * request moved on, or this quote was answered already.
 */
function answeredMessage(
  status: RequestStatus,
  quote: { accepted_at: unknown; declined_at: unknown } | undefined,
): string {
  if (quote?.declined_at != null) return 'You already declined this quote.'
  if (status === 'expired') return QUOTE_EXPIRED
  if (status === 'declined') {
    return 'We declined this order, so its quote can no longer be answered.'
  }
  if (status === 'cancelled') {
    return 'This order was cancelled, so its quote can no longer be answered.'
  }
  if (quote?.accepted_at != null) {
    return status === 'quoted'
      ? 'You already accepted this quote. If your plans have changed, just reply to our email.'
      : 'You already accepted this quote, and your date is booked. If your plans have changed, just reply to our email.'
  }
  return 'This order has no quote waiting for an answer.'
}

const QUOTE_EXPIRED =
  'This quote has expired. Please reply to our email if you would still like it.'

/** Undoes an answer's transaction: what it wrote is not kept. */
class AnswerRefused extends Error {
  constructor(readonly change: BookChange) {
    super(change.ok ? 'refused' : change.error)
  }
}

/**
 * The customer's answer to a quote, through their private link: the token
 * must be the request's own. `quoteNumber` is the quote the customer saw
 * (its number among the request's quotes; absent, the current one), so an
 * answer to a quote the bakery has since replaced is refused rather than
 * taken for the new one.
 *
 * Exactly one answer to a quote is taken, however many race on however many
 * instances: the answer first updates the request's row on the condition
 * that it is this link's and still quoted (which, until the transaction
 * ends, holds back every other answer and the owner's own changes), then
 * claims the quote by setting its accepted_at or declined_at where both are
 * still empty. Each step checks the rows it changed; any later or losing
 * answer gets 409 with the reason and writes nothing.
 *
 * Accepting confirms the request at once when the deposit is already in
 * (or waived); otherwise it stays quoted, accepted, until the owner records
 * the deposit. Declining closes it and lets its date go. The owner's email
 * about the answer is queued in the same transaction, so it is sent once.
 */
export async function answerQuote(
  db: Db,
  {
    token,
    requestId,
    quoteNumber,
    answer,
    now,
    siteUrl,
  }: {
    token: string
    requestId: number
    quoteNumber?: number
    answer: QuoteAnswer
    now: number
    /** SITE_URL, for the owner's link to the request. */
    siteUrl?: string
  },
): Promise<BookChange & { confirmed?: boolean }> {
  const answeredId = requestId
  try {
    return await db.transaction().execute(async (trx) => {
      // A party answers as one, on its lead: two members' pages racing
      // meet at the lead's row, and one answer wins (decision 049).
      const party = await partyOf(trx, answeredId)
      const requestId = party.leadId
      const held = await trx
        .updateTable('order_request')
        .set({ status: 'quoted' })
        .where('id', '=', requestId)
        .where('customer_token', '=', token)
        .where('status', '=', 'quoted')
        .executeTakeFirst()
      const request = await trx
        .selectFrom('order_request')
        .select([
          'status',
          'customer_token',
          'name',
          'email',
          'product_type',
          'due_date',
          'payment_reference',
        ])
        .where('id', '=', requestId)
        .executeTakeFirst()
      // Another customer's link reads and changes nothing, exactly as a wrong id.
      if (!request || request.customer_token !== token) return NOT_FOUND
      const quote = await currentQuote(trx, requestId)
      const refuse = (error: string): BookChange => ({ ok: false, status: 409, error })
      if (held.numUpdatedRows === 0n || !quote)
        return refuse(answeredMessage(request.status, quote))
      // The number is of the quotes of the request the customer answered on.
      const { count } = await trx
        .selectFrom('request_quote')
        .select(({ fn }) => fn.countAll<number | string>().as('count'))
        .where('request_id', '=', answeredId)
        .executeTakeFirstOrThrow()
      if (quoteNumber !== undefined && quoteNumber !== Number(count)) {
        return refuse(
          'We have sent you a new quote since you opened this page. Please look it over and answer again.',
        )
      }
      if (quote.accepted_at !== null || quote.declined_at !== null) {
        return refuse(answeredMessage(request.status, quote))
      }
      if (Number(quote.expires_at) <= now) return refuse(QUOTE_EXPIRED)
      const claimed = await trx
        .updateTable('request_quote')
        .set(answer === 'accept' ? { accepted_at: now } : { declined_at: now })
        .where('id', '=', quote.id)
        .where('accepted_at', 'is', null)
        .where('declined_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      if (claimed.numUpdatedRows === 0n) {
        const again = await currentQuote(trx, requestId)
        return refuse(answeredMessage(request.status, again))
      }
      // The other members' quotes carry the same answer: one answer for the party.
      for (const memberId of party.memberIds) {
        if (memberId === requestId) continue
        const memberQuote = await currentQuote(trx, memberId)
        if (!memberQuote) continue
        await trx
          .updateTable('request_quote')
          .set(answer === 'accept' ? { accepted_at: now } : { declined_at: now })
          .where('id', '=', memberQuote.id)
          .where('accepted_at', 'is', null)
          .where('declined_at', 'is', null)
          .execute()
      }
      // Whom the answer emails is the order-status table's (QUOTE_ANSWERS): the owner.
      const plan = QUOTE_ANSWERS[answer]
      const tellOwner = async (outcome: QuoteOutcome) => {
        if (plan.email?.send.template !== 'quote-answer') return
        // A party's answer names every line (decision 049): each treat, its date and price.
        const lines = party.memberIds.length > 1 ? await answeredLines(trx, party) : undefined
        await enqueueEmail(
          trx,
          {
            topic: 'request_update',
            subjectId: requestId,
            email: composeQuoteAnswer(
              {
                name: request.name,
                email: request.email,
                productType: request.product_type,
                dueDate: request.due_date,
                paymentReference: request.payment_reference,
                party: lines,
              },
              outcome,
              {
                requestUrl: siteUrl ? `${siteUrl}/admin/orders/${requestId}` : undefined,
                bakeryName: (await readSiteSection(trx, 'identity')).name,
              },
            ),
          },
          now,
        )
        // A party's answer is about the party: the alert names every member's treat.
        const about = await partyAlertRequest(trx, requestId)
        await queueOwnerAlert(trx, quoteAnswerAlert(about, answer, quote.id), now)
      }
      if (answer === 'decline') {
        const moved = await moveRequest(trx, {
          requestId,
          to: plan.target,
          actor: 'customer',
          note: 'Declined the quote.',
          now,
        })
        if (!moved.ok) throw new AnswerRefused(moved)
        await tellOwner('declined')
        return moved
      }
      for (const memberId of party.memberIds) {
        await recordEvent(trx, {
          requestId: memberId,
          from: 'quoted',
          to: 'quoted',
          actor: 'customer',
          note: party.memberIds.length > 1 ? 'Accepted the party’s quote.' : 'Accepted the quote.',
          now,
        })
      }
      const confirmed = await confirmIfSettled(trx, { requestId, actor: 'customer', now })
      await tellOwner(confirmed ? 'confirmed' : 'accepted')
      return { ok: true, confirmed }
    })
  } catch (error) {
    if (error instanceof AnswerRefused) return error.change
    throw error
  }
}

export interface PaymentInput {
  amountCents: number
  /** YYYY-MM-DD */
  receivedOn: string
  method: string
  /** A card payment's Stripe Checkout session: recorded once (unique), never by the owner. */
  checkoutSessionId?: string
  /** Its Stripe payment intent (pi_…), which a card refund names. */
  paymentIntentId?: string | null
}

/** Records a payment the owner received; an accepted quote whose deposit it settles is confirmed. */
export async function recordPayment(
  db: Db,
  input: { requestId: number; payment: PaymentInput; now: number },
): Promise<BookChange & { confirmed?: boolean }> {
  return db.transaction().execute((trx) => recordPaymentIn(trx, input))
}

/**
 * recordPayment in the caller's transaction, so an email announcing the
 * confirmation it may bring is stored with it.
 */
export async function recordPaymentIn(
  trx: Transaction<Database>,
  {
    requestId: anyMember,
    payment,
    now,
    actor = 'owner',
  }: { requestId: number; payment: PaymentInput; now: number; actor?: Actor },
): Promise<BookChange & { confirmed?: boolean; settled?: boolean }> {
  // A party's payments are recorded once, on its lead (decision 049).
  const requestId = (await partyOf(trx, anyMember)).leadId
  const status = await statusOf(trx, requestId)
  if (!status) return NOT_FOUND
  const refused = refusedPaymentMessage(status)
  if (refused) return { ok: false, status: 409, error: refused }
  const owedBefore = amountsOwed(await moneyOf(trx, requestId)).stillOwed
  await trx
    .insertInto('payment')
    .values({
      request_id: requestId,
      amount_cents: payment.amountCents,
      received_on: payment.receivedOn,
      method: payment.method,
      created_at: now,
      checkout_session_id: payment.checkoutSessionId ?? null,
      payment_intent_id: payment.paymentIntentId ?? null,
    })
    .execute()
  // Its receipt gets its number with the first money in.
  await ensureReceiptIn(trx, { requestId, now })
  // On the timeline too, so the story of a request shows when its money came in.
  await recordEvent(trx, {
    requestId,
    from: status,
    to: status,
    actor,
    note: `Payment received: ${formatMoney(payment.amountCents)} by ${payment.method}, ${formatCalendarDate(payment.receivedOn)}.`,
    now,
  })
  const confirmed = await confirmIfSettled(trx, { requestId, actor, now })
  // A booked order's last payment: what was owed is now nothing (decision 047).
  const settled =
    !confirmed &&
    isIn(BOOKED_STATUSES, status) &&
    owedBefore > 0 &&
    amountsOwed(await moneyOf(trx, requestId)).stillOwed === 0
  return { ok: true, confirmed, settled }
}

/** The owner confirms without a deposit: an accepted quote is confirmed at once. */
export async function waiveDeposit(
  db: Db,
  input: { requestId: number; now: number },
): Promise<BookChange & { confirmed?: boolean }> {
  return db.transaction().execute((trx) => waiveDepositIn(trx, input))
}

/** waiveDeposit in the caller's transaction. */
export async function waiveDepositIn(
  trx: Transaction<Database>,
  { requestId: anyMember, now }: { requestId: number; now: number },
): Promise<BookChange & { confirmed?: boolean }> {
  // A party's one deposit is its lead's.
  const requestId = (await partyOf(trx, anyMember)).leadId
  // Naming the status it waives from, so a request closed meanwhile is not changed.
  const updated = await trx
    .updateTable('order_request')
    .set({ deposit_waived: 1 })
    .where('id', '=', requestId)
    .where('status', '=', 'quoted')
    .executeTakeFirst()
  if (updated.numUpdatedRows === 0n) {
    const status = await statusOf(trx, requestId)
    if (!status) return NOT_FOUND
    return { ok: false, status: 409, error: refusedWaiveMessage(status) ?? 'Try again.' }
  }
  await recordEvent(trx, {
    requestId,
    from: 'quoted',
    to: 'quoted',
    actor: 'owner',
    note: 'Deposit waived.',
    now,
  })
  const confirmed = await confirmIfSettled(trx, { requestId, actor: 'owner', now })
  return { ok: true, confirmed }
}

export interface RefundInput {
  requestId: number
  /** The payment it gives back (a card refund's); absent or null for a manual refund. */
  paymentId?: number | null
  amountCents: number
  /** YYYY-MM-DD */
  refundedOn: string
  /** How it was handed back: 'e-Transfer', 'cash', 'card'. */
  method: string
  reason: string
  /** Stripe's refund id, for a card refund: recording it twice records it once. */
  stripeRefundId?: string | null
  /**
   * The refund lowers the price by as much (decision 060): "one tier
   * fewer, $25 back". Absent or false, the price stands and what the refund
   * gave back is owed again, as before.
   */
  lowersPrice?: boolean
  now: number
  actor?: Actor
}

/** The most a refund may be, in cents: what a payment is bounded by (MAX_DOLLARS). */
const MAX_REFUND_CENTS = MAX_DOLLARS * 100

/**
 * Records money handed back to the customer, in the caller's transaction
 * (so the email announcing it, or a card refund's webhook, is stored with
 * it). Never more than has been paid net, nor, for one payment's refund,
 * more than is left of that payment; a 409 says why. Any status may take a
 * refund while money is held, a cancelled order's deposit above all; the
 * status does not move.
 *
 * Race-safe on both databases: it first updates the request's row (on
 * PostgreSQL that takes the row's lock until the transaction ends; SQLite
 * has one writer), so two refunds on one request are weighed one after the
 * other against what is left. A Stripe refund id already recorded is
 * answered with that refund and writes nothing more.
 */
export async function recordRefundIn(
  trx: Transaction<Database>,
  asked: RefundInput,
): Promise<BookChange & { refundId?: number; duplicate?: boolean }> {
  // A party's refunds, like its payments, are its lead's.
  const input = { ...asked, requestId: (await partyOf(trx, asked.requestId)).leadId }
  const { requestId, amountCents, now } = input
  const held = await trx
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (held.numUpdatedRows === 0n) return NOT_FOUND
  if (input.stripeRefundId) {
    const known = await trx
      .selectFrom('refund')
      .select(['id', 'request_id'])
      .where('stripe_refund_id', '=', input.stripeRefundId)
      .executeTakeFirst()
    if (known) {
      if (Number(known.request_id) !== requestId) {
        return { ok: false, status: 409, error: 'That card refund belongs to another request.' }
      }
      return { ok: true, refundId: Number(known.id), duplicate: true }
    }
  }
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_REFUND_CENTS) {
    return {
      ok: false,
      status: 400,
      error: `The refund must be more than ${formatMoney(0)}.`,
      field: 'refund_amount',
    }
  }
  const status = (await statusOf(trx, requestId))!
  const totals = (await paymentTotals(trx, [requestId])).get(requestId)!
  if (totals.paidCents <= 0) {
    return {
      ok: false,
      status: 409,
      error: 'Nothing has been paid on this request, so there is nothing to refund.',
    }
  }
  if (amountCents > totals.paidCents) {
    return {
      ok: false,
      status: 409,
      error: `Only ${formatMoney(totals.paidCents)} has been paid (after refunds), so no more than that can be refunded.`,
      field: 'refund_amount',
    }
  }
  const lowered = input.lowersPrice
    ? lowerPrice(status, await moneyOf(trx, requestId), amountCents)
    : null
  if (lowered && !lowered.ok) {
    return { ok: false, status: 409, error: lowered.error, field: 'refund_lowers_price' }
  }
  const paymentId = input.paymentId ?? null
  if (paymentId !== null) {
    const payment = await trx
      .selectFrom('payment')
      .select(['amount_cents'])
      .where('id', '=', paymentId)
      .where('request_id', '=', requestId)
      .executeTakeFirst()
    if (!payment) return { ok: false, status: 404, error: 'That payment is not on this request.' }
    const { given } = await trx
      .selectFrom('refund')
      .select(({ fn }) =>
        fn.coalesce(fn.sum<number | string>('amount_cents'), sql.lit(0)).as('given'),
      )
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow()
    const left = Number(payment.amount_cents) - Number(given)
    if (amountCents > left) {
      return {
        ok: false,
        status: 409,
        error: `Only ${formatMoney(Math.max(0, left))} of that payment is left to refund.`,
        field: 'refund_amount',
      }
    }
  }
  const inserted = await trx
    .insertInto('refund')
    .values({
      request_id: requestId,
      payment_id: paymentId,
      amount_cents: amountCents,
      refunded_on: input.refundedOn,
      method: input.method,
      reason: input.reason,
      stripe_refund_id: input.stripeRefundId ?? null,
      created_at: now,
      lowered_to_cents: lowered?.ok ? lowered.totalCents : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (lowered?.ok) {
    // The lead's newest quote holds the party's money: its price (and a
    // deposit above the new total) comes down in the refund's transaction.
    const quote = (await currentQuote(trx, requestId))!
    await trx
      .updateTable('request_quote')
      .set({ price_cents: lowered.priceCents, deposit_cents: lowered.depositCents })
      .where('id', '=', quote.id)
      .execute()
  }
  await recordEvent(trx, {
    requestId,
    from: status,
    to: status,
    actor: input.actor ?? 'owner',
    note: refundNote({ ...input, loweredToCents: lowered?.ok ? lowered.totalCents : null }),
    now,
  })
  return { ok: true, refundId: Number(inserted.id) }
}

/**
 * Whether a refund of `amountCents` may lower the price of `requestId`'s
 * party (decision 060); null when it may. Asked before money leaves (a card
 * refund asks it before Stripe is called), and again by recordRefundIn.
 */
export async function refusedPriceLowering(
  db: Executor,
  { requestId, amountCents }: { requestId: number; amountCents: number },
): Promise<Extract<BookChange, { ok: false }> | null> {
  const leadId = (await partyOf(db, requestId)).leadId
  const status = await statusOf(db, leadId)
  if (!status) return { ok: false, status: 404, error: 'That request is not in the order book.' }
  const lowered = lowerPrice(status, await moneyOf(db, leadId), amountCents)
  return lowered.ok ? null : { ok: false, status: 409, error: lowered.error }
}

/**
 * The timeline's words: 'Refund recorded: $40 by e-Transfer, Nov 26, 2026. Reason: …',
 * led by 'Price lowered to $95 with a $25 refund.' when it lowered the price.
 */
export function refundNote({
  amountCents,
  method,
  refundedOn,
  reason,
  stripeRefundId,
  loweredToCents,
}: Pick<RefundInput, 'amountCents' | 'method' | 'refundedOn' | 'reason' | 'stripeRefundId'> & {
  loweredToCents?: number | null
}): string {
  const why = reason.trim() ? ` Reason: ${reason.trim()}` : ''
  const lowered =
    loweredToCents == null
      ? ''
      : `Price lowered to ${formatMoney(loweredToCents)} with a ${formatMoney(amountCents)} refund. `
  if (stripeRefundId) {
    return `${lowered}Refunded to the customer’s card through Stripe: ${formatMoney(amountCents)}, ${formatCalendarDate(refundedOn)}.${why}`
  }
  const by = method.trim() ? ` by ${method.trim()}` : ''
  return `${lowered}Refund recorded: ${formatMoney(amountCents)}${by}, ${formatCalendarDate(refundedOn)}.${why}`
}

/**
 * The request's receipt number, assigned the first time something is paid
 * (or its receipt is first opened) and never again: the receipt row's id,
 * which neither database hands out twice. Two transactions racing for one
 * request meet at the unique index on request_id: the second inserts
 * nothing and reads the first's number.
 */
export async function ensureReceiptIn(
  trx: Transaction<Database>,
  { requestId: anyMember, now }: { requestId: number; now: number },
): Promise<number> {
  // One receipt, one number, for a party: its lead's.
  const requestId = (await partyOf(trx, anyMember)).leadId
  const numberOf = () =>
    trx.selectFrom('receipt').select('id').where('request_id', '=', requestId).executeTakeFirst()
  const known = await numberOf()
  if (known) return Number(known.id)
  await trx
    .insertInto('receipt')
    .values({ request_id: requestId, created_at: now })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .execute()
  return Number((await numberOf())!.id)
}

/**
 * Quotes nobody answered in time: their requests become expired (by the
 * site), which frees their day's capacity. Returns the ids it expired.
 * Safe to run from any instance at any time: each move names the status it
 * moves from, so a request is expired once. `onExpired` runs in the move's
 * own transaction (to queue the customer's email with it), and only for a
 * move that happened.
 */
export async function expireQuotes(
  db: Db,
  now: number,
  onExpired?: (trx: Transaction<Database>, requestId: number) => Promise<void>,
): Promise<number[]> {
  const expired: number[] = []
  // Keyset on the request id: a request that would not move is not met again.
  let afterId = 0
  for (;;) {
    const page = await expireQuotesPage(db, { now, afterId }, onExpired)
    expired.push(...page.expired)
    if (page.lastId === null) return expired
    afterId = page.lastId
  }
}

/**
 * Keeps a joined quote only if no newer one exists for its request: a
 * re-quote replaces the last, so only the newest counts.
 */
export function isNewestQuote(eb: ExpressionBuilder<Database, 'order_request' | 'request_quote'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('request_quote as newer')
        .select('newer.id')
        .whereRef('newer.request_id', '=', 'order_request.id')
        .whereRef('newer.id', '>', 'request_quote.id'),
    ),
  )
}

/**
 * What has been paid on the joined request, as a column `paid`: its
 * payments less its refunds (see netPaid).
 */
export function paidSoFar(eb: ExpressionBuilder<Database, 'order_request' | 'request_quote'>) {
  return netPaid(eb).as('paid')
}

/** What the joined request's payments come to, in cents (0 for none). */
function receivedOf(eb: ExpressionBuilder<Database, 'order_request'>) {
  return eb
    .selectFrom('payment')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('payment.amount_cents'), sql.lit(0)).as('received'),
    )
    .whereRef('payment.request_id', '=', 'order_request.id')
}

/** What the joined request's refunds come to, in cents (0 for none). */
function refundedOf(eb: ExpressionBuilder<Database, 'order_request'>) {
  return eb
    .selectFrom('refund')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('refund.amount_cents'), sql.lit(0)).as('refunded'),
    )
    .whereRef('refund.request_id', '=', 'order_request.id')
}

/**
 * The one rule of what has been paid on a request: its payments less its
 * refunds (docs/decisions/046). Everything that reads what is paid or owed
 * (the order page, the list, the CSV, Today, the digest, the notices, the
 * customer's page and emails, the receipt) reads it through this
 * expression, via paidSoFar, moneyOf or paymentTotals.
 */
export function netPaid(eb: ExpressionBuilder<Database, 'order_request'>) {
  return eb(receivedOf(eb), '-', refundedOf(eb))
}

export interface PaymentTotals {
  /** What the payments came to. */
  receivedCents: number
  /** What was handed back. */
  refundedCents: number
  /** What is paid: received less refunded (netPaid). */
  paidCents: number
}

/** Each request's payments, refunds and what is paid net, for a page of requests. */
export async function paymentTotals(
  db: Executor,
  requestIds: readonly number[],
): Promise<Map<number, PaymentTotals>> {
  const ids = [...new Set(requestIds)]
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('order_request')
    .select((eb) => [
      'order_request.id',
      receivedOf(eb).as('received'),
      refundedOf(eb).as('refunded'),
      netPaid(eb).as('paid'),
    ])
    .where('order_request.id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        receivedCents: Number(row.received ?? 0),
        refundedCents: Number(row.refunded ?? 0),
        paidCents: Number(row.paid ?? 0),
      },
    ]),
  )
}

/** Quotes expired per pass: a server back after weeks away works through them a page at a time. */
const EXPIRY_PAGE_SIZE = 200

async function expireQuotesPage(
  db: Db,
  { now, afterId }: { now: number; afterId: number },
  onExpired?: (trx: Transaction<Database>, requestId: number) => Promise<void>,
): Promise<{ expired: number[]; lastId: number | null }> {
  const due = await db
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select('order_request.id')
    // Written out rather than bound, so both databases can answer from the
    // small partial index of quoted requests (migration 017-streaming-quoted-requests)
    // instead of reading the whole book every five minutes.
    .where('order_request.status', '=', sql.lit('quoted'))
    .where('order_request.id', '>', afterId)
    .where('request_quote.accepted_at', 'is', null)
    .where('request_quote.expires_at', '<=', now)
    // Only the newest quote counts: a re-quote replaces an expired one.
    .where(isNewestQuote)
    .orderBy('order_request.id')
    .limit(EXPIRY_PAGE_SIZE)
    .execute()
  const expired: number[] = []
  for (const { id } of due) {
    const moved = await db.transaction().execute(async (trx) => {
      const result = await moveRequest(trx, {
        requestId: id,
        to: QUOTE_EXPIRY.target,
        actor: 'site',
        note: 'Quote not answered in time.',
        now,
      })
      if (result.ok && onExpired) await onExpired(trx, id)
      return result
    })
    if (moved.ok) expired.push(id)
  }
  return {
    expired,
    lastId: due.length === EXPIRY_PAGE_SIZE ? Number(due.at(-1)!.id) : null,
  }
}

/**
 * Whether any quote or payment is recorded: from then on every amount in
 * the book is in the bakery's currency, which then stays (decision 057).
 */
export async function moneyRecorded(db: Executor): Promise<boolean> {
  const [quote, payment] = await Promise.all([
    db.selectFrom('request_quote').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('payment').select('id').limit(1).executeTakeFirst(),
  ])
  return quote !== undefined || payment !== undefined
}
