/**
 * Quotes with a payment schedule, for the payment schedule's tests: a request
 * quoted at $120 with its deposit and balance dates as a test gives them, and
 * the token and payment reference its customer has.
 */
import type { Db } from '#app/db/db.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { BOOK_NOW } from './order-book.ts'

/** Request `requestId` quoted at $120 with its deposit, and its dates as given. */
export async function quote(
  db: Db,
  requestId: number,
  {
    balanceDue,
    depositDue = null,
    depositCents = 4_000,
  }: { balanceDue?: string | null; depositDue?: string | null; depositCents?: number } = {},
) {
  return db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId,
      quote: {
        priceCents: 12_000,
        depositCents,
        depositDue,
        balanceDue,
        paymentInstructions: 'Interac e-Transfer to hello@butterandbloom.example',
        message: '',
        expiresInDays: 14,
      },
      now: BOOK_NOW,
    }),
  )
}

/** The customer's token and the payment reference of request `requestId`. */
export async function tokenOf(db: Db, requestId: number) {
  const row = await db
    .selectFrom('order_request')
    .select(['customer_token', 'payment_reference'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return { token: row.customer_token!, reference: row.payment_reference! }
}
