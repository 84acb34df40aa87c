import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { readOrderRules } from '#app/features/availability/order-policies.server.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import {
  type ChangedPart,
  DETAIL_FIELDS,
  type RequestDetails,
  partsSentence,
} from '#app/features/order-book/change-parts.ts'
import {
  type BookChange,
  NOT_FOUND,
  recordEvent,
} from '#app/features/order-book/request-moves.server.ts'
import { CUSTOMER_CHANGEABLE_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import type { ChangePolicy } from '#app/features/order-status/order-terms.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { changeAskedAlert } from '#app/features/owner-alerts/alert-words.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { partsOfChange, storeDetailsAsked } from './change-details.server.ts'
import { withinNoChangeWindow } from './change-policy.ts'
import {
  type Executor,
  type PartyRow,
  firstDate,
  holdLead,
  inTransaction,
  membersOf,
  movesParty,
  refuse,
  refusedMove,
  requestOfLink,
  partyForOwner,
} from './change-rules.server.ts'
import { composeChangeAsked } from './self-service-emails.ts'

const ownTables = tablesFor('customer-changes')

/**
 * Changes a customer asks for from her private page (decision 054): a new
 * day and time, other details of any of her party's requests (decision
 * 081), her words, or all of these. A request quoted together with others
 * (decision 049) is asked about as its party: the change is kept on the
 * lead, and a new date moves every member. Cancelling is self-cancel.server.ts';
 * answering, change-answer.server.ts'.
 */

/** The owner's policy, from the settings row. */
export async function readChangePolicy(db: Executor): Promise<ChangePolicy> {
  return (await readOrderRules(db)).change
}

/** Saves the policy (already read by ChangePolicyFormSchema). */
export async function saveChangePolicy(db: Executor, policy: ChangePolicy): Promise<void> {
  await ownTables(db)
    .updateTable('booking_settings')
    .set({
      change_window_days: policy.windowDays,
      refund_cutoff_days: policy.cutoffDays,
      refund_before_percent: policy.beforePercent,
      refund_after_percent: policy.afterPercent,
    })
    .where('id', '=', 1)
    .execute()
}

/** 'Saturday, December 12, 2026, 10:00–12:00' */
export function dateAndWindow(date: string, window: string | null): string {
  return `${formatCalendarDate(date)}${window ? `, ${formatWindow(window)}` : ''}`
}

export interface ChangeAsk {
  token: string
  position: number
  /** YYYY-MM-DD, or null to keep the date (and time). */
  newDate: string | null
  /** HH:MM-HH:MM on the new date, or null. */
  newWindow: string | null
  /** New details, by the member's position in the send; a detail left out stays. */
  fields?: ReadonlyMap<number, Partial<RequestDetails>>
  /** Her words about the change. */
  details: string
  now: number
  siteUrl?: string
}

/** Refuses a party that cannot ask for a change now; else the bakery's today. */
async function todayIfChangeable(
  trx: Executor,
  { leadId, members, now }: { leadId: number; members: readonly PartyRow[]; now: number },
) {
  const policy = await readChangePolicy(trx)
  const today = bakeryToday(new Date(now))
  if (members.some((member) => !isIn(CUSTOMER_CHANGEABLE_STATUSES, member.status))) {
    refuse(409, 'This order can’t be changed from this page any more. Please write to us.')
  }
  if (withinNoChangeWindow(policy, { today, dueDate: firstDate(members) })) {
    refuse(
      409,
      `Your date is less than ${Math.max(1, policy.windowDays)} days away, so changes are made by asking us directly: please write to us.`,
    )
  }
  const waiting = await ownTables(trx)
    .selectFrom('customer_change')
    .select('id')
    .where('request_id', '=', leadId)
    .where('kind', '=', 'change')
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (waiting) refuse(409, 'You already asked for a change; we’ll answer that one first.')
  return today
}

/** The details asked of each member by its id: only those that differ from what it has. */
function detailsByMember(
  members: readonly PartyRow[],
  fields: ReadonlyMap<number, Partial<RequestDetails>>,
): Map<number, Partial<RequestDetails>> {
  const asked = new Map<number, Partial<RequestDetails>>()
  for (const [position, details] of fields) {
    const member = members.find((candidate) => candidate.position === position)
    if (!member) refuse(400, 'Please reload your order’s page and try again.')
    const differs: Partial<RequestDetails> = {}
    for (const field of DETAIL_FIELDS) {
      const value = details[field]?.trim()
      if (value !== undefined && value !== (member![field] ?? '').trim()) differs[field] = value
    }
    if (Object.keys(differs).length > 0) asked.set(member!.id, differs)
  }
  return asked
}

/**
 * The customer asks for a change. Refused with a sentence when the request
 * is not quoted or confirmed, within the policy's window, already has a
 * change waiting, asks nothing that differs, or asks a day or time that
 * would not be taken now (400 for a time that day does not have). Stored
 * open on the party's lead with the details it asks, on its timeline, and
 * the owner emailed once.
 */
export async function askForChange(
  db: Db,
  ask: ChangeAsk,
): Promise<BookChange & { changeId?: number }> {
  return inTransaction(db, async (trx) => {
    const requestId = await requestOfLink(trx, ask)
    if (requestId === undefined) return NOT_FOUND
    const party = await holdLead(trx, requestId)
    const members = await membersOf(trx, party.memberIds)
    const today = await todayIfChangeable(trx, { leadId: party.leadId, members, now: ask.now })
    const lead = members.find((member) => member.id === party.leadId) ?? members[0]!
    // The form offers the date she has: a day and time as they are ask no move.
    const moves = movesParty(members, ask.newDate, ask.newWindow)
    if (moves) await checkMove(trx, { members, ask, today })
    const asked = detailsByMember(members, ask.fields ?? new Map())
    const newDate = moves ? ask.newDate : null
    const newWindow = moves ? ask.newWindow : null
    const parts = partsOfChange(members, { date: newDate, window: newWindow, details: asked }).party
    const words = ask.details.trim()
    if (parts.length === 0 && !words) {
      refuse(
        400,
        'Nothing here differs from your order as it is: change a detail, the date or the time, or tell us what you would change.',
      )
    }
    const changeId = await recordChangeAsked(trx, {
      leadId: party.leadId,
      leadStatus: lead.status,
      change: { newDate, newWindow, asked, parts },
      ask,
    })
    await tellOwnerOfChange(trx, { party, changeId, change: { newDate, newWindow, parts }, ask })
    return { ok: true, changeId }
  })
}

/** Refuses a new date for a party on several days, one not after today, or a day or time not to be had now. */
async function checkMove(
  trx: Transaction<Database>,
  { members, ask, today }: { members: readonly PartyRow[]; ask: ChangeAsk; today: string },
) {
  if (new Set(members.map((member) => member.due_date)).size > 1) {
    refuse(
      409,
      'Your orders are on different days, so a new date for them is something to write to us about.',
    )
  }
  if (ask.newDate! <= today) refuse(400, 'Choose a date after today.')
  const refused = await refusedMove(trx, members, {
    date: ask.newDate!,
    window: ask.newWindow,
    now: ask.now,
  })
  if (refused) refuse(refused.status, refused.error)
}

/** The change asked, as it differs from her order: a new day and time (or null), details by member, in parts. */
interface AskedChange {
  newDate: string | null
  newWindow: string | null
  asked: ReadonlyMap<number, Partial<RequestDetails>>
  parts: ChangedPart[]
}

/** Keeps the change open on the party's lead with the details it asks, and writes it on the lead's timeline. */
async function recordChangeAsked(
  trx: Transaction<Database>,
  {
    leadId,
    leadStatus,
    change: { newDate, newWindow, asked, parts },
    ask,
  }: { leadId: number; leadStatus: PartyRow['status']; change: AskedChange; ask: ChangeAsk },
): Promise<number> {
  const words = ask.details.trim()
  const { id } = await ownTables(trx)
    .insertInto('customer_change')
    .values({
      request_id: leadId,
      kind: 'change',
      status: 'open',
      new_date: newDate,
      new_window: newWindow,
      details: ask.details,
      created_at: ask.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await storeDetailsAsked(trx, Number(id), asked)
  await recordEvent(trx, {
    requestId: leadId,
    from: leadStatus,
    to: leadStatus,
    actor: 'customer',
    note:
      parts.length > 0
        ? `Asked to change: ${endSentence(partsSentence(parts))}${words ? ` Her words: ${words}` : ''}`
        : `Asked for a change: ${words}`,
    now: ask.now,
  })
  return Number(id)
}

/** The owner hears of the change once (its dedupe key): her email and her alert. */
async function tellOwnerOfChange(
  trx: Transaction<Database>,
  {
    party,
    changeId,
    change: { newDate, newWindow, parts },
    ask,
  }: {
    party: Awaited<ReturnType<typeof holdLead>>
    changeId: number
    change: Omit<AskedChange, 'asked'>
    ask: ChangeAsk
  },
) {
  const { request, links, about } = await partyForOwner(trx, party, ask.siteUrl ?? '')
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: party.leadId,
      dedupeKey: `change-asked:${changeId}`,
      email: composeChangeAsked(request, { changes: parts, details: ask.details }, links),
    },
    ask.now,
  )
  await queueOwnerAlert(
    trx,
    changeAskedAlert(about, {
      id: changeId,
      newDate,
      window: newDate && newWindow ? formatWindow(newWindow) : null,
      details: ask.details,
    }),
    ask.now,
  )
}
