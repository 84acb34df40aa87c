import { expect, test } from 'vitest'
import { recordPayment, waiveDeposit } from '#app/features/order-book/money-in.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { readTodayPage } from './today.server.ts'
import { TODAY_LIST_LIMIT } from './today.ts'

/** Thursday, December 10, 2026, 9 in the morning in Toronto: today is the 10th, tomorrow the 11th. */
const TODAY_NOW = new Date('2026-12-10T14:00:00Z')

async function quote(
  db: Awaited<ReturnType<typeof openTestDatabase>>['db'],
  requestId: number,
  { depositCents = 5_000, depositDue = null as string | null } = {},
) {
  const quoted = await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId,
      quote: {
        priceCents: 12_000,
        depositCents,
        depositDue,
        paymentInstructions: 'e-Transfer',
        message: '',
        expiresInDays: 30,
      },
      now: BOOK_NOW,
    }),
  )
  if (!quoted.ok) throw new Error(quoted.error)
}

async function accept(db: Awaited<ReturnType<typeof openTestDatabase>>['db'], requestId: number) {
  const { customer_token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  const answered = await answerQuote(db, {
    token: customer_token!,
    requestId,
    answer: 'accept',
    now: BOOK_NOW + 1000,
  })
  if (!answered.ok) throw new Error(answered.error)
}

test('the Today page: the bake lists of today and tomorrow, replies owed oldest first, quotes out and deposits due', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const olderNew = await sendRequest(db, { name: 'Ada Older', due_date: '2026-12-19' })
  const newerNew = await sendRequest(db, { name: 'Bo Newer', due_date: '2026-12-11' })
  const quotedOut = await sendRequest(db, { name: 'Cy Quoted', due_date: '2026-12-22' })
  const overdue = await sendRequest(db, { name: 'Di Overdue', due_date: '2026-12-18' })
  const dueLater = await sendRequest(db, { name: 'Ed Later', due_date: '2026-12-21' })
  const waived = await sendRequest(db, { name: 'Flo Waived', due_date: '2026-12-10' })
  const declined = await sendRequest(db, { name: 'Gus Declined', due_date: '2026-12-10' })

  await quote(db, quotedOut)
  await quote(db, overdue, { depositDue: '2026-12-05' })
  await accept(db, overdue)
  await recordPayment(db, {
    requestId: overdue,
    payment: { amountCents: 2_000, receivedOn: '2026-12-01', method: 'Cash' },
    now: BOOK_NOW + 2000,
  })
  await quote(db, dueLater, { depositDue: '2026-12-15' })
  await accept(db, dueLater)
  await quote(db, waived)
  await accept(db, waived)
  await waiveDeposit(db, { requestId: waived, now: BOOK_NOW + 3000 })
  await moveTo(db, declined, 'declined')

  const page = await readTodayPage(db, { now: TODAY_NOW })
  expect(page.today).toBe('2026-12-10')
  expect(page.days.map(({ date, items }) => [date, items.map((item) => item.name)])).toEqual([
    // Waived and so confirmed: on today's list; the declined one is not made.
    ['2026-12-10', ['Flo Waived']],
    ['2026-12-11', ['Bo Newer']],
  ])
  expect(page.waiting.items.map((request) => request.id)).toEqual([olderNew, newerNew])
  expect(page.awaitingAnswer.items.map((request) => request.name)).toEqual(['Cy Quoted'])
  // Accepted, deposit not in: the overdue one first, with what is still owed.
  expect(page.deposits.items).toEqual([
    expect.objectContaining({
      id: overdue,
      owedCents: 3_000,
      depositDue: '2026-12-05',
      overdue: true,
    }),
    expect.objectContaining({
      id: dueLater,
      owedCents: 5_000,
      depositDue: '2026-12-15',
      overdue: false,
    }),
  ])
})

test('a deposit due today is due, not overdue; once paid it leaves the list', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db, { due_date: '2026-12-18' })
  await quote(db, id, { depositDue: '2026-12-10' })
  await accept(db, id)
  expect((await readTodayPage(db, { now: TODAY_NOW })).deposits.items).toEqual([
    expect.objectContaining({ id, overdue: false, owedCents: 5_000 }),
  ])
  // The next morning, still owed: overdue.
  const nextDay = new Date(TODAY_NOW.getTime() + 24 * 60 * 60 * 1000)
  expect((await readTodayPage(db, { now: nextDay })).deposits.items).toEqual([
    expect.objectContaining({ id, overdue: true }),
  ])
  await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 5_000, receivedOn: '2026-12-10', method: 'Cash' },
    now: BOOK_NOW + 5000,
  })
  expect((await readTodayPage(db, { now: nextDay })).deposits.items).toEqual([])
})

test('a long list shows its oldest few and counts them all, so the page stays a glance', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const sent: number[] = []
  for (let index = 0; index < TODAY_LIST_LIMIT + 2; index++) {
    sent.push(await sendRequest(db, { due_date: `2026-12-${14 + Math.floor(index / 3)}` }))
  }
  const quoted = sent.slice(0, 3)
  for (const id of quoted) await quote(db, id)
  await accept(db, quoted[0]!)

  const page = await readTodayPage(db, { now: TODAY_NOW })
  const waiting = sent.slice(3)
  expect(page.waiting.total).toBe(waiting.length)
  expect(page.waiting.items.map((request) => request.id)).toEqual(
    waiting.slice(0, TODAY_LIST_LIMIT),
  )
  expect(page.awaitingAnswer).toEqual({
    total: 2,
    items: quoted.slice(1).map((id) => expect.objectContaining({ id })),
  })
  expect(page.deposits).toEqual({
    total: 1,
    overdue: 0,
    items: [expect.objectContaining({ id: quoted[0], owedCents: 5_000, name: expect.any(String) })],
  })
})
