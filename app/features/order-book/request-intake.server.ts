import { randomBytes, randomInt } from 'node:crypto'
import { type Insertable, type Transaction, sql } from 'kysely'
import { isUniqueViolation } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, OrderRequestTable } from '#app/db/schema.ts'
import {
  REFERENCE_MAX_DIGITS,
  REFERENCE_MIN_DIGITS,
  REFERENCE_PREFIX,
} from '#app/features/order-status/payment-reference.ts'

const ownTables = tablesFor('order-book')

/**
 * The order book's one door for the orders feature (eslint.config.js,
 * featureEdges): a send's requests enter the book here, in the send's own
 * transaction. The order book owns the request tables (app/db/table-owners.ts),
 * so the rows and the first line of each request's timeline are written by
 * the book, while the send stays in charge of capacity, photos and emails.
 * This module imports nothing from orders, so the door opens one way only.
 */

/** One request as the send stores it; the book numbers them and sets the rest. */
export type SentRequest = Omit<
  Insertable<OrderRequestTable>,
  | 'id'
  | 'batch_id'
  | 'position'
  | 'status'
  | 'deposit_waived'
  | 'decline_reason'
  | 'version'
  | 'payment_reference'
>

/** 144 random bits, URL-safe: the customer's private status page, /requests/<token>. */
export function newCustomerToken(): string {
  return randomBytes(18).toString('base64url')
}

/** Tries at drawing a send's references before the send is refused; each try widens them a little. */
const REFERENCE_TRIES = 12

/**
 * A fresh random reference: 4 digits for the first tries, a digit more every
 * three, so a book that has used most four-digit numbers still finds one.
 */
export function drawPaymentReference(attempt: number): string {
  const digits = Math.min(REFERENCE_MAX_DIGITS, REFERENCE_MIN_DIGITS + Math.floor(attempt / 3))
  return `${REFERENCE_PREFIX}-${randomInt(10 ** (digits - 1), 10 ** digits)}`
}

/**
 * Stores one send: its batch, its requests numbered from 1 as the emails
 * number them, each with a random payment reference, and each request's
 * arrival as the first entry of its timeline. The references are drawn at
 * random and the unique index settles any clash (an earlier request, or a
 * send racing on another instance): the insert is tried under a savepoint,
 * and a clash rolls back to it and draws again, a bounded number of times.
 */
export async function storeSentRequests(
  trx: Transaction<Database>,
  {
    requests,
    acceptedPolicies,
    now,
  }: {
    requests: SentRequest[]
    /** The policies the customer ticked, with their HTML as stored (null until rendered). */
    acceptedPolicies: { markdown: string; html: string | null }
    now: Date
  },
): Promise<{
  batchId: number
  requests: { id: number; position: number; reference: string }[]
}> {
  const { id: batchId } = await ownTables(trx)
    .insertInto('order_batch')
    .values({
      created_at: now.toISOString(),
      order_count: requests.length,
      accepted_policies: acceptedPolicies.markdown,
      accepted_policies_html: acceptedPolicies.html,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const stored = await insertWithReferences(trx, requests, Number(batchId))
  await recordArrivals(trx, {
    requestIds: stored.map((request) => Number(request.id)),
    at: now.getTime(),
  })
  return {
    batchId: Number(batchId),
    requests: stored.map((request) => ({
      id: Number(request.id),
      position: Number(request.position),
      reference: request.payment_reference!,
    })),
  }
}

/** Each request's timeline starts with its arrival, sent by the customer, as new. */
async function recordArrivals(
  trx: Transaction<Database>,
  { requestIds, at }: { requestIds: number[]; at: number },
) {
  if (requestIds.length === 0) return
  await ownTables(trx)
    .insertInto('request_event')
    .values(
      requestIds.map((requestId) => ({
        request_id: requestId,
        at,
        from_status: null,
        to_status: 'new' as const,
        actor: 'customer' as const,
        note: null,
      })),
    )
    .execute()
}

async function insertWithReferences(
  trx: Transaction<Database>,
  requests: SentRequest[],
  batchId: number,
) {
  for (let attempt = 0; ; attempt += 1) {
    const drawn = new Set<string>()
    while (drawn.size < requests.length) drawn.add(drawPaymentReference(attempt))
    const references = [...drawn]
    // A savepoint: on PostgreSQL a refused statement spoils the whole
    // transaction unless rolled back to one; SQLite takes the same words.
    await sql`savepoint payment_reference`.execute(trx)
    try {
      const stored = await ownTables(trx)
        .insertInto('order_request')
        .values(
          requests.map((request, index) => ({
            ...request,
            batch_id: batchId,
            position: index + 1,
            payment_reference: references[index]!,
          })),
        )
        .returning(['id', 'position', 'payment_reference'])
        .execute()
      await sql`release savepoint payment_reference`.execute(trx)
      return stored
    } catch (error) {
      await sql`rollback to savepoint payment_reference`.execute(trx)
      await sql`release savepoint payment_reference`.execute(trx)
      if (!isUniqueViolation(error) || attempt + 1 >= REFERENCE_TRIES) throw error
    }
  }
}
