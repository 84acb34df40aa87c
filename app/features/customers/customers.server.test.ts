import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { eraseCustomer } from '#app/features/erasure/erase-customer.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { CUSTOMERS_PER_PAGE, listCustomers, readCustomer } from './customers.server.ts'

async function paid(db: Db, requestId: number, amountCents: number) {
  const recorded = await recordPayment(db, {
    requestId,
    payment: { amountCents, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  if (!recorded.ok) throw new Error('not recorded')
}

async function reference(db: Db, id: number) {
  const row = await db
    .selectFrom('order_request')
    .select('payment_reference')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.payment_reference!
}

test('her book joins each customer’s orders by email or phone, with what she paid, newest first', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const priyaCake = await sendRequest(db, { allergies: 'No nuts, please' })
  const sam = await sendRequest(db, {
    name: 'Sam Lee',
    email: 'sam@example.com',
    phone_number: '647-555-0101',
    due_date: '2026-12-15',
  })
  // Priya again, from her work address but the same phone, two weeks later.
  const priyaPies = await sendRequest(db, {
    name: 'Priya Sharma',
    email: 'p.sharma@work.example',
    phone_number: '(416) 555-0199',
    product_type: 'Pies',
    due_date: '2026-12-19',
    allergies: 'Dairy-free',
  })
  await quoteFor(db, priyaCake)
  await paid(db, priyaCake, 3_000)
  await quoteFor(db, priyaPies)
  await paid(db, priyaPies, 9_000)

  const list = await listCustomers(db)
  expect(list).toMatchObject({ matching: 2, page: 1, pages: 1, q: '' })
  expect(list.customers).toEqual([
    {
      key: priyaCake,
      name: 'Priya Sharma',
      emails: ['p.sharma@work.example', 'priya@example.com'],
      phones: ['4165550199'],
      orders: 2,
      lastDate: '2026-12-19',
      paidCents: 12_000,
      messages: 0,
    },
    {
      key: sam,
      name: 'Sam Lee',
      emails: ['sam@example.com'],
      phones: ['6475550101'],
      orders: 1,
      lastDate: '2026-12-15',
      paidCents: 0,
      messages: 0,
    },
  ])

  // Her page, by any of her orders: each order newest first, with what she told us.
  const priya = await readCustomer(db, priyaPies)
  expect(priya).toMatchObject({ key: priyaCake, orders: 2, paidCents: 12_000 })
  expect(priya!.requests.map((request) => [request.id, request.status, request.paidCents])).toEqual(
    [
      [priyaPies, 'quoted', 9_000],
      [priyaCake, 'quoted', 3_000],
    ],
  )
  expect(priya!.allergies).toEqual(['Dairy-free', 'No nuts, please'])
  expect(await readCustomer(db, 999_999)).toBeUndefined()
})

test('she finds a customer by name, email, phone as people write it, or payment reference', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const priya = await sendRequest(db)
  await sendRequest(db, { name: 'Sam Lee', email: 'sam@example.com', phone_number: '647-555-0101' })
  const found = async (q: string) =>
    (await listCustomers(db, { q })).customers.map((customer) => customer.name)
  expect(await found('priya')).toEqual(['Priya Sharma'])
  expect(await found('SAM@EXAMPLE')).toEqual(['Sam Lee'])
  expect(await found('(647) 555-0101')).toEqual(['Sam Lee'])
  expect(await found('555 01')).toEqual(['Priya Sharma', 'Sam Lee'].reverse())
  expect(await found((await reference(db, priya)).toLowerCase())).toEqual(['Priya Sharma'])
  expect(await found('nobody')).toEqual([])
  expect((await listCustomers(db, { q: 'x'.repeat(500) })).q).toHaveLength(100)
})

test('a long book comes a page at a time, and a page past the end shows the last', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await db.updateTable('weekday_capacity').set({ capacity: 999 }).execute()
  for (let n = 0; n <= CUSTOMERS_PER_PAGE; n++) {
    await sendRequest(db, {
      name: `Customer ${n}`,
      email: `c${n}@example.com`,
      phone_number: `416-555-${String(1000 + n)}`,
    })
  }
  const first = await listCustomers(db)
  expect(first).toMatchObject({ matching: CUSTOMERS_PER_PAGE + 1, pages: 2, page: 1 })
  expect(first.customers[0]!.name).toBe(`Customer ${CUSTOMERS_PER_PAGE}`)
  const last = await listCustomers(db, { page: 40 })
  expect(last.page).toBe(2)
  expect(last.customers.map((customer) => customer.name)).toEqual(['Customer 0'])
})

test('an erased customer is gone from her book', async () => {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const priya = await sendRequest(db)
  await moveTo(db, priya, 'declined')
  await sendRequest(db, { name: 'Sam Lee', email: 'sam@example.com', phone_number: '647-555-0101' })
  const store = createLocalMediaStore(dataDir)
  await eraseCustomer(db, { store, dataDir }, { email: 'priya@example.com' })
  expect((await listCustomers(db)).customers.map((customer) => customer.name)).toEqual(['Sam Lee'])
  expect(await readCustomer(db, priya)).toBeUndefined()
})
