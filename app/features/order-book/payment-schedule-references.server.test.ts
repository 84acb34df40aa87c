/**
 * Payment references: each request's own and random, found by the owner's
 * search however it is typed, made wider when the four-digit ones are all
 * taken, and given to the requests already in the book when the site is
 * upgraded.
 */
import { expect, test } from 'vitest'
import { migrateToLatest } from '#app/db/db.server.ts'
import { migrations } from '#app/db/migrations.server.ts'
import { listOrderBook } from '#app/features/owner-desk/order-list.server.ts'
import {
  makeTestDatabaseUrl,
  openTestConnection,
  openTestDatabase,
  migrateWith,
} from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { tokenOf } from '#tests/support/payment-schedule.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'

test('each request gets its own random reference, and the owner’s search finds it however it is typed', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const ids = []
  for (let index = 0; index < 12; index += 1) {
    ids.push(
      await sendRequest(db, { name: `Customer ${index}`, due_date: `2026-12-${14 + (index % 6)}` }),
    )
  }
  const references = await Promise.all(ids.map(async (id) => (await tokenOf(db, id)).reference))
  for (const reference of references) expect(reference).toMatch(/^BB-\d{4}$/)
  expect(new Set(references).size).toBe(references.length)
  // Not a count of the orders: twelve requests in a row are not twelve numbers in a row.
  const numbers = references.map((reference) => Number(reference.slice(3))).sort((a, b) => a - b)
  expect(numbers.at(-1)! - numbers[0]!).toBeGreaterThan(references.length)

  const reference = references[5]!
  const digits = reference.slice(3)
  const found = async (q: string) =>
    (
      await listOrderBook(db, { status: null, from: null, to: null, q, sort: 'newest', page: 1 })
    ).rows.map((row) => row.id)
  for (const typed of [reference, reference.toLowerCase(), `bb${digits}`, ` BB - ${digits} `]) {
    expect(await found(typed)).toEqual([ids[5]])
  }
  // The list's card shows it; a name search works as before.
  const [row] = (
    await listOrderBook(db, {
      status: null,
      from: null,
      to: null,
      q: 'Customer 5',
      sort: 'newest',
      page: 1,
    })
  ).rows
  expect(row).toMatchObject({ id: ids[5], paymentReference: reference })
  // Its digits alone are no reference: they match no name or email.
  expect(await found(`BB-${digits.slice(0, 3)}`)).toEqual([])
})

test('when the four-digit references are all taken, the unique index turns a clash into a wider one', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const first = await sendRequest(db)
  const { batch_id } = await db
    .selectFrom('order_request')
    .select('batch_id')
    .where('id', '=', first)
    .executeTakeFirstOrThrow()
  const { reference: taken } = await tokenOf(db, first)
  // Every other four-digit reference, on requests of the same send.
  const rest = []
  for (let number = 1000; number <= 9999; number += 1) {
    if (`BB-${number}` !== taken) rest.push(`BB-${number}`)
  }
  for (let start = 0; start < rest.length; start += 500) {
    await db
      .insertInto('order_request')
      .values(
        rest.slice(start, start + 500).map((reference, index) => ({
          batch_id,
          position: start + index + 2,
          name: 'Filler',
          email: 'filler@example.com',
          phone_number: '4165550199',
          product_type: 'Cakes',
          event_theme: '',
          due_date: '2026-01-05',
          hear_about_us: '',
          status: 'cancelled' as const,
          payment_reference: reference,
        })),
      )
      .execute()
  }
  const next = await sendRequest(db, { name: 'Noor Next', due_date: '2026-12-19' })
  const { reference } = await tokenOf(db, next)
  expect(reference).toMatch(/^BB-\d{5,8}$/)
  const { count } = await db
    .selectFrom('order_request')
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .where('payment_reference', 'is not', null)
    .executeTakeFirstOrThrow()
  expect(Number(count)).toBe(9_001)
}, 60_000)

test('requests already in the book get a reference when the site is upgraded', async () => {
  const dataDir = await makeTempDir()
  const db = openTestConnection({ dataDir, url: await makeTestDatabaseUrl() })
  const before = Object.fromEntries(
    Object.entries(migrations).filter(([name]) => name < '020-payment'),
  )
  const migrated = await migrateWith(db, before)
  expect(migrated.error).toBeUndefined()
  const { id: batchId } = await db
    .insertInto('order_batch')
    .values({ created_at: new Date(BOOK_NOW).toISOString(), order_count: 30 })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('order_request')
    .values(
      Array.from({ length: 30 }, (_, index) => ({
        batch_id: batchId,
        position: index + 1,
        name: 'Old customer',
        email: 'old@example.com',
        phone_number: '4165550199',
        product_type: 'Cakes',
        event_theme: '',
        due_date: '2026-12-19',
        hear_about_us: '',
      })),
    )
    .execute()
  await migrateToLatest(db)
  const rows = await db.selectFrom('order_request').select('payment_reference').execute()
  expect(rows).toHaveLength(30)
  for (const row of rows) expect(row.payment_reference).toMatch(/^BB-\d{4}$/)
  expect(new Set(rows.map((row) => row.payment_reference)).size).toBe(30)
  const settings = await db
    .selectFrom('booking_settings')
    .select('balance_due_days')
    .executeTakeFirstOrThrow()
  expect(Number(settings.balance_due_days)).toBe(7)
})
