import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { composeQuoteExpired } from '#app/features/order-book/quote-answer-emails.ts'
import { type CodeUse, answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { expireQuotes } from '#app/features/order-book/quotes.server.ts'
import { type BookChange, NOT_FOUND } from '#app/features/order-book/request-moves.server.ts'
import { QUOTE_EXPIRY, type QuoteAnswer } from '#app/features/order-status/owner-intents.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { SENDS_PER_MINUTE, readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { readBookEntry } from './customer-book-entry.server.ts'
import { codeForQuote, quoteCodeWords, spendQuoteCode } from './quote-code.server.ts'
import type { CustomerBookEntry, QuoteAnswerResult } from './request-status.ts'

const ownTables = tablesFor('customer-page')

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
    requests.map(async (request): Promise<[number, CustomerBookEntry]> => [
      request.position,
      await readBookEntry(db, { request, byId, now, cardPayments, giftCards }),
    ]),
  )
  return Object.fromEntries(entries)
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
  const fields = readAnswerFields(form)
  if ('status' in fields) return fields
  const { intent, position, quoteNumber } = fields
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
  return replyToAnswer({ answered, intent, position })
}

/** Her choice and which quote it answers, or a 400 saying what to do. */
function readAnswerFields(
  form: URLSearchParams,
): { intent: QuoteAnswer; position: number; quoteNumber: number } | Reply<QuoteAnswerResult> {
  const fail = (status: number, error: string) =>
    reply<QuoteAnswerResult>(status, { ok: false, error })
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
  return { intent, position, quoteNumber }
}

/** The answer as the page shows it; a stored one sends the owner's email now. */
function replyToAnswer({
  answered,
  intent,
  position,
}: {
  answered: BookChange & { confirmed?: boolean; code?: CodeUse }
  intent: QuoteAnswer
  position: number
}): Reply<QuoteAnswerResult> {
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
