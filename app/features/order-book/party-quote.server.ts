import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestStatus } from '#app/db/schema.ts'
import { STATUS_LABELS, refusedMoveMessage } from '#app/features/order-status/order-status.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { partyOf } from './party.server.ts'
import {
  PICKUP_FEE_MESSAGE,
  type QuoteInput,
  defaultBalanceDue,
  quoteRequest,
} from './quotes.server.ts'
import { type BookChange } from './request-moves.server.ts'

const ownTables = tablesFor('order-book')

/**
 * One quote for a party (decision 049): requests of one send, quoted
 * together from the order page of any of them. The lead (the first in the
 * send's order, or the party's lead already) holds the party's quote money,
 * each member's quote its own line; every member points to the lead.
 */

/** Another request of the same send, as the quote form offers it. */
export interface PartyChoice {
  id: number
  position: number
  productType: string
  dueDate: string
  status: RequestStatus
  fulfilment: 'pickup' | 'delivery' | null
  /** Quoted together with this request now: ticked to begin with. */
  inParty: boolean
  /** Its own line on the party's quote, in cents, when it has one. */
  lineCents: number | null
  /** Why it cannot be ticked, or null when it can. */
  refused: string | null
}

/** The other requests of `requestId`'s send, for the same customer, each with whether it may join. */
export async function readPartyChoices(db: Db, requestId: number): Promise<PartyChoice[]> {
  const request = await ownTables(db)
    .selectFrom('order_request')
    .select(['batch_id', 'customer_token'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!request?.customer_token) return []
  const party = await partyOf(db, requestId)
  const siblings = await sendOf(db, {
    batchId: request.batch_id,
    token: request.customer_token,
  })
  const others = siblings.filter((row) => Number(row.id) !== requestId)
  const quotes = others.length
    ? await ownTables(db)
        .selectFrom('request_quote')
        .select(['request_id', 'line_cents'])
        .where(
          'request_id',
          'in',
          others.map((row) => Number(row.id)),
        )
        .orderBy('id')
        .execute()
    : []
  const lineOf = new Map(quotes.map((quote) => [Number(quote.request_id), quote.line_cents]))
  return others.map((row) => {
    const inParty = party.memberIds.length > 1 && party.memberIds.includes(Number(row.id))
    return {
      id: Number(row.id),
      position: row.position,
      productType: row.product_type,
      dueDate: row.due_date,
      status: row.status,
      fulfilment: row.fulfilment,
      inParty,
      lineCents: inParty ? Number(lineOf.get(Number(row.id)) ?? 0) : null,
      refused: refusedMember(row, { leadId: party.memberIds.length > 1 ? party.leadId : null }),
    }
  })
}

/** A send's requests for one customer: at most the batch's, in its order. */
function sendOf(
  db: Db | Transaction<Database>,
  { batchId, token }: { batchId: number; token: string },
) {
  return ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'position', 'product_type', 'due_date', 'status', 'fulfilment', 'party_lead_id'])
    .where('batch_id', '=', batchId)
    .where('customer_token', '=', token)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/**
 * Why a request cannot be quoted in this party, as the owner reads it, or
 * null when it can: a new request on its own, or a member of this very
 * party (whose quote a new one replaces).
 */
function refusedMember(
  row: { status: RequestStatus; party_lead_id: number | null; product_type: string },
  { leadId }: { leadId: number | null },
): string | null {
  const name = `The ${row.product_type} request`
  const lead = row.party_lead_id === null ? null : Number(row.party_lead_id)
  if (lead !== null && lead !== leadId) {
    return `${name} is quoted together with other requests already.`
  }
  if (lead !== null && row.status === 'quoted') return null
  if (row.status === 'new' && lead === null) return null
  if (row.status === 'quoted') {
    return `${name} is already quoted on its own. Quote it separately, or decline it first.`
  }
  return `${name} is ${STATUS_LABELS[row.status].toLowerCase()}: ${refusedMoveMessage(row.status, 'quoted').toLowerCase()}`
}

/**
 * Sends one quote for `requestId` and the requests ticked with it, in the
 * caller's transaction (the one email is the caller's, on the lead). Each
 * member is quoted by the order book's own quoteRequest, the lead with the
 * lines' sum, the fee and the deposit, the others with their line alone,
 * all with one set of dates, one message and one expiry. With none ticked
 * it is the quote of one request, as before, unless the request is in a
 * party already (its party is quoted again with all its members, or not).
 */
export async function quoteParty(
  trx: Transaction<Database>,
  {
    requestId,
    lines,
    quote,
    now,
  }: {
    requestId: number
    /** The other requests ticked, each with its own price in cents. */
    lines: ReadonlyMap<number, number>
    /** The quote, priceCents being this request's own line. */
    quote: QuoteInput
    now: number
  },
): Promise<BookChange & { leadId?: number }> {
  const party = await partyOf(trx, requestId)
  const inParty = party.memberIds.length > 1
  if (lines.size === 0) {
    if (inParty) {
      return {
        ok: false,
        status: 409,
        error:
          'This request is quoted together with other requests: tick them to quote the party again, or decline or cancel it.',
      }
    }
    const quoted = await quoteRequest(trx, { requestId, quote, now })
    return quoted.ok ? { ok: true, leadId: requestId } : quoted
  }
  const chosen = await chooseMembers(trx, { requestId, lines, party })
  if (!chosen.ok) return chosen
  const { members, leadId } = chosen
  const lineOf = (id: number) => (id === requestId ? quote.priceCents : lines.get(id)!)
  const schedule = await partySchedule(trx, { members, quote, now })
  if (!schedule.ok) return schedule
  const memberIds = members.map((row) => Number(row.id))
  // Quoted one by one as requests of their own, then joined to the lead.
  await ownTables(trx)
    .updateTable('order_request')
    .set({ party_lead_id: null })
    .where('id', 'in', memberIds)
    .execute()
  const totalCents = memberIds.reduce((sum, id) => sum + lineOf(id), 0)
  const feeCents = quote.deliveryFeeCents ?? 0
  for (const id of memberIds) {
    const isLead = id === leadId
    const quoted = await quoteRequest(trx, {
      requestId: id,
      quote: {
        ...quote,
        priceCents: isLead ? totalCents : 0,
        lineCents: lineOf(id),
        deliveryFeeCents: isLead ? feeCents : 0,
        depositCents: isLead ? quote.depositCents : 0,
        ...(isLead && quote.depositPercent !== undefined
          ? { depositPercent: quote.depositPercent }
          : { depositPercent: undefined }),
        taxedLines: isLead
          ? members.map((row) => ({ product: row.product_type, cents: lineOf(Number(row.id)) }))
          : [],
        depositDue: schedule.depositDue,
        balanceDue: schedule.balanceDue,
        partyDelivers: schedule.partyDelivers,
      },
      now,
    })
    if (!quoted.ok) return quoted
  }
  await ownTables(trx)
    .updateTable('order_request')
    .set({ party_lead_id: leadId })
    .where('id', 'in', memberIds)
    .execute()
  return { ok: true, leadId }
}

type SendRow = Awaited<ReturnType<typeof sendOf>>[number]
type Refusal = Extract<BookChange, { ok: false }>

/**
 * The party's members (this request and the ticked ones, in the send's
 * order) and its lead, or why they cannot be quoted together: a ticked one
 * from another send, one that may not join, or a member of the party left
 * unticked.
 */
async function chooseMembers(
  trx: Transaction<Database>,
  {
    requestId,
    lines,
    party,
  }: {
    requestId: number
    lines: ReadonlyMap<number, number>
    party: Awaited<ReturnType<typeof partyOf>>
  },
): Promise<{ ok: true; members: SendRow[]; leadId: number } | Refusal> {
  const inParty = party.memberIds.length > 1
  const request = await ownTables(trx)
    .selectFrom('order_request')
    .select(['batch_id', 'customer_token'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!request) return { ok: false, status: 404, error: 'That request is not in the order book.' }
  const send = request.customer_token
    ? await sendOf(trx, { batchId: request.batch_id, token: request.customer_token })
    : []
  const byId = new Map(send.map((row) => [Number(row.id), row]))
  for (const id of lines.keys()) {
    if (id === requestId || !byId.has(id)) {
      return {
        ok: false,
        status: 400,
        error: 'Only the other requests this customer sent together can be quoted with this one.',
      }
    }
  }
  const members = send.filter((row) => Number(row.id) === requestId || lines.has(Number(row.id)))
  const leadId = inParty ? party.leadId : Number(members[0]!.id)
  for (const row of members) {
    const refused = refusedMember(row, { leadId: inParty ? party.leadId : null })
    if (refused) return { ok: false, status: 409, error: refused }
  }
  const left = party.memberIds.find((id) => id !== requestId && !lines.has(id))
  if (inParty && left !== undefined) {
    return {
      ok: false,
      status: 409,
      error: `The ${byId.get(left)?.product_type ?? 'other'} request is quoted together with this one: tick it to quote the party again.`,
    }
  }
  return { ok: true, members, leadId }
}

/**
 * One schedule for the party, due by its earliest date: the deposit's and
 * the balance's days (the balance's by the bakery's rule when the quote
 * leaves it out), and whether any member is delivered, which a delivery fee
 * needs.
 */
async function partySchedule(
  trx: Transaction<Database>,
  { members, quote, now }: { members: SendRow[]; quote: QuoteInput; now: number },
): Promise<
  | { ok: true; depositDue: string | null; balanceDue: string | null; partyDelivers: boolean }
  | Refusal
> {
  const partyDelivers = members.some((row) => row.fulfilment === 'delivery')
  if ((quote.deliveryFeeCents ?? 0) > 0 && !partyDelivers) {
    return { ok: false, status: 400, error: PICKUP_FEE_MESSAGE, field: 'delivery_fee' }
  }
  const earliest = members.map((row) => row.due_date).sort()[0]!
  const depositDue = quote.depositCents > 0 ? quote.depositDue : null
  if (depositDue && depositDue > earliest) {
    return {
      ok: false,
      status: 400,
      error: `The deposit must be due by the party’s first date, ${formatCalendarDate(earliest)}.`,
      field: 'deposit_due',
    }
  }
  const settings = await ownTables(trx)
    .selectFrom('booking_settings')
    .select('balance_due_days')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  const balanceDue =
    quote.balanceDue ??
    defaultBalanceDue({
      orderDate: earliest,
      daysBefore: Number(settings.balance_due_days),
      today: bakeryToday(new Date(now)),
      depositDue,
    })
  if (balanceDue && balanceDue > earliest) {
    return {
      ok: false,
      status: 400,
      error: `The balance must be due by the party’s first date, ${formatCalendarDate(earliest)}.`,
      field: 'balance_due',
    }
  }
  return { ok: true, depositDue, balanceDue, partyDelivers }
}
