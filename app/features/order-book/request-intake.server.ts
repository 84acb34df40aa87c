import type { Insertable, Transaction } from 'kysely'
import type { Database, OrderRequestTable } from '#app/db/schema.ts'

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
  'id' | 'batch_id' | 'position' | 'status' | 'deposit_waived' | 'decline_reason' | 'version'
>

/**
 * Stores one send: its batch, its requests numbered from 1 as the emails
 * number them, and each request's arrival as the first entry of its timeline.
 */
export async function storeSentRequests(
  trx: Transaction<Database>,
  {
    requests,
    acceptedPolicies,
    now,
  }: { requests: SentRequest[]; acceptedPolicies: string; now: Date },
): Promise<{ batchId: number; requests: { id: number; position: number }[] }> {
  const { id: batchId } = await trx
    .insertInto('order_batch')
    .values({
      created_at: now.toISOString(),
      order_count: requests.length,
      accepted_policies: acceptedPolicies,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const stored = await trx
    .insertInto('order_request')
    .values(
      requests.map((request, index) => ({ ...request, batch_id: batchId, position: index + 1 })),
    )
    .returning(['id', 'position'])
    .execute()
  await recordArrivals(trx, {
    requestIds: stored.map((request) => Number(request.id)),
    at: now.getTime(),
  })
  return {
    batchId: Number(batchId),
    requests: stored.map((request) => ({
      id: Number(request.id),
      position: Number(request.position),
    })),
  }
}

/** Each request's timeline starts with its arrival, sent by the customer, as new. */
async function recordArrivals(
  trx: Transaction<Database>,
  { requestIds, at }: { requestIds: number[]; at: number },
) {
  if (requestIds.length === 0) return
  await trx
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
