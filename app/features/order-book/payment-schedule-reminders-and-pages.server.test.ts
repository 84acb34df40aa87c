/**
 * What is owed, once booked: a balance reminder three days before and each
 * overdue notice queued once across runs and instances, the balances Today
 * lists, and the schedule with its reference on the customer's page.
 */
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import { readTodayPage } from '#app/features/owner-desk/today.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { quote, tokenOf } from '#tests/support/payment-schedule.ts'
import { recordPayment } from './money-in.server.ts'
import { answerQuote } from './quote-answers.server.ts'

const SITE_URL = 'https://butterandbloom.example'

/** 10 in the morning in Toronto (UTC−5) on `date`. */
const morningOf = (date: string) => new Date(`${date}T15:00:00Z`)

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
