import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import {
  HOUR,
  NOW,
  SITE,
  keyNamed,
  nextIp,
  openCardBook,
  paidByCard,
  quote,
} from '#tests/support/card-book.ts'
import { openTestConnection, openTestDatabase, testDatabaseKind } from '#tests/support/database.ts'
import { versionOf } from '#tests/support/order-book.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { askForChange, saveChangePolicy } from './customer-changes.server.ts'
import { cancelByCustomer, selfCancellationOf } from './self-cancel.server.ts'
import { receiveSelfService } from './self-service.server.ts'

async function requestRow(db: Db, id: number) {
  return db
    .selectFrom('order_request')
    .select(['status', 'due_date', 'pickup_window'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** Every email queued, with its name and to whom, oldest first. */
async function emails(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key'])
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const email = JSON.parse(row.payload) as OutgoingEmail
    return {
      key: row.dedupe_key,
      to: email.to?.address ?? 'owner',
      subject: email.subject,
      text: email.text,
    }
  })
}

/** Sends one request for `date` by `email` and quotes it; its id and private link. */
async function bookAndQuote(db: Db, date: string, who: string) {
  const order: OrderRequest = {
    ...birthdayCakeOrder,
    due_date: date,
    email: `${who}@example.com`,
    name: `${who} Test`,
  }
  const sent = await submitOrderRequests(db, [order], {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error(`${date} could not be booked`)
  const row = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .where('batch_id', '=', sent.batchId)
    .executeTakeFirstOrThrow()
  await db.transaction().execute((trx) => quoteRequest(trx, { requestId: row.id, quote, now: NOW }))
  return { id: row.id, token: row.customer_token! }
}

/** A book where each day takes one cake (no menu: each request weighs 1). */
async function openSmallBook() {
  const { db, location } = await openTestDatabase()
  await setWeekdayCapacity(db, [1, 1, 1, 1, 1, 1, 1])
  return { db, location }
}

function ownerPost(db: Db, id: number, fields: Record<string, string>, now = NOW + 2 * HOUR) {
  return receiveOrderAction({
    request: new Request(`${SITE}/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now,
  })
}

test('a change to a full day is refused when asked, and again when accepted if the day filled meanwhile', async () => {
  const { db } = await openSmallBook()
  const priya = await bookAndQuote(db, '2026-12-12', 'priya')
  await bookAndQuote(db, '2026-12-19', 'ana')
  const full = await askForChange(db, {
    token: priya.token,
    position: 1,
    newDate: '2026-12-19',
    newWindow: null,
    details: '',
    now: NOW + HOUR,
  })
  expect(full).toMatchObject({ ok: false, status: 409 })
  expect(!full.ok && full.error).toContain('Saturday, December 19, 2026 is fully booked')

  const asked = await askForChange(db, {
    token: priya.token,
    position: 1,
    newDate: '2026-12-20',
    newWindow: null,
    details: 'Sunday suits the family better.',
    now: NOW + HOUR,
    siteUrl: SITE,
  })
  expect(asked.ok).toBe(true)
  // A second ask waits for the first's answer.
  const again = await askForChange(db, {
    token: priya.token,
    position: 1,
    newDate: null,
    newWindow: null,
    details: 'Also blue icing.',
    now: NOW + HOUR,
  })
  expect(again).toMatchObject({ ok: false, status: 409 })
  const owner = (await emails(db)).filter((email) => email.key?.startsWith('change-asked:'))
  expect(owner).toHaveLength(1)
  expect(owner[0]!.subject).toContain('asked to change')

  // Meanwhile a new order takes the Sunday.
  await bookAndQuote(db, '2026-12-20', 'lee')
  const detail = await readOrderDetail(db, priya.id)
  expect(detail?.pendingChange?.changes).toEqual([
    { label: 'Date', from: 'Saturday, December 12, 2026', to: 'Sunday, December 20, 2026' },
  ])
  const accepted = await ownerPost(db, priya.id, {
    intent: 'accept_change',
    change: String(detail!.pendingChange!.id),
    version: await versionOf(db, priya.id),
  })
  expect(accepted.status).toBe(409)
  expect(JSON.stringify(accepted.body)).toContain('fully booked')
  expect((await requestRow(db, priya.id)).due_date).toBe('2026-12-12')
  expect((await readOrderDetail(db, priya.id))?.pendingChange).not.toBeNull()

  // Declined with a sentence: she is emailed it once, her date stays.
  const declined = await ownerPost(db, priya.id, {
    intent: 'decline_change',
    change: String(detail!.pendingChange!.id),
    change_note: 'Sunday is full now, sorry!',
    version: await versionOf(db, priya.id),
  })
  expect(declined.status).toBe(200)
  const toHer = (await emails(db)).filter((email) => email.to === 'priya@example.com')
  expect(toHer.at(-1)?.subject).toContain('About the change')
  expect(toHer.at(-1)?.text).toContain('Sunday is full now, sorry!')
})

test('two accepts into the last place of a day: one moves, the other is refused with a sentence', async () => {
  const { db, location } = await openSmallBook()
  const other = openTestConnection(location)
  const priya = await bookAndQuote(db, '2026-12-12', 'priya')
  const ana = await bookAndQuote(db, '2026-12-13', 'ana')
  for (const who of [priya, ana]) {
    const asked = await askForChange(db, {
      token: who.token,
      position: 1,
      newDate: '2026-12-20',
      newWindow: null,
      details: '',
      now: NOW + HOUR,
    })
    expect(asked.ok).toBe(true)
  }
  const changeOf = async (id: number) => (await readOrderDetail(db, id))!.pendingChange!.id
  const posts = await Promise.all([
    ownerPost(db, priya.id, {
      intent: 'accept_change',
      change: String(await changeOf(priya.id)),
      version: await versionOf(db, priya.id),
    }),
    ownerPost(other, ana.id, {
      intent: 'accept_change',
      change: String(await changeOf(ana.id)),
      version: await versionOf(db, ana.id),
    }),
  ])
  expect(posts.map((post) => post.status).sort()).toEqual([200, 409])
  const dates = [(await requestRow(db, priya.id)).due_date, (await requestRow(db, ana.id)).due_date]
  expect(dates.filter((date) => date === '2026-12-20')).toHaveLength(1)
  const refused = posts.find((post) => post.status === 409)!
  expect(JSON.stringify(refused.body)).toContain('fully booked')
  // The customer whose change was made is emailed once, and sees the new date.
  const made = (await emails(db)).filter((email) => email.subject.startsWith('Your change'))
  expect(made).toHaveLength(1)
  expect(made[0]!.text).toContain('Sunday, December 20, 2026')
})

test('within the no-change window the customer cannot ask or cancel', async () => {
  const { db } = await openSmallBook()
  const priya = await bookAndQuote(db, '2026-12-12', 'priya')
  const late = Date.parse('2026-12-10T17:00:00Z')
  const asked = await askForChange(db, {
    token: priya.token,
    position: 1,
    newDate: null,
    newWindow: null,
    details: 'Blue icing',
    now: late,
  })
  expect(asked).toMatchObject({ ok: false, status: 409 })
  const cancelled = await cancelByCustomer(db, { token: priya.token, position: 1, now: late })
  expect(cancelled).toMatchObject({ ok: false, status: 409 })
  expect((await requestRow(db, priya.id)).status).toBe('quoted')
})

test('a double cancel makes one cancellation, one card refund of the exact amount, one email each', async () => {
  const book = await openCardBook()
  const { paymentId } = await paidByCard(book)
  // $30 more by e-Transfer: beyond the $50 deposit, it always comes back.
  await recordPayment(book.db, {
    requestId: book.id,
    payment: { amountCents: 3_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: NOW + 2 * HOUR,
  })
  await saveChangePolicy(book.db, {
    windowDays: 3,
    cutoffDays: 7,
    beforePercent: 100,
    afterPercent: 45,
  })
  // Monday, December 7: five days before the 12th, after the 7-day cut-off.
  const now = Date.parse('2026-12-07T17:00:00Z')
  // Two instances on PostgreSQL; SQLite's one writer is one connection in a
  // process (better-sqlite3 waits synchronously, decision 050's test does the same).
  const other = testDatabaseKind() === 'pg' ? openTestConnection(book.location) : book.db
  const post = (db: Db) =>
    receiveSelfService({
      request: new Request(`${SITE}/requests/${book.token}?change`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        // 45% of the $50 deposit ($22.50) and the $30 beyond it.
        body: 'intent=cancel&request=1&expected_refund=5250',
      }),
      token: book.token,
      clientIp: nextIp(),
      db,
      now,
      siteUrl: SITE,
      env: book.env,
    })
  const answers = await Promise.all([post(book.db), post(other)])
  expect(answers.map((answer) => answer.status)).toEqual([200, 200])
  expect((await requestRow(book.db, book.id)).status).toBe('cancelled')
  const calls = book.fake.received.filter((call) => call.path === '/v1/refunds')
  expect(calls).toHaveLength(1)
  expect(calls[0]!.idempotencyKey).toEqual(keyNamed(`card-refund-${paymentId}-0-5000`))
  expect(Object.fromEntries(calls[0]!.form).amount).toBe('5000')
  const refunds = await book.db.selectFrom('refund').select(['amount_cents', 'method']).execute()
  expect(refunds).toEqual([{ amount_cents: 5_000, method: 'card' }])
  // The $2.50 not on the card is for the owner to send: her money card says so.
  expect(await selfCancellationOf(book.db, book.id)).toMatchObject({
    refundCents: 5_250,
    cardCents: 5_000,
    owedBackCents: 250,
  })
  const sent = (await emails(book.db)).filter((email) => email.key?.startsWith('self-cancel'))
  expect(sent.map((email) => email.to).sort()).toEqual(['owner', 'priya@example.com'])
  const hers = sent.find((email) => email.to === 'priya@example.com')!
  expect(hers.text).toContain('$52.50')
  expect(hers.text).toContain('$2.50, sent by')
  // Once the owner records the e-Transfer, nothing is left to send back.
  await book.db.transaction().execute(async (trx) => {
    await recordRefundIn(trx, {
      requestId: book.id,
      amountCents: 250,
      refundedOn: '2026-12-07',
      method: 'e-Transfer',
      reason: '',
      now: now + HOUR,
    })
  })
  expect((await selfCancellationOf(book.db, book.id))?.owedBackCents).toBe(0)
  // Capacity is released: the day's effort no longer counts it.
  const held = await book.db
    .selectFrom('order_request')
    .select('id')
    .where('due_date', '=', '2026-12-12')
    .where('status', 'in', ['new', 'quoted', 'confirmed', 'ready'])
    .execute()
  expect(held).toHaveLength(0)
})

test('a changed sum since the confirm step cancels nothing and says the new sum', async () => {
  const { db } = await openSmallBook()
  const priya = await bookAndQuote(db, '2026-12-12', 'priya')
  await recordPayment(db, {
    requestId: priya.id,
    payment: { amountCents: 5_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: NOW + HOUR,
  })
  const cancelled = await cancelByCustomer(db, {
    token: priya.token,
    position: 1,
    expectedRefundCents: 0,
    now: NOW + 2 * HOUR,
  })
  expect(cancelled).toMatchObject({ ok: false, status: 409 })
  expect(!cancelled.ok && cancelled.error).toContain('$50')
  expect((await requestRow(db, priya.id)).status).toBe('quoted')
})
