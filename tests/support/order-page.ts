/**
 * Priya's request on the owner's order page, for the order page's tests: a
 * book with her cake and Marcus's beside it, the page's posts as it makes
 * them, and what they leave behind (the customer's emails, the rows written).
 */
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from './database.ts'
import { versionOf } from './order-book.ts'
import { birthdayCakeOrder } from './orders.ts'

// Monday, November 23, 2026, in Toronto.
export const NOW = Date.parse('2026-11-23T20:00:00Z')
export const SITE = 'https://butterandbloom.example'

/** A bakery with one new request (Priya's cake for Saturday, December 12) and, beside it, Marcus's. */
export async function openBook() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(
    db,
    [
      birthdayCakeOrder,
      {
        ...birthdayCakeOrder,
        name: 'Marcus Lee',
        email: 'marcus@example.com',
        due_date: '2026-12-13',
      },
    ],
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  if (!sent.ok) throw new Error('The request could not be booked.')
  const request = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .where('email', '=', birthdayCakeOrder.email)
    .executeTakeFirstOrThrow()
  return { db, id: request.id, token: request.customer_token! }
}

/** A post from the owner's page as it stands, the page's question already answered yes. */
export async function post(db: Db, id: number, form: Record<string, string>, now = NOW) {
  return postForm(db, id, { confirm: 'yes', version: await versionOf(db, id), ...form }, now)
}

/** Exactly these fields, as a page (perhaps an old one) posts them. */
export function postForm(db: Db, id: number, form: Record<string, string>, now = NOW) {
  return receiveOrderAction({
    request: new Request(`http://localhost/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now,
  })
}

export const quoteForm = {
  intent: 'quote',
  price: '120',
  deposit_kind: 'amount',
  deposit: '60',
  deposit_due: '2026-12-01',
  payment_instructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: 'Two tiers, lemon and raspberry.',
  expires_in_days: '3',
}

/** The customer emails about a request, oldest first. */
export async function updates(db: Db, id: number): Promise<OutgoingEmail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute()
  return rows.map((row) => JSON.parse(row.payload) as OutgoingEmail)
}

export async function snapshot(db: Db, id: number) {
  const [request, events, quotes, payments, outbox] = await Promise.all([
    db.selectFrom('order_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('request_event').select('id').where('request_id', '=', id).execute(),
    db.selectFrom('request_quote').select('id').where('request_id', '=', id).execute(),
    db.selectFrom('payment').select('id').where('request_id', '=', id).execute(),
    db.selectFrom('outbox').select('id').execute(),
  ])
  return {
    request,
    events: events.length,
    quotes: quotes.length,
    payments: payments.length,
    outbox: outbox.length,
  }
}
