import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { receiveOrderAction } from './order-action.server.ts'

// Monday, November 23, 2026, in Toronto.
const NOW = Date.parse('2026-11-23T20:00:00Z')
const SITE = 'https://butterandbloom.example'

/** A bakery with Priya's new request for a cake on Saturday, December 12; its id. */
async function openBook() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(db, [birthdayCakeOrder], {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const { id } = await db.selectFrom('order_request').select('id').executeTakeFirstOrThrow()
  return { db, id }
}

/** A form on the owner's order page, posted as her browser posts it: from a page showing the request as it stands. */
async function post(db: Db, id: number, form: Record<string, string>) {
  const { version } = await db
    .selectFrom('order_request')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return receiveOrderAction({
    request: new Request(`http://localhost/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ version: String(version), ...form }),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now: NOW,
  })
}

const quoteForm = {
  intent: 'quote',
  price: '1 050,50',
  deposit_kind: 'amount',
  deposit: '10,50',
  deposit_due: '2026-11-25',
  payment_instructions: '',
  message: '',
  expires_in_days: '3',
}

async function paymentsOf(db: Db, id: number) {
  const rows = await db
    .selectFrom('payment')
    .select('amount_cents')
    .where('request_id', '=', id)
    .orderBy('id')
    .execute()
  return rows.map((row) => Number(row.amount_cents))
}

test('amounts are read as the owner writes them: a decimal comma is cents, never 100 times', async () => {
  const { db, id } = await openBook()
  expect(await post(db, id, quoteForm)).toMatchObject({ status: 200 })
  const quote = await db
    .selectFrom('request_quote')
    .select(['price_cents', 'deposit_cents'])
    .executeTakeFirstOrThrow()
  expect([Number(quote.price_cents), Number(quote.deposit_cents)]).toEqual([105_050, 1_050])

  const paid = { intent: 'payment', received_on: '2026-11-23', method: 'Cash' }
  expect(await post(db, id, { ...paid, amount: '10,50' })).toMatchObject({ status: 200 })
  expect(await post(db, id, { ...paid, amount: '$1,000.00' })).toMatchObject({ status: 200 })
  expect(await paymentsOf(db, id)).toEqual([1_050, 100_000])
  const notes = await db
    .selectFrom('request_event')
    .select('note')
    .where('request_id', '=', id)
    .where('note', 'like', 'Payment received%')
    .orderBy('id')
    .execute()
  expect(notes.map((row) => row.note)).toEqual([
    'Payment received: $10.50 by Cash, Monday, November 23, 2026.',
    'Payment received: $1,000 by Cash, Monday, November 23, 2026.',
  ])
})

test('an amount that cannot be read for sure is refused with a message, and nothing is recorded', async () => {
  const { db, id } = await openBook()
  expect(await post(db, id, { ...quoteForm, price: '120', deposit: '60' })).toMatchObject({
    status: 200,
  })
  const paid = { intent: 'payment', received_on: '2026-11-23', method: 'Cash' }
  expect(await post(db, id, { ...paid, amount: '1,05,0' })).toEqual({
    status: 400,
    body: {
      ok: false,
      intent: 'payment',
      error: expect.any(String),
      fieldErrors: {
        amount:
          'The amount is unclear: write it like 1050 or 10.50, with the cents after one point or comma.',
      },
    },
  })
  expect(await post(db, id, { ...paid, amount: '120000' })).toMatchObject({
    status: 400,
    body: { fieldErrors: { amount: 'The amount must be at most $99,999.' } },
  })
  expect(await paymentsOf(db, id)).toEqual([])
})

test('an amount that can be read two ways, like 10.999, is refused in each field, offering both readings', async () => {
  const { db, id } = await openBook()
  const twoWays = (label: string) => `${label} can be read two ways: write it as 10.99 or 10,999.`
  const quote = await post(db, id, { ...quoteForm, price: '10.999', deposit: '1.000' })
  expect(quote).toMatchObject({
    status: 400,
    body: {
      ok: false,
      intent: 'quote',
      fieldErrors: { price: twoWays('The price') },
    },
  })
  expect(await db.selectFrom('request_quote').selectAll().execute()).toEqual([])

  const deposit = await post(db, id, { ...quoteForm, price: '20000', deposit: '10.999' })
  expect(deposit).toMatchObject({
    status: 400,
    body: { fieldErrors: { deposit: twoWays('The deposit') } },
  })
  expect(await db.selectFrom('request_quote').selectAll().execute()).toEqual([])

  expect(await post(db, id, { ...quoteForm, price: '1,250.50', deposit: '$42.00' })).toMatchObject({
    status: 200,
  })
  const paid = { intent: 'payment', received_on: '2026-11-23', method: 'Cash' }
  expect(await post(db, id, { ...paid, amount: '10.999' })).toMatchObject({
    status: 400,
    body: { fieldErrors: { amount: twoWays('The amount') } },
  })
  expect(await paymentsOf(db, id)).toEqual([])
})
