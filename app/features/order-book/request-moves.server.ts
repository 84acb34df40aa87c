import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestEventTable, RequestStatus } from '#app/db/schema.ts'
import {
  PARTY_MOVE_STATUSES,
  canMove,
  isIn,
  refusedMoveMessage,
} from '#app/features/order-status/order-status.ts'
import { holdPartyLead } from './party.server.ts'

const ownTables = tablesFor('order-book')

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

export const NOT_FOUND: BookChange = {
  ok: false,
  status: 404,
  error: 'That request is not in the order book.',
}

/** Where a request stands, or undefined when there is no such request. */
export async function statusOf(
  db: Executor,
  requestId: number,
): Promise<RequestStatus | undefined> {
  const request = await ownTables(db)
    .selectFrom('order_request')
    .select('status')
    .where('id', '=', requestId)
    .executeTakeFirst()
  return request?.status
}

/**
 * Where a request stands, read with its row held until `trx` ends, as every
 * change to its money holds it: a payment or a refund at the same moment
 * waits, or this waits for it.
 */
export async function heldStatusOf(trx: Transaction<Database>, requestId: number) {
  await ownTables(trx)
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', requestId)
    .execute()
  return statusOf(trx, requestId)
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
  await ownTables(trx)
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', 'in', party.memberIds)
    .execute()
  const members = await ownTables(trx)
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
  const updated = await ownTables(trx)
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
  await ownTables(db)
    .insertInto('request_event')
    .values({ request_id: requestId, at: now, from_status: from, to_status: to, actor, note })
    .execute()
  // Every change to a request writes its timeline, so here is the one place
  // that counts changes: a form showing an older count is out of date.
  await ownTables(db)
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
  const claimed = await ownTables(trx)
    .updateTable('order_request')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', requestId)
    .where('version', '=', version)
    .executeTakeFirst()
  if (claimed.numUpdatedRows > 0n) return { ok: true }
  const exists = await statusOf(trx, requestId)
  return exists ? { ok: false, status: 409, error: STALE_MESSAGE } : NOT_FOUND
}
