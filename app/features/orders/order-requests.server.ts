import type { Db } from '#app/db/db.server.ts'
import { enqueueEmail } from '../mail/outbox.server.ts'
import { composeOrderEmail } from './order-email.ts'
import type { OrderRequest } from './order-schema.ts'

/**
 * Stores a batch of order requests and queues the owner's email about it in
 * one transaction: once this returns, the orders survive a crash or an email
 * outage, and the delivery worker will send them.
 */
export async function submitOrderRequests(
  db: Db,
  orders: OrderRequest[],
  now: Date = new Date(),
): Promise<{ batchId: number }> {
  return db.transaction().execute(async (trx) => {
    const { id: batchId } = await trx
      .insertInto('order_batch')
      .values({ created_at: now.toISOString(), order_count: orders.length })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('order_request')
      .values(
        orders.map((order, index) => ({
          batch_id: batchId,
          position: index + 1,
          name: order.name,
          email: order.email,
          phone_number: order.phone_number,
          product_type: order.product_type,
          event_theme: order.event_theme,
          due_date: order.due_date,
          hear_about_us: order.hear_about_us,
          comments: order.comments?.trim() ? order.comments : null,
        })),
      )
      .execute()
    await enqueueEmail(
      trx,
      { topic: 'order_batch', subjectId: batchId, email: composeOrderEmail(orders) },
      now.getTime(),
    )
    return { batchId }
  })
}
