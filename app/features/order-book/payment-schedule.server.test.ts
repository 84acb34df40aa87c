import { Migrator, sql } from 'kysely'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/db.server.ts'
import { migrations } from '#app/db/migrations.server.ts'
import { isPostgres } from '#app/db/portable-schema.server.ts'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { listOrderBook } from '#app/features/owner-desk/order-list.server.ts'
import { readTodayPage } from '#app/features/owner-desk/today.server.ts'
import { receiveBalanceDueAction } from '#app/features/payments/payment-schedule-settings.server.ts'
import { SAVE_BALANCE_DUE } from '#app/features/payments/payment-schedule-settings.tsx'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import {
  makeTestDatabaseUrl,
  openTestConnection,
  openTestDatabase,
  openTwoInstances,
} from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { recordPayment } from './money-in.server.ts'
import { answerQuote } from './quote-answers.server.ts'
import { currentQuote, quoteRequest } from './quotes.server.ts'

const SITE_URL = 'https://butterandbloom.example'

/** 10 in the morning in Toronto (UTC−5) on `date`. */
const morningOf = (date: string) => new Date(`${date}T15:00:00Z`)

async function quote(
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

async function tokenOf(db: Db, requestId: number) {
  const row = await db
    .selectFrom('order_request')
    .select(['customer_token', 'payment_reference'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return { token: row.customer_token!, reference: row.payment_reference! }
}

/** Quoted, accepted and its $40 deposit paid: booked, with $80 of balance owed. */
async function book(db: Db, requestId: number, balanceDue?: string) {
  const quoted = await quote(db, requestId, { balanceDue })
  if (!quoted.ok) throw new Error(quoted.error)
  const { token } = await tokenOf(db, requestId)
  await answerQuote(db, { token, requestId, answer: 'accept', now: BOOK_NOW + 1000 })
  const paid = await recordPayment(db, {
    requestId,
    payment: { amountCents: 4_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: BOOK_NOW + 2000,
  })
  if (!paid.confirmed) throw new Error('Not confirmed.')
}

async function noticeKeys(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select(['dedupe_key', 'payload'])
    .where('topic', '=', 'payment_notice')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    key: row.dedupe_key,
    email: JSON.parse(row.payload) as { subject: string; text: string },
  }))
}

test('the balance falls due the setting’s days before the order date, or on the date the owner picks', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  // Sent on Monday, November 23; due Saturday, December 19.
  const byDefault = await sendRequest(db, { due_date: '2026-12-19' })
  const picked = await sendRequest(db, { due_date: '2026-12-19' })
  const soon = await sendRequest(db, { due_date: '2026-11-26' })

  expect(await quote(db, byDefault)).toMatchObject({ ok: true })
  expect((await currentQuote(db, byDefault))?.balance_due).toBe('2026-12-12')

  // The owner's setting changes what the next quote gets.
  const saved = await receiveBalanceDueAction({
    request: settingsPost({ balance_due_days: '10' }),
    db,
  })
  expect(saved.status).toBe(200)
  expect(await quote(db, byDefault)).toMatchObject({ ok: true })
  expect((await currentQuote(db, byDefault))?.balance_due).toBe('2026-12-09')

  expect(await quote(db, picked, { balanceDue: '2026-12-17' })).toMatchObject({ ok: true })
  expect((await currentQuote(db, picked))?.balance_due).toBe('2026-12-17')

  // An order three days off: ten days before would be in the past, so it is today.
  expect(await quote(db, soon)).toMatchObject({ ok: true })
  expect((await currentQuote(db, soon))?.balance_due).toBe('2026-11-23')

  // Dates that cannot be: each refused with its reason, nothing stored.
  const refusals = [
    [{ balanceDue: '2026-11-20' }, 'The balance cannot be due before today.'],
    [
      { balanceDue: '2026-12-20' },
      `The balance must be due by the order date, ${formatCalendarDate('2026-12-19')}.`,
    ],
    [
      { balanceDue: '2026-12-01', depositDue: '2026-12-05' },
      `The balance cannot be due before the deposit, due ${formatCalendarDate('2026-12-05')}.`,
    ],
  ] as const
  for (const [change, error] of refusals) {
    expect(await quote(db, picked, change)).toEqual({
      ok: false,
      status: 400,
      error,
      field: 'balance_due',
    })
  }
  expect((await currentQuote(db, picked))?.balance_due).toBe('2026-12-17')

  // The setting's own bounds.
  for (const days of ['61', '-1', 'seven', '']) {
    const refused = await receiveBalanceDueAction({
      request: settingsPost({ balance_due_days: days }),
      db,
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: 'Choose 0 to 60 days before the order date.' })
  }
})

function settingsPost(fields: Record<string, string>) {
  return new Request(`${SITE_URL}/admin/settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: SAVE_BALANCE_DUE, ...fields }),
  })
}

test('the owner’s quote form takes a balance date, and refuses one after the order', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db, { due_date: '2026-12-19' })
  const post = async (balance_due: string) =>
    receiveOrderAction({
      request: new Request(`${SITE_URL}/admin/orders/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'quote',
          version: String(
            (
              await db
                .selectFrom('order_request')
                .select('version')
                .where('id', '=', id)
                .executeTakeFirstOrThrow()
            ).version,
          ),
          price: '120',
          deposit_kind: 'percent',
          deposit: '25',
          deposit_due: '',
          balance_due,
          payment_instructions: '',
          message: '',
          expires_in_days: '7',
        }),
      }),
      db,
      requestId: id,
      siteUrl: SITE_URL,
      now: BOOK_NOW,
    })
  const late = await post('2026-12-24')
  expect(late.status).toBe(400)
  expect(late.body).toMatchObject({
    fieldErrors: {
      balance_due: `The balance must be due by the order date, ${formatCalendarDate('2026-12-19')}.`,
    },
  })
  const notADate = await post('2026-02-30')
  expect(notADate.status).toBe(400)
  expect(notADate.body).toMatchObject({
    fieldErrors: { balance_due: 'Choose the date the balance is due, or leave it empty.' },
  })
  expect(await currentQuote(db, id)).toBeUndefined()

  expect((await post('2026-12-15')).status).toBe(200)
  expect((await currentQuote(db, id))?.balance_due).toBe('2026-12-15')
  // The quote email says what is due when, and the reference to pay with.
  const { reference } = await tokenOf(db, id)
  const [email] = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .where('subject_id', '=', id)
    .execute()
  const { text } = JSON.parse(email!.payload) as { text: string }
  expect(text).toContain('Deposit: $30')
  expect(text).toContain(`Balance: $90, due by ${formatCalendarDate('2026-12-15')}`)
  expect(text).toContain(`Payment reference: ${reference}`)
  expect(text).toContain(`Put ${reference} in the e-Transfer message`)
})

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
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
    : undefined
  const migrated = await new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableSchema: schema,
  }).migrateToLatest()
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

test('a balance reminder three days before, and each overdue notice, are queued once across runs and instances', async () => {
  const [db, other] = await openTwoInstances()
  await openBakery(db)
  // Booked for Saturday, December 19: balance due Saturday the 12th (a week before).
  const reminded = await sendRequest(db, { name: 'Rita Reminded', due_date: '2026-12-19' })
  await book(db, reminded)
  // Booked, balance due December 5: overdue by the 9th.
  const late = await sendRequest(db, {
    name: 'Lou Late',
    email: 'lou@example.com',
    due_date: '2026-12-18',
  })
  await book(db, late, '2026-12-05')
  // Paid in full: nothing to say.
  const paidUp = await sendRequest(db, { name: 'Pia Paid', email: 'pia@example.com' })
  await book(db, paidUp, '2026-12-05')
  await recordPayment(db, {
    requestId: paidUp,
    payment: { amountCents: 8_000, receivedOn: '2026-12-01', method: 'Cash' },
    now: BOOK_NOW + 3000,
  })
  // Accepted, its deposit due December 1 and never paid.
  const unpaid = await sendRequest(db, {
    name: 'Dee Deposit',
    email: 'dee@example.com',
    due_date: '2026-12-17',
  })
  await quote(db, unpaid, { depositDue: '2026-12-01' })
  const { token } = await tokenOf(db, unpaid)
  await answerQuote(db, { token, requestId: unpaid, answer: 'accept', now: BOOK_NOW + 1000 })
  // Quoted with the same deposit date, not answered yet: not chased, it lapses.
  const unanswered = await sendRequest(db, {
    name: 'Una Answered',
    email: 'una@example.com',
    due_date: '2026-12-16',
  })
  await quote(db, unanswered, { depositDue: '2026-12-01' })

  // December 8: the 12th is four days off, the 5th has passed.
  const eighth = await runSchedule(db, { now: morningOf('2026-12-08'), siteUrl: SITE_URL })
  expect(eighth.paymentNotices).toBe(2)
  expect((await noticeKeys(db)).map((notice) => notice.key)).toEqual([
    `balance-overdue:${late}:2026-12-05`,
    `deposit-overdue:${unpaid}:2026-12-01`,
  ])

  // December 9: three days before the 12th. Both instances run at once, and again.
  const ninth = { now: morningOf('2026-12-09'), siteUrl: SITE_URL }
  const runs = await Promise.all([
    runSchedule(db, ninth),
    runSchedule(other, ninth),
    runSchedule(db, ninth),
  ])
  expect(runs.map((run) => run.paymentNotices).sort()).toEqual([0, 0, 1])
  await runSchedule(other, { now: morningOf('2026-12-10'), siteUrl: SITE_URL })
  const notices = await noticeKeys(db)
  expect(notices.map((notice) => notice.key)).toEqual([
    `balance-overdue:${late}:2026-12-05`,
    `deposit-overdue:${unpaid}:2026-12-01`,
    `balance-reminder:${reminded}:2026-12-12`,
  ])
  const [overdue, deposit, reminder] = notices.map((notice) => notice.email)
  const lateRef = (await tokenOf(db, late)).reference
  expect(overdue!.subject).toBe(
    `Your balance of $80 was due ${formatCalendarDate('2026-12-05')} — Butter & Bloom Bakery`,
  )
  expect(overdue!.text).toContain(
    `Balance: $80, due ${formatCalendarDate('2026-12-05')} (overdue: $80 to pay)`,
  )
  expect(overdue!.text).toContain('Paid so far: $40')
  expect(overdue!.text).toContain(`Put ${lateRef} in the e-Transfer message`)
  expect(deposit!.subject).toBe(
    `Your deposit of $40 was due ${formatCalendarDate('2026-12-01')} — Butter & Bloom Bakery`,
  )
  expect(reminder!.subject).toBe(
    `Your balance of $80 is due ${formatCalendarDate('2026-12-12')} — Butter & Bloom Bakery`,
  )

  // Once the 12th passes unpaid, the reminder is followed by its overdue notice, once.
  for (const instance of [db, other, db]) {
    await runSchedule(instance, { now: morningOf('2026-12-13'), siteUrl: SITE_URL })
  }
  expect((await noticeKeys(db)).map((notice) => notice.key).slice(3)).toEqual([
    `balance-overdue:${reminded}:2026-12-12`,
  ])
})

test('Today lists balances overdue and due soon, and the customer’s page shows the schedule and the reference', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const late = await sendRequest(db, { name: 'Lou Late', due_date: '2026-12-18' })
  await book(db, late, '2026-12-05')
  const soon = await sendRequest(db, { name: 'Sue Soon', due_date: '2026-12-19' })
  await book(db, soon, '2026-12-11')
  const later = await sendRequest(db, { name: 'Lee Later', due_date: '2026-12-30' })
  await book(db, later, '2026-12-20')

  const page = await readTodayPage(db, { now: morningOf('2026-12-09') })
  expect(page.balances).toEqual({
    total: 2,
    overdue: 1,
    items: [
      expect.objectContaining({
        id: late,
        owedCents: 8_000,
        balanceDue: '2026-12-05',
        overdue: true,
      }),
      expect.objectContaining({
        id: soon,
        owedCents: 8_000,
        balanceDue: '2026-12-11',
        overdue: false,
      }),
    ],
  })

  const { token, reference } = await tokenOf(db, late)
  const book_ = await readCustomerBook(db, token, morningOf('2026-12-09').getTime())
  expect(book_[1]!.schedule).toEqual({
    reference,
    paid: '$40',
    lines: [
      {
        label: 'Deposit',
        amount: '$40',
        due: 'When you accept',
        state: 'paid',
        owed: null,
      },
      {
        label: 'Balance',
        amount: '$80',
        due: formatCalendarDate('2026-12-05'),
        state: 'overdue',
        owed: '$80',
      },
    ],
  })
})
