import type { Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { type ChangedPart, partsSentence } from '#app/features/order-book/change-parts.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import { type BookChange, recordEvent } from '#app/features/order-book/request-moves.server.ts'
import { CUSTOMER_CHANGEABLE_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import {
  type DetailsAsked,
  partsOfChange,
  readDetailsAsked,
  writeDetails,
} from './change-details.server.ts'
import {
  type Executor,
  type PartyRow,
  holdLead,
  membersOf,
  movesParty,
  refusedMove,
} from './change-rules.server.ts'

const ownTables = tablesFor('customer-changes')

/**
 * The owner's answer to the change a customer asked from her page
 * (decisions 054 and 081). Accepting makes it: the party moves to the day
 * and time she asked, weighed again as a new order's, and each member takes
 * the details she asked for it; the timeline and her email say what changed,
 * from what to what, and nothing that did not.
 */

/** A change waiting for the owner's answer, as her order page shows it. */
export interface PendingChange {
  id: number
  /** What accepting it would change now, from what to what; empty when nothing differs. */
  changes: ChangedPart[]
  /** Whether accepting moves the party to another day or time (weighed again then). */
  moves: boolean
  newDate: string | null
  newWindow: string | null
  /** Her words about it. */
  details: string
  askedAt: number
}

/** The party's change waiting for an answer, if any, told against the party as it stands. */
export async function pendingChangeOf(db: Executor, leadId: number): Promise<PendingChange | null> {
  const row = await ownTables(db)
    .selectFrom('customer_change')
    .selectAll()
    .where('request_id', '=', leadId)
    .where('kind', '=', 'change')
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (!row) return null
  const [party, details] = await Promise.all([
    partyOf(db, leadId),
    readDetailsAsked(db, Number(row.id)),
  ])
  const members = await membersOf(db, party.memberIds)
  return {
    id: Number(row.id),
    moves: movesParty(members, row.new_date, row.new_window),
    changes: partsOfChange(members, { date: row.new_date, window: row.new_window, details }).party,
    newDate: row.new_date,
    newWindow: row.new_window,
    details: row.details,
    askedAt: Number(row.created_at),
  }
}

/** What an answer did: her words or the owner's sentence for the email, and what changed. */
export type ChangeAnswer = BookChange & { note?: string | null; changes?: ChangedPart[] }

const conflict = (error: string): ChangeAnswer => ({ ok: false, status: 409, error })

/**
 * The owner's answer to the change waiting on a request's party, in the
 * caller's transaction (the order action's, which has held the lead and
 * claimed the page's version). Accepting a new day or time weighs it again
 * under the booking lock, in this transaction; of two accepts racing for a
 * day's last place one wins and the other is refused with a sentence.
 * Declining keeps everything and records the owner's sentence.
 */
export async function answerChangeIn(
  trx: Transaction<Database>,
  {
    requestId,
    accept,
    note = '',
    now,
  }: { requestId: number; accept: boolean; note?: string; now: number },
): Promise<ChangeAnswer> {
  const party = await holdLead(trx, requestId)
  const change = await pendingChangeOf(trx, party.leadId)
  if (!change) {
    return conflict('There is no change waiting for an answer: it may have been answered already.')
  }
  const members = await membersOf(trx, party.memberIds)
  const lead = members.find((member) => member.id === party.leadId) ?? members[0]!
  if (!accept) return declineChange(trx, { leadId: party.leadId, lead, change, note, now })
  return acceptChange(trx, { leadId: party.leadId, members, change, now })
}

/** Claims the change for the owner's answer while it is still open; false when it was answered meanwhile. */
async function claimAnswer(
  trx: Transaction<Database>,
  {
    changeId,
    status,
    fields,
    now,
  }: {
    changeId: number
    status: 'accepted' | 'declined'
    fields: Record<string, string>
    now: number
  },
): Promise<boolean> {
  const claimed = await ownTables(trx)
    .updateTable('customer_change')
    .set({ status, answered_at: now, ...fields })
    .where('id', '=', changeId)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return claimed.numUpdatedRows > 0n
}

/** Declining keeps the order as it is and writes the owner's sentence on the lead's timeline. */
async function declineChange(
  trx: Transaction<Database>,
  {
    leadId,
    lead,
    change,
    note,
    now,
  }: { leadId: number; lead: PartyRow; change: PendingChange; note: string; now: number },
): Promise<ChangeAnswer> {
  const claimed = await claimAnswer(trx, {
    changeId: change.id,
    status: 'declined',
    fields: { answer_note: note },
    now,
  })
  if (!claimed) return conflict('That change was answered meanwhile.')
  const asked = change.changes.length > 0 ? ` (${partsSentence(change.changes)})` : ''
  await recordEvent(trx, {
    requestId: leadId,
    from: lead.status,
    to: lead.status,
    actor: 'owner',
    note: `Declined the change asked${asked}.${note.trim() ? ` ${note.trim()}` : ''}`,
    now,
  })
  return { ok: true, note: note.trim() || null }
}

/**
 * Accepting weighs a new day or time again under the booking lock, claims
 * the change, and makes it; refused with a sentence when the order has
 * moved on or the day or time cannot be had now.
 */
async function acceptChange(
  trx: Transaction<Database>,
  {
    leadId,
    members,
    change,
    now,
  }: { leadId: number; members: PartyRow[]; change: PendingChange; now: number },
): Promise<ChangeAnswer> {
  if (members.some((member) => !isIn(CUSTOMER_CHANGEABLE_STATUSES, member.status))) {
    return conflict('This order has moved on since the change was asked; decline it instead.')
  }
  const details = await readDetailsAsked(trx, change.id)
  const { each, party: made } = partsOfChange(members, {
    date: change.newDate,
    window: change.newWindow,
    details,
  })
  const moves = movesParty(members, change.newDate, change.newWindow)
  if (moves) {
    const refused = await refusedMove(trx, members, {
      date: change.newDate!,
      window: change.newWindow,
      now,
    })
    if (refused) {
      return conflict(
        `${refused.error} Decline the change with a sentence, or ask her for another date.`,
      )
    }
  }
  const claimed = await claimAnswer(trx, {
    changeId: change.id,
    status: 'accepted',
    fields: { made: partsSentence(made) },
    now,
  })
  if (!claimed) return conflict('That change was answered meanwhile.')
  const words = change.details.trim()
  await makeChange(trx, { leadId, change, each, made, details, moves, words, now })
  // Her words go in her email only when nothing on the order changed: they say which change.
  return { ok: true, note: made.length > 0 ? null : words || null, changes: made }
}

/** Each member takes the new day and time (when it moves) and its details, and its timeline says what changed. */
async function makeChange(
  trx: Transaction<Database>,
  {
    leadId,
    change,
    each,
    made,
    details,
    moves,
    words,
    now,
  }: {
    leadId: number
    change: PendingChange
    each: ReturnType<typeof partsOfChange>['each']
    made: ChangedPart[]
    details: DetailsAsked
    moves: boolean
    words: string
    now: number
  },
) {
  for (const { member, parts } of each) {
    if (moves) {
      await ownTables(trx)
        .updateTable('order_request')
        .set({ due_date: change.newDate!, pickup_window: change.newWindow })
        .where('id', '=', member.id)
        .execute()
    }
    await writeDetails(trx, member.id, details.get(member.id) ?? {})
    // The lead tells the party's whole change; each other member its own part of it.
    const told = member.id === leadId ? made : parts
    if (told.length === 0 && member.id !== leadId) continue
    await recordEvent(trx, {
      requestId: member.id,
      from: member.status,
      to: member.status,
      actor: 'owner',
      note:
        told.length > 0
          ? `Accepted her change: ${endSentence(partsSentence(told))}`
          : `Accepted her change${words ? `: ${words}` : '.'}`,
      now,
    })
  }
}
