import type { Db } from '#app/db/db.server.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { listProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { birthdayCakeOrder } from './orders.ts'

// Monday, November 23, 2026, in Toronto.
export const BOOK_NOW = Date.parse('2026-11-23T20:00:00Z')

/** A menu, capacity 6 every day but Sunday (closed), and Cakes taking 2 of a day's effort. */
export async function openBakery(db: Db) {
  await seedMenu(db)
  await setWeekdayCapacity(db, [0, 6, 6, 6, 6, 6, 6])
  await db.updateTable('product').set({ effort: 2 }).where('name', '=', 'Cakes').execute()
}

/** Sends one request as the order form would; its id. */
export async function sendRequest(db: Db, change: Partial<OrderRequest> = {}): Promise<number> {
  const sent = await submitOrderRequests(db, [{ ...birthdayCakeOrder, ...change }], {
    products: await listProducts(db),
    siteUrl: 'https://butterandbloom.example',
    now: new Date(BOOK_NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const { id } = await db
    .selectFrom('order_request')
    .select('id')
    .where('batch_id', '=', sent.batchId)
    .executeTakeFirstOrThrow()
  return Number(id)
}

/** Moves a request along as the owner would. */
export async function moveTo(db: Db, requestId: number, to: RequestStatus) {
  const moved = await db
    .transaction()
    .execute((trx) => moveRequest(trx, { requestId, to, actor: 'owner', now: BOOK_NOW }))
  if (!moved.ok) throw new Error(moved.error)
}

/** Quotes a request $90 with a $30 deposit, open for 30 days, as the owner would. */
export async function quoteFor(
  db: Db,
  requestId: number,
  { depositDue = null, now = BOOK_NOW }: { depositDue?: string | null; now?: number } = {},
) {
  const quoted = await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId,
      quote: {
        priceCents: 9_000,
        depositCents: 3_000,
        depositDue,
        paymentInstructions: '',
        message: '',
        expiresInDays: 30,
      },
      now,
    }),
  )
  if (!quoted.ok) throw new Error(quoted.error)
}

/**
 * The request's version as a page opened now holds it, which its forms post
 * back so that a stale page is refused; 0 for a request not in the book.
 */
export async function versionOf(db: Db, id: number): Promise<string> {
  const row = await db
    .selectFrom('order_request')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirst()
  return String(row?.version ?? 0)
}
