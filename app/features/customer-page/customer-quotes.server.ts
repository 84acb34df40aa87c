import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { moneyOf, paymentTotals } from '#app/features/order-book/money.server.ts'
import { composeQuoteExpired } from '#app/features/order-book/quote-answer-emails.ts'
import { type CodeUse, answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { currentQuote, expireQuotes } from '#app/features/order-book/quotes.server.ts'
import { type BookChange, NOT_FOUND } from '#app/features/order-book/request-moves.server.ts'
import { priceRows } from '#app/features/order-book/update-details.ts'
import {
  chargesAfterPrice,
  depositWord,
  amountsOwed,
  depositOf,
  formatLine,
  totalOf,
} from '#app/features/order-status/money-owed.ts'
import { OWING_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import { QUOTE_EXPIRY, type QuoteAnswer } from '#app/features/order-status/owner-intents.ts'
import { scheduleLines } from '#app/features/order-status/payment-schedule-text.ts'
import { paymentSchedule } from '#app/features/order-status/payment-schedule.ts'
import { cardOfferOf } from '#app/features/payments/card-payments.server.ts'
import { giftCardOfferOf } from '#app/features/payments/gift-card-pay.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { SENDS_PER_MINUTE, readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { codeForQuote, quoteCodeWords, spendQuoteCode } from './quote-code.server.ts'
import type { CustomerBookEntry, CustomerLedger, QuoteAnswerResult } from './request-status.ts'

const ownTables = tablesFor('customer-page')

const expiryFormat = () =>
  bakeryDateTimeFormat({
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })

/**
 * The order book's side of each request a private link shows: the quote
 * waiting for an answer, what is still owed, and whether the customer
 * declined it themselves. Keyed by the request's position in its send, as
 * the page knows it (the page never sees a request's id).
 */
export async function readCustomerBook(
  db: Db,
  token: string,
  now: number,
  /**
   * Card payments on (both Stripe keys set): each entry says what she may pay
   * by card now; gift cards sold (decision 114): what one may pay.
   */
  { cardPayments = false, giftCards = false }: { cardPayments?: boolean; giftCards?: boolean } = {},
): Promise<Record<number, CustomerBookEntry>> {
  const requests = await ownTables(db)
    .selectFrom('order_request')
    .select([
      'id',
      'position',
      'status',
      'payment_reference',
      'fulfilment',
      'product_type',
      'party_lead_id',
    ])
    .where('customer_token', '=', token)
    .execute()
  const byId = new Map(requests.map((request) => [request.id, request]))
  const entries = await Promise.all(
    requests.map(async (request): Promise<[number, CustomerBookEntry]> => {
      const entry: CustomerBookEntry = { quote: null, owed: null, declinedByCustomer: false }
      if (request.status === 'declined') {
        const event = await ownTables(db)
          .selectFrom('request_event')
          .select('actor')
          .where('request_id', '=', request.id)
          .where('to_status', '=', 'declined')
          .orderBy('id', 'desc')
          .executeTakeFirst()
        entry.declinedByCustomer = event?.actor === 'customer'
      }
      // A party's quote, money and answer are shown once, on its lead's card;
      // each other member points to it (decision 049).
      const lead = request.party_lead_id === null ? undefined : byId.get(request.party_lead_id)
      if (lead && lead.id !== request.id) {
        const own = await currentQuote(db, request.id)
        entry.partyWith = {
          position: lead.position,
          productType: lead.product_type,
          accepted: request.status === 'quoted' && Boolean(own?.accepted_at),
        }
        return [request.position, entry]
      }
      entry.ledger = await readLedger(db, request.id)
      if (!isIn(OWING_STATUSES, request.status)) return [request.position, entry]
      const [quote, money, quotes] = await Promise.all([
        currentQuote(db, request.id),
        moneyOf(db, request.id),
        ownTables(db)
          .selectFrom('request_quote')
          .select(({ fn }) => fn.countAll<number | string>().as('count'))
          .where('request_id', '=', request.id)
          .executeTakeFirstOrThrow(),
      ])
      if (!quote) return [request.position, entry]
      const owed = amountsOwed(money)
      const depositCents = depositOf(money)
      const restCents = totalOf(money) - depositCents
      const afterPrice = chargesAfterPrice(money).map((line): [string, string] => [
        line.label,
        formatLine(line.cents),
      ])
      const lines = money.lines?.map((line): [string, string] => [
        line.label,
        formatLine(line.cents),
      ])
      const charges = priceRows(money)
      entry.schedule = {
        reference: request.payment_reference,
        lines: scheduleLines(
          paymentSchedule(money, {
            status: request.status,
            depositDue: quote.deposit_due,
            balanceDue: quote.balance_due,
            today: bakeryToday(new Date(now)),
          }),
          { delivery: request.fulfilment === 'delivery', money },
        ),
        // The price alone needs no lines of its own: the schedule says it.
        ...(charges.length > 1 ? { charges } : {}),
        paid: money.paidCents > 0 ? formatMoney(money.paidCents) : null,
      }
      if (request.status === 'quoted') {
        const expiresAt = Number(quote.expires_at)
        entry.quote = {
          number: Number(quotes.count),
          price: formatMoney(Number(quote.price_cents)),
          ...(lines ? { lines } : {}),
          afterPrice,
          total: formatMoney(totalOf(money)),
          deposit: depositCents > 0 ? formatMoney(depositCents) : null,
          depositLabel: depositWord(money),
          depositDue: quote.deposit_due ? formatCalendarDate(quote.deposit_due) : null,
          balance: restCents > 0 ? formatMoney(restCents) : null,
          balanceDue: quote.balance_due ? formatCalendarDate(quote.balance_due) : null,
          paymentInstructions: quote.payment_instructions,
          message: quote.message,
          expiresAt: new Date(expiresAt).toISOString(),
          expiresLabel: expiryFormat().format(new Date(expiresAt)),
          expired: expiresAt <= now && quote.accepted_at === null,
          accepted: quote.accepted_at !== null,
        }
      }
      if (cardPayments) {
        entry.card = cardOfferOf(request.status, quote.accepted_at !== null, money)
      }
      if (giftCards) {
        entry.giftCard = giftCardOfferOf(request.status, quote.accepted_at !== null, money)
      }
      if (request.status !== 'quoted' || quote.accepted_at !== null) {
        entry.owed = {
          deposit: owed.depositOwed > 0 ? formatMoney(owed.depositOwed) : null,
          depositLabel: depositWord(money),
          balance: owed.balanceOwed > 0 ? formatMoney(owed.balanceOwed) : null,
        }
      }
      return [request.position, entry]
    }),
  )
  return Object.fromEntries(entries)
}

/**
 * A request's payments and refunds, oldest first, with what is paid after
 * refunds; null before anything is paid (no receipt to print yet).
 */
async function readLedger(db: Db, requestId: number): Promise<CustomerLedger | null> {
  const [payments, refunds, totals] = await Promise.all([
    ownTables(db)
      .selectFrom('payment')
      .select(['id', 'amount_cents', 'received_on', 'method'])
      .where('request_id', '=', requestId)
      .orderBy('received_on')
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('refund')
      .select(['id', 'amount_cents', 'refunded_on', 'method', 'lowered_to_cents'])
      .where('request_id', '=', requestId)
      .orderBy('refunded_on')
      .orderBy('id')
      .execute(),
    paymentTotals(db, [requestId]),
  ])
  if (payments.length === 0) return null
  const total = totals.get(requestId)!
  const entries = [
    ...payments.map((payment) => ({
      kind: 'payment' as const,
      date: payment.received_on,
      amountCents: Number(payment.amount_cents),
      method: payment.method,
    })),
    ...refunds.map((refund) => ({
      kind: 'refund' as const,
      date: refund.refunded_on,
      amountCents: Number(refund.amount_cents),
      // A card refund goes back to the card she paid with (decision 050).
      method: refund.method === 'card' ? 'to your card' : refund.method,
      loweredToCents: refund.lowered_to_cents == null ? null : Number(refund.lowered_to_cents),
    })),
  ].sort((a, b) => a.date.localeCompare(b.date))
  return {
    entries: entries.map((entry) => ({
      kind: entry.kind,
      on: formatCalendarDate(entry.date),
      amount: formatMoney(entry.amountCents),
      method: entry.method,
      // A refund that lowered the price says so (decision 060).
      ...('loweredToCents' in entry && entry.loweredToCents != null
        ? { lowered: `Price lowered to ${formatMoney(entry.loweredToCents)}` }
        : {}),
    })),
    refunded: total.refundedCents > 0 ? formatMoney(total.refundedCents) : null,
    paid: formatMoney(total.paidCents),
  }
}

/** A person answers a quote a few times at most; this stops a script, not a customer. */
export const ANSWERS_PER_MINUTE = SENDS_PER_MINUTE
const MAX_ANSWER_BYTES = 1024

/**
 * A customer's answer to a quote, posted from their private page (form
 * fields `intent` = accept | decline, `request` = the request's position in
 * its send and `quote` = the quote's number among that request's quotes;
 * never a database id, which would tell anyone how many orders the bakery
 * takes). A link or request that is not theirs gets the same 404 as an
 * unknown link; a quote that expired, was replaced or was already answered
 * gets 409 with the reason.
 */
export async function receiveQuoteAnswer({
  request,
  token,
  clientIp,
  db,
  now = Date.now(),
  siteUrl,
}: {
  request: Request
  token: string
  clientIp: string
  db: Db
  now?: number
  /** SITE_URL, for the owner's link to the request in her email. */
  siteUrl?: string
}): Promise<Reply<QuoteAnswerResult>> {
  const fail = (status: number, error: string) =>
    reply<QuoteAnswerResult>(status, { ok: false, error })
  // The page's forms post url-encoded, with JavaScript or without; the checks
  // are every public post's (POST only, its type, a limit per address, a bounded body).
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'quote-answer',
    now,
    maxBytes: MAX_ANSWER_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) return post.refused
  const form = new URLSearchParams(post.text)
  const intent = form.get('intent')
  const position = wholeNumber(form.get('request'))
  const quoteNumber = wholeNumber(form.get('quote'))
  if (intent !== 'accept' && intent !== 'decline') {
    return fail(400, 'Please choose Accept quote or Decline quote.')
  }
  if (position === undefined || quoteNumber === undefined) {
    // A page from before the answer named its quote: its post cannot say which one.
    return fail(400, 'Please reload your order’s page and answer again.')
  }
  // The page names the request by its place in the send; the order book by its id.
  const named = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'email'])
    .where('customer_token', '=', token)
    .where('position', '=', position)
    .executeTakeFirst()
  // A code with her acceptance: one that cannot come off this quote is said before she accepts.
  const typedCode = intent === 'accept' ? (form.get('code') ?? '').trim().slice(0, 40) : ''
  const withCode =
    typedCode && named
      ? await codeForQuote(db, { typed: typedCode, requestId: named.id, now })
      : null
  if (withCode && !withCode.ok)
    return reply<QuoteAnswerResult>(409, { ok: false, error: withCode.message, position })
  const answered: BookChange & { confirmed?: boolean; code?: CodeUse } = named
    ? await answerQuote(db, {
        token,
        requestId: named.id,
        quoteNumber,
        answer: intent satisfies QuoteAnswer,
        now,
        siteUrl,
        ...(withCode ? { useCode: spendQuoteCode(withCode, { email: named.email, now }) } : {}),
      })
    : NOT_FOUND
  if (!answered.ok) {
    return answered.status === 404
      ? reply<QuoteAnswerResult>(404, { ok: false, error: answered.error, notFound: true })
      : reply<QuoteAnswerResult>(answered.status, { ok: false, error: answered.error, position })
  }
  // The owner's email was queued with the answer; send it now, not at the next poll.
  kickDeliveryWorker()
  const code = answered.code ? quoteCodeWords(answered.code) : null
  return reply<QuoteAnswerResult>(200, {
    ok: true,
    position,
    outcome: intent === 'decline' ? 'declined' : answered.confirmed ? 'confirmed' : 'accepted',
    ...(code ? { code } : {}),
  })
}

/** A small whole number as a form posts it ('1', '12'); undefined otherwise. */
function wholeNumber(text: string | null): number | undefined {
  return text !== null && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : undefined
}

/**
 * Expires the quotes nobody answered in time and, in each move's own
 * transaction, queues the customer's email saying so: a quote expires once,
 * so its email is queued once however often this runs.
 */
export async function expireQuotesAndTell(
  db: Db,
  { now, siteUrl }: { now: number; siteUrl: string },
): Promise<number[]> {
  const expired = await expireQuotes(db, now, async (trx, requestId) => {
    // Whom an expiry emails is the order-status table's (QUOTE_EXPIRY): the customer.
    if (QUOTE_EXPIRY.email?.send.template !== 'quote-expired') return
    const request = await ownTables(trx)
      .selectFrom('order_request')
      .select(['name', 'email', 'product_type', 'due_date', 'customer_token'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow()
    await enqueueEmail(
      trx,
      {
        topic: 'request_update',
        subjectId: requestId,
        email: composeQuoteExpired(
          {
            name: request.name,
            email: request.email,
            productType: request.product_type,
            dueDate: request.due_date,
          },
          {
            statusUrl: `${siteUrl}/requests/${request.customer_token}`,
            bakery: await readSiteSection(trx, 'identity'),
          },
        ),
      },
      now,
    )
  })
  if (expired.length > 0) kickDeliveryWorker()
  return expired
}
