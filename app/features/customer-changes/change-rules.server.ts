import type { Kysely, Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestStatus } from '#app/db/schema.ts'
import { lockBookings } from '#app/features/availability/availability.server.ts'
import { findUnbookable } from '#app/features/availability/availability.server.ts'
import { unavailableReason } from '#app/features/availability/availability.ts'
import { findWindowRefusal } from '#app/features/availability/pickup-windows.server.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { listProducts } from '#app/features/menu/menu.server.ts'
import { type RequestNow, detailsOf } from '#app/features/order-book/change-parts.ts'
import {
  holdPartyLead,
  partyAlertRequest,
  treatsNamed,
} from '#app/features/order-book/party.server.ts'
import { type BookChange } from '#app/features/order-book/request-moves.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import type { OwnerEmailLinks, SelfServiceRequest } from './self-service-emails.ts'

const ownTables = tablesFor('customer-changes')

/**
 * What asking for a change, answering it and cancelling share (decision
 * 054): the party's members as a change weighs them, the lead's row held,
 * and a new day and time weighed as a new order's.
 */

export type Executor = Kysely<Database> | Transaction<Database>

export interface PartyRow {
  id: number
  position: number
  status: RequestStatus
  due_date: string
  pickup_window: string | null
  product_type: string
  fulfilment: 'pickup' | 'delivery' | null
  event_theme: string
  servings: string | null
  allergies: string | null
  comments: string | null
}

/** The party's members as a change weighs them, in the send's order. */
export async function membersOf(trx: Executor, memberIds: readonly number[]): Promise<PartyRow[]> {
  const rows = await ownTables(trx)
    .selectFrom('order_request')
    .select([
      'id',
      'position',
      'status',
      'due_date',
      'pickup_window',
      'product_type',
      'fulfilment',
      'event_theme',
      'servings',
      'allergies',
      'comments',
    ])
    .where('id', 'in', memberIds)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id), position: Number(row.position) }))
}

/** A member as the change's parts are weighed against it. */
export function nowOf(member: PartyRow): RequestNow {
  return {
    dueDate: member.due_date,
    window: member.pickup_window,
    delivery: member.fulfilment === 'delivery',
    details: detailsOf(member),
  }
}

/** Whether a change to `date` and `window` (null: keep them) moves any member. */
export function movesParty(
  members: readonly PartyRow[],
  date: string | null,
  window: string | null,
): boolean {
  return (
    date !== null &&
    members.some((member) => member.due_date !== date || member.pickup_window !== window)
  )
}

/** The earliest date of a party: what the policy's days are counted to. */
export function firstDate(members: readonly PartyRow[]): string {
  return members.map((member) => member.due_date).sort()[0]!
}

/** The request a private link names by its place in the send; undefined for none. */
export async function requestOfLink(
  db: Executor,
  { token, position }: { token: string; position: number },
): Promise<number | undefined> {
  const row = await ownTables(db)
    .selectFrom('order_request')
    .select('id')
    .where('customer_token', '=', token)
    .where('position', '=', position)
    .executeTakeFirst()
  return row ? Number(row.id) : undefined
}

/** Holds the lead's row (PostgreSQL: locked to the transaction's end; SQLite has one writer). */
export async function holdLead(trx: Transaction<Database>, requestId: number) {
  const party = await holdPartyLead(trx, requestId)
  await ownTables(trx)
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', party.leadId)
    .execute()
  return party
}

/** The sentence for a day a change cannot have, as the order form says it. */
function dayRefusal(
  date: string,
  unbookable: NonNullable<Awaited<ReturnType<typeof findUnbookable>>>,
): string {
  const reason = unavailableReason(unbookable.day, {
    noticeDays: unbookable.demand.noticeDays,
    lastBookable: unbookable.lastBookable,
  })
  const next = unbookable.nextOpen
    ? ` The next day we could take it is ${formatCalendarDate(unbookable.nextOpen)}.`
    : ''
  return `${formatCalendarDate(date)} is ${reason}, so we can’t move your order there.${next}`
}

/** Why a move is refused: 400 for a time the day does not have (or none on a day with times), 409 for a day or time taken. */
/**
 * The party as the owner's email and alert about what the customer did name
 * it: her details with the party's treats, the links to her order page and
 * the bakery's name, and the request an alert is about.
 */
export async function partyForOwner(
  trx: Executor,
  party: Awaited<ReturnType<typeof holdLead>>,
  siteUrl: string,
): Promise<{
  request: SelfServiceRequest
  links: OwnerEmailLinks
  about: Awaited<ReturnType<typeof partyAlertRequest>>
}> {
  const lead = await ownTables(trx)
    .selectFrom('order_request')
    .select(['name', 'email', 'due_date', 'payment_reference'])
    .where('id', '=', party.leadId)
    .executeTakeFirstOrThrow()
  const about = await partyAlertRequest(trx, party)
  return {
    request: {
      name: lead.name,
      email: lead.email,
      productType: treatsNamed(about),
      dueDate: lead.due_date,
      paymentReference: lead.payment_reference,
    },
    links: {
      requestUrl: siteUrl ? `${siteUrl}/admin/orders/${party.leadId}` : undefined,
      bakeryName: (await readSiteSection(trx, 'identity')).name,
    },
    about,
  }
}

export interface MoveRefusal {
  status: 400 | 409
  error: string
}

/**
 * Weighs the party's move to `date` (and `window`) exactly as a new send's
 * requests are weighed: the booking lock first, then the day's capacity by
 * each member's effort and notice, then the pickup window, counting every
 * request held there except the members being moved. Undefined means it
 * fits.
 */
export async function refusedMove(
  trx: Transaction<Database>,
  members: readonly PartyRow[],
  { date, window, now }: { date: string; window: string | null; now: number },
): Promise<MoveRefusal | undefined> {
  await lockBookings(trx)
  const except = members.map((member) => member.id)
  const products = await listProducts(trx as unknown as Db)
  const unbookable = await findUnbookable(
    trx,
    members.map((member) => ({ dueDate: date, productType: member.product_type })),
    { products, now: new Date(now), except },
  )
  if (unbookable) return { status: 409, error: dayRefusal(date, unbookable) }
  const refusal = await findWindowRefusal(
    trx,
    members.map(() => ({ dueDate: date, window: window ?? undefined })),
    { except },
  )
  if (!refusal) return undefined
  const day = formatCalendarDate(date)
  const open = refusal.open.length
    ? ` Times with room that day: ${endSentence(refusal.open.map(formatWindow).join(', '))}`
    : ''
  const asked = formatWindow(window ?? '')
  if (refusal.reason === 'full') {
    return { status: 409, error: `${asked} on ${day} is fully booked.${open}` }
  }
  if (refusal.reason === 'missing') {
    return { status: 400, error: `Please choose a time on ${day}.${open}` }
  }
  return {
    status: 400,
    error: refusal.dayHasWindows
      ? `${asked} is not one of the times on ${day}.${open}`
      : `${day} has no set times; choose “No set time”.`,
  }
}

/** Throws a refusal out of a transaction so that nothing it wrote is kept. */
export class Refused extends Error {
  constructor(readonly change: BookChange) {
    super(change.ok ? 'refused' : change.error)
  }
}

export const refuse = (status: 400 | 404 | 409 | 502 | 503, error: string): never => {
  throw new Refused({ ok: false, status, error })
}

/** Runs `work` in a transaction; a refusal thrown in it rolls back and is answered. */
export async function inTransaction<T extends BookChange>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | BookChange> {
  try {
    return await db.transaction().execute(work)
  } catch (error) {
    if (error instanceof Refused) return error.change
    throw error
  }
}
