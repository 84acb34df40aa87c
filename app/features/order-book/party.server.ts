import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import type { AlertRequest } from '#app/features/owner-alerts/alert-words.ts'
import { partyName } from '#app/utils/party-name.ts'

const ownTables = tablesFor('order-book')

type Executor = Kysely<Database> | Transaction<Database>

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
  const row = await ownTables(db)
    .selectFrom('order_request')
    .select('party_lead_id')
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (row?.party_lead_id == null) return { leadId: requestId, memberIds: [requestId] }
  const leadId = Number(row.party_lead_id)
  // At most one send's requests: a party never reaches outside its batch.
  const members = await ownTables(db)
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
  const members = await ownTables(db)
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
  const lead = await ownTables(db)
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
    await ownTables(trx)
      .updateTable('order_request')
      .set((eb) => ({ version: eb.ref('version') }))
      .where('id', '=', party.leadId)
      .execute()
  }
  return party
}
