import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, OrderRequestTable, RequestStatus } from '#app/db/schema.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { taxLinesOf, totalOf } from '#app/features/order-status/money-owed.ts'
import { QUOTE_ANSWERS, type QuoteAnswer } from '#app/features/order-status/owner-intents.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { quoteAnswerAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { confirmIfSettled } from './money-in.server.ts'
import { PRICE_LOWERED_LINE, moneyOf } from './money.server.ts'
import { type Party, partyAlertRequest, partyOf } from './party.server.ts'
import { type QuoteOutcome, type QuotedParty, composeQuoteAnswer } from './quote-answer-emails.ts'
import { currentQuote } from './quotes.server.ts'
import { type BookChange, NOT_FOUND, moveRequest, recordEvent } from './request-moves.server.ts'

const ownTables = tablesFor('order-book')

type Executor = Kysely<Database> | Transaction<Database>

/** A party's lines as the owner's news of its answer lists them, and what they come to. */
async function answeredLines(db: Executor, party: Party): Promise<QuotedParty> {
  const [members, money] = await Promise.all([
    ownTables(db)
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
    taxLines: taxLinesOf(money),
    totalCents: totalOf(money),
  }
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
  input: AnswerInput,
): Promise<BookChange & { confirmed?: boolean; code?: CodeUse }> {
  const { answer, now } = input
  try {
    return await db.transaction().execute(async (trx) => {
      const claim = await claimAnswer(trx, input)
      if ('refused' in claim) return claim.refused
      const { party } = claim
      const requestId = party.leadId
      await answerForMembers(trx, party, { answer, now })
      // Whom the answer emails is the order-status table's (QUOTE_ANSWERS): the owner.
      const plan = QUOTE_ANSWERS[answer]
      const tellOwner = async (outcome: QuoteOutcome) => {
        if (plan.email?.send.template !== 'quote-answer') return
        await tellOwnerOfAnswer(trx, { ...claim, outcome, answer, now, siteUrl: input.siteUrl })
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
      // Her code comes off before the deposit is weighed and the owner hears, both with it.
      const code = await input.useCode?.(trx, party)
      const confirmed = await confirmIfSettled(trx, { requestId, actor: 'customer', now })
      await tellOwner(confirmed ? 'confirmed' : 'accepted')
      return { ok: true, confirmed, ...(code ? { code } : {}) }
    })
  } catch (error) {
    if (error instanceof AnswerRefused) return error.change
    throw error
  }
}

interface AnswerInput {
  token: string
  requestId: number
  quoteNumber?: number
  answer: QuoteAnswer
  now: number
  /** SITE_URL, for the owner's link to the request. */
  siteUrl?: string
  /** A discount code with an acceptance, used in the answer's transaction (decision 109). */
  useCode?: (trx: Transaction<Database>, party: Party) => Promise<CodeUse>
}

/** What became of a code typed with an acceptance: what it took off, or why it could not. */
export type CodeUse = { ok: true; code: string; cents: number } | { ok: false; message: string }

/** A claimed answer: the party, its lead as the owner's news names it, the quote answered. */
interface Claimed {
  party: Party
  request: Pick<
    Selectable<OrderRequestTable>,
    'name' | 'email' | 'product_type' | 'due_date' | 'payment_reference'
  >
  quoteId: number
}

/**
 * Holds the answered party's lead and claims its quote for this answer, or
 * says why not: the steps answerQuote describes, up to the claim.
 */
async function claimAnswer(
  trx: Transaction<Database>,
  { token, requestId: answeredId, quoteNumber, answer, now }: AnswerInput,
): Promise<{ refused: BookChange } | Claimed> {
  // A party answers as one, on its lead: two members' pages racing
  // meet at the lead's row, and one answer wins (decision 049).
  const party = await partyOf(trx, answeredId)
  const requestId = party.leadId
  const held = await ownTables(trx)
    .updateTable('order_request')
    .set({ status: 'quoted' })
    .where('id', '=', requestId)
    .where('customer_token', '=', token)
    .where('status', '=', 'quoted')
    .executeTakeFirst()
  const request = await ownTables(trx)
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
  if (!request || request.customer_token !== token) return { refused: NOT_FOUND }
  const quote = await currentQuote(trx, requestId)
  const refuse = (error: string) => ({ refused: { ok: false, status: 409, error } as const })
  if (held.numUpdatedRows === 0n || !quote) return refuse(answeredMessage(request.status, quote))
  // The number is of the quotes of the request the customer answered on.
  const { count } = await ownTables(trx)
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
  const claimed = await ownTables(trx)
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
  return { party, request, quoteId: quote.id }
}

/** The other members' quotes carry the same answer: one answer for the party. */
async function answerForMembers(
  trx: Transaction<Database>,
  party: Party,
  { answer, now }: { answer: QuoteAnswer; now: number },
): Promise<void> {
  for (const memberId of party.memberIds) {
    if (memberId === party.leadId) continue
    const memberQuote = await currentQuote(trx, memberId)
    if (!memberQuote) continue
    await ownTables(trx)
      .updateTable('request_quote')
      .set(answer === 'accept' ? { accepted_at: now } : { declined_at: now })
      .where('id', '=', memberQuote.id)
      .where('accepted_at', 'is', null)
      .where('declined_at', 'is', null)
      .execute()
  }
}

/** The owner's email and alert about the customer's answer, queued with it. */
async function tellOwnerOfAnswer(
  trx: Transaction<Database>,
  told: Claimed & {
    outcome: QuoteOutcome
    answer: QuoteAnswer
    now: number
    siteUrl?: string
  },
): Promise<void> {
  const { party, request, quoteId, outcome, answer, now, siteUrl } = told
  const requestId = party.leadId
  // A party's answer names every line (decision 049): each treat, its date and price.
  const lines = party.memberIds.length > 1 ? await answeredLines(trx, party) : undefined
  const { discount } = await moneyOf(trx, requestId)
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
          discount,
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
  await queueOwnerAlert(trx, quoteAnswerAlert(about, answer, quoteId), now)
}
