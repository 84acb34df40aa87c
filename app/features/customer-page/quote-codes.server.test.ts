import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { receiveCodePost } from '#app/features/discount-codes/code-form.server.ts'
import { listCodes } from '#app/features/discount-codes/discount-codes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { readCustomerBook, receiveQuoteAnswer } from './customer-quotes.server.ts'

const SITE = 'https://butterandbloom.example'
const HOUR = 60 * 60_000

async function makeCode(db: Db, fields: Record<string, string>) {
  const request = new Request(`${SITE}/admin/codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'add', ...fields }).toString(),
  })
  await receiveCodePost({ db, request, now: BOOK_NOW })
}

let ip = 0

/** Her answer to her first request's first quote, as her page's form posts it. */
async function accept(db: Db, requestId: number, code: string) {
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return receiveQuoteAnswer({
    request: new Request(`${SITE}/requests/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'accept', request: '1', quote: '1', code }).toString(),
    }),
    token: token!,
    clientIp: `192.0.2.${++ip}`,
    db,
    now: BOOK_NOW + HOUR,
    siteUrl: SITE,
  })
}

test('a code with her acceptance comes off the quote’s total on her page; one that cannot is told before she accepts', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await makeCode(db, { code: 'THANKYOU', kind: 'percent', percent: '10', once_per_customer: 'on' })
  const first = await sendRequest(db)
  await quoteFor(db, first)

  // A code the bakery does not have: the quote is still hers to answer.
  expect(await accept(db, first, 'THANKS')).toEqual({
    status: 409,
    body: {
      ok: false,
      position: 1,
      error: 'We do not have a code THANKS: check how it is spelled.',
    },
  })
  expect(
    await db
      .selectFrom('request_quote')
      .select('accepted_at')
      .where('request_id', '=', first)
      .executeTakeFirst(),
  ).toEqual({ accepted_at: null })

  // 10% of the $90 quote: $9 off, the $30 deposit as it was.
  expect(await accept(db, first, ' thankyou ')).toEqual({
    status: 200,
    body: {
      ok: true,
      position: 1,
      outcome: 'accepted',
      code: 'Code THANKYOU took $9 off your total.',
    },
  })
  expect(await moneyOf(db, first)).toMatchObject({
    priceCents: 9_000,
    depositCents: 3_000,
    discount: { code: 'THANKYOU', cents: 900 },
  })
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', first)
    .executeTakeFirstOrThrow()
  const book = await readCustomerBook(db, token!, BOOK_NOW + HOUR)
  expect(Object.values(book)[0]!.schedule?.charges).toEqual([
    ['Price', '$90'],
    ['Code THANKYOU', '−$9'],
    ['Total', '$81'],
  ])

  // Once each: her next quote is accepted, and told why the code did not come off it.
  const second = await sendRequest(db, { due_date: '2026-12-19' })
  await quoteFor(db, second)
  const again = await accept(db, second, 'THANKYOU')
  expect(again).toMatchObject({
    status: 200,
    body: {
      outcome: 'accepted',
      code: 'Your quote is accepted, but the code could not be used: You have used the code THANKYOU already: it is once per customer.',
    },
  })
  expect((await moneyOf(db, second)).discount).toBeNull()
  expect((await listCodes(db))[0]!.uses).toBe(1)
})

test('a first-order code comes off her first quote; the owner’s email and the order’s timeline name it', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await makeCode(db, { code: 'WELCOME', kind: 'amount', amount: '5', first_order_only: 'on' })
  const first = await sendRequest(db)
  await quoteFor(db, first)

  // The request she is accepting is this order, not one she made before.
  expect(await accept(db, first, 'WELCOME')).toMatchObject({
    status: 200,
    body: { outcome: 'accepted', code: 'Code WELCOME took $5 off your total.' },
  })
  const [told] = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .where('subject_id', '=', first)
    .execute()
  const owners = JSON.parse(told!.payload) as OutgoingEmail
  expect(owners.subject).toMatch(/accepted the quote/)
  expect(owners.text).toContain('Code WELCOME: −$5')
  const timeline = await db
    .selectFrom('request_event')
    .select(['actor', 'note'])
    .where('request_id', '=', first)
    .orderBy('id')
    .execute()
  expect(timeline.slice(-2)).toEqual([
    { actor: 'customer', note: 'Accepted the quote.' },
    { actor: 'customer', note: 'Used Code WELCOME: $5 off.' },
  ])

  // Her second order is not a first one.
  const second = await sendRequest(db, { due_date: '2026-12-19' })
  await quoteFor(db, second)
  expect(await accept(db, second, 'WELCOME')).toMatchObject({
    status: 200,
    body: {
      code: 'Your quote is accepted, but the code could not be used: The code WELCOME is for a first order, and you have ordered with us before.',
    },
  })
})
