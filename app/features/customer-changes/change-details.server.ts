import type { Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import {
  type ChangedPart,
  DETAIL_FIELDS,
  type RequestDetails,
  changedParts,
  detailsOf,
  partsSentence,
  partyParts,
} from '#app/features/order-book/change-parts.ts'
import {
  type BookChange,
  NOT_FOUND,
  recordEvent,
} from '#app/features/order-book/request-moves.server.ts'
import { isIn } from '#app/features/order-status/order-status.ts'
import { OWNER_INTENTS } from '#app/features/order-status/owner-intents.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { type Executor, type PartyRow, nowOf } from './change-rules.server.ts'

const ownTables = tablesFor('customer-changes')

/**
 * A request's details in her words (decision 081): the ones a change asks
 * for, kept beside it until the owner answers, and written onto the request
 * when she accepts it or edits them herself.
 */

/** What a change asks of each member: its new details, by request id. */
export type DetailsAsked = ReadonlyMap<number, Partial<RequestDetails>>

/** Keeps the details a change asks for, each member's own. */
export async function storeDetailsAsked(
  trx: Transaction<Database>,
  changeId: number,
  asked: DetailsAsked,
): Promise<void> {
  const rows = [...asked].flatMap(([requestId, details]) =>
    DETAIL_FIELDS.filter((field) => details[field] !== undefined).map((field) => ({
      change_id: changeId,
      request_id: requestId,
      field,
      value: details[field]!,
    })),
  )
  if (rows.length > 0)
    await ownTables(trx).insertInto('customer_change_detail').values(rows).execute()
}

/** The details a change asks for, by member. */
export async function readDetailsAsked(db: Executor, changeId: number): Promise<DetailsAsked> {
  const rows = await ownTables(db)
    .selectFrom('customer_change_detail')
    .select(['request_id', 'field', 'value'])
    .where('change_id', '=', changeId)
    .execute()
  const asked = new Map<number, Partial<RequestDetails>>()
  for (const row of rows) {
    const id = Number(row.request_id)
    asked.set(id, { ...asked.get(id), [row.field]: row.value })
  }
  return asked
}

/** A change as its parts are told: a date (and window) or none, and the details asked. */
export interface ChangeAsked {
  date: string | null
  window: string | null
  details: DetailsAsked
}

/**
 * What a change would make of the party as it stands now: each member's
 * own parts, and the party's told once (partyParts).
 */
export function partsOfChange(members: readonly PartyRow[], change: ChangeAsked) {
  const each = members.map((member) => ({
    member,
    treat: member.product_type,
    parts: changedParts(nowOf(member), {
      date: change.date,
      window: change.window,
      details: change.details.get(member.id) ?? {},
    }),
  }))
  return { each, party: partyParts(each) }
}

/** Writes the details onto the request: '' clears an optional one. */
export async function writeDetails(
  trx: Transaction<Database>,
  requestId: number,
  details: Partial<RequestDetails>,
): Promise<void> {
  const optional = (value: string | undefined) =>
    value === undefined ? undefined : value.trim() ? value.trim() : null
  const set = {
    // The theme is never empty: the shared schema asks for one.
    event_theme: details.event_theme?.trim() || undefined,
    servings: optional(details.servings),
    allergies: optional(details.allergies),
    comments: optional(details.comments),
  }
  if (Object.values(set).every((value) => value === undefined)) return
  await ownTables(trx).updateTable('order_request').set(set).where('id', '=', requestId).execute()
}

/**
 * The owner edits a request's details herself (`edit_details`), in the
 * order action's transaction (version claimed, lead held): refused once the
 * request is closed, or when nothing differs; else written and told on the
 * timeline, from what to what.
 */
export async function editDetailsIn(
  trx: Transaction<Database>,
  { requestId, details, now }: { requestId: number; details: RequestDetails; now: number },
): Promise<BookChange & { changes?: ChangedPart[] }> {
  const row = await ownTables(trx)
    .selectFrom('order_request')
    .select(['status', 'event_theme', 'servings', 'allergies', 'comments'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!row) return NOT_FOUND
  if (!isIn(OWNER_INTENTS.edit_details.from, row.status)) {
    return {
      ok: false,
      status: 409,
      error: `This request is ${row.status}: its details stay as they were.`,
    }
  }
  const parts = changedParts(
    { dueDate: '', window: null, delivery: false, details: detailsOf(row) },
    { date: null, window: null, details },
  )
  if (parts.length === 0) {
    return { ok: false, status: 400, error: 'Nothing to save: the details are as they were.' }
  }
  await writeDetails(trx, requestId, details)
  await recordEvent(trx, {
    requestId,
    from: row.status,
    to: row.status,
    actor: 'owner',
    note: `Changed the details: ${endSentence(partsSentence(parts))}`,
    now,
  })
  return { ok: true, changes: parts }
}
