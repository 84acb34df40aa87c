import { parse } from 'csv-parse/sync'
import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import type { OutboxTopic } from '#app/db/schema.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { answerCalendarFeed, ensureIcalKey } from '#app/features/owner-desk/calendar-feed.server.ts'
import { answerOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { bakeryHour as hourOfBakery } from '#app/features/scheduled-work/schedule.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import { type LocalSettings, localSettings } from '#app/utils/local-settings.ts'
import { formatMoney, readMoney } from '#app/utils/money.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { recordPayment } from './money-in.server.ts'
import { moneyRecorded } from './money.server.ts'
import { quoteRequest } from './quotes.server.ts'

/**
 * The bakery moved to Auckland (decision 057): "today", the digest and
 * reminder hours, emails, the CSV and the calendar feed follow the settings
 * a request or job runs with, not the seed's Toronto and dollars.
 */
const AUCKLAND: LocalSettings = { timeZone: 'Pacific/Auckland', currency: 'NZD', locale: 'en-CA' }
const SITE = 'https://butterandbloom.example'
const inAuckland = <T>(work: () => Promise<T> | T) => runWithLocalSettings(AUCKLAND, work)

async function quote(db: Db, requestId: number, depositDue: string | null = null) {
  const quoted = await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId,
      quote: {
        priceCents: 12_000,
        depositCents: 3_000,
        depositDue,
        paymentInstructions: 'Bank transfer',
        message: '',
        expiresInDays: 30,
      },
      now: BOOK_NOW,
    }),
  )
  expect(quoted.ok).toBe(true)
}

async function outbox(db: Db, topic: OutboxTopic) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key'])
    .where('topic', '=', topic)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    key: row.dedupe_key,
    email: JSON.parse(row.payload) as { subject: string; text: string; html: string },
  }))
}

test('"today" is Auckland’s: 11:30 UTC on December 1 is already December 2 there', () => {
  const now = new Date('2026-12-01T11:30:00Z')
  // Without settings of its own, the seed's Toronto.
  expect(localSettings().timeZone).toBe('America/Toronto')
  expect(bakeryToday(now)).toBe('2026-12-01')
  expect(inAuckland(() => bakeryToday(now))).toBe('2026-12-02')
  expect(inAuckland(() => hourOfBakery(now))).toBe(0)
  // Each run has its own: one beside the other does not leak.
  expect(bakeryToday(now)).toBe('2026-12-01')
})

test('amounts are in NZ$ and are read back with the symbol', () => {
  inAuckland(() => {
    expect(formatMoney(4_500)).toBe('NZ$45')
    expect(formatMoney(105_050)).toBe('NZ$1,050.50')
    expect(readMoney('NZ$45')).toEqual({ ok: true, cents: 4_500 })
    expect(readMoney('$45')).toEqual({ ok: true, cents: 4_500 })
  })
  expect(formatMoney(4_500)).toBe('$45')
})

test('a quote’s email says its amounts in NZ$ and its expiry in Auckland’s time', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db)
  const { version } = await db
    .selectFrom('order_request')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const answer = await inAuckland(() =>
    receiveOrderAction({
      request: new Request(`http://localhost/admin/orders/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          confirm: 'yes',
          version: String(version),
          intent: 'quote',
          price: 'NZ$120',
          deposit_kind: 'amount',
          deposit: '60',
          deposit_due: '',
          payment_instructions: 'Bank transfer',
          message: '',
          expires_in_days: '3',
        }),
      }),
      db,
      requestId: id,
      siteUrl: SITE,
      now: BOOK_NOW,
    }),
  )
  expect(answer.status).toBe(200)
  const [update] = await outbox(db, 'request_update')
  expect(update!.email.text).toContain('Price: NZ$120')
  expect(update!.email.text).toContain('Deposit: NZ$60')
  // Three days after Monday 20:00 UTC is Friday 09:00 in Auckland (UTC+13).
  expect(update!.email.text).toContain('Answer by: Friday, November 27, 2026 at 9:00 a.m.')
})

test('the digest and reminders go out at Auckland’s 7 and 9 o’clock, with NZ$ in them', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const late = await sendRequest(db, { due_date: '2026-12-19', name: 'Ana Lima' })
  await quote(db, late, '2026-12-08')
  const due = await sendRequest(db, { due_date: '2026-12-12' })
  await quote(db, due)
  await db.updateTable('request_quote').set({ accepted_at: BOOK_NOW }).execute()
  await moveTo(db, due, 'confirmed')

  // 17:59 UTC on December 10 is 06:59 on the 11th in Auckland: no digest yet.
  const beforeSeven = new Date('2026-12-10T17:59:00Z')
  expect(await inAuckland(() => runSchedule(db, { now: beforeSeven, siteUrl: SITE }))).toEqual({
    digest: false,
    reminders: 0,
    paymentNotices: 0,
  })
  const seven = new Date('2026-12-10T18:00:00Z')
  expect(await inAuckland(() => runSchedule(db, { now: seven, siteUrl: SITE }))).toMatchObject({
    digest: true,
    reminders: 0,
  })
  const [digest] = await outbox(db, 'owner_digest')
  expect(digest!.key).toBe('digest:2026-12-11')
  expect(digest!.email.subject).toBe('Your day: Friday, December 11, 2026')
  expect(digest!.email.text).toContain('Tomorrow: Cakes for Priya Sharma (Confirmed)')
  expect(digest!.email.text).toContain('Cakes for Ana Lima: NZ$30 was due')

  // 20:00 UTC is 09:00 in Auckland, the day before the cake: its reminder.
  const nine = new Date('2026-12-10T20:00:00Z')
  expect(await inAuckland(() => runSchedule(db, { now: nine, siteUrl: SITE }))).toMatchObject({
    reminders: 1,
  })
  // In Toronto it is still 15:00 on December 10.
  expect(bakeryToday(nine)).toBe('2026-12-10')
})

test('the CSV writes its times in Auckland and its payments in NZ$', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db)
  await quote(db, id)
  const paid = await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 4_000, receivedOn: '2026-11-24', method: 'Bank transfer' },
    now: BOOK_NOW,
  })
  expect(paid.ok).toBe(true)
  const text = await inAuckland(async () => {
    const response = await answerOrdersCsv({ db, now: new Date(BOOK_NOW) })
    // The file is named by Auckland's date: already Tuesday there.
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-2026-11-24.csv"',
    )
    return response.text()
  })
  const [header, row] = parse(text) as string[][]
  const record = Object.fromEntries(header!.map((name, i) => [name, row![i]]))
  // Sent at 20:00 UTC on November 23: 09:00 the next morning in Auckland.
  expect(record['sent at']).toBe('2026-11-24 09:00')
  expect(record.payments).toBe('2026-11-24 NZ$40.00 Bank transfer')
  expect(record.price).toBe('120.00')
})

test('the calendar feed places a handover window at Auckland’s hours', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db, { due_date: '2026-12-12' })
  await db
    .updateTable('order_request')
    .set({ fulfilment: 'pickup', pickup_window: '10:00-12:00' })
    .where('id', '=', id)
    .execute()
  const key = await ensureIcalKey(db)
  const text = await inAuckland(async () => {
    const response = await answerCalendarFeed({
      db,
      url: new URL(`${SITE}/admin/calendar.ics?key=${encodeURIComponent(key)}`),
      siteUrl: SITE,
      now: new Date(BOOK_NOW),
    })
    return response.text()
  })
  const calendar = new ICAL.Component(ICAL.parse(text))
  const [event] = calendar.getAllSubcomponents('vevent').map((each) => new ICAL.Event(each))
  // 10:00 on December 12 in Auckland (UTC+13) is 21:00 UTC on December 11.
  expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-11T21:00:00.000Z')
  expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-11T23:00:00.000Z')
})

test('money is recorded from the first quote: the currency then stays', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db)
  expect(await moneyRecorded(db)).toBe(false)
  await quote(db, id)
  expect(await moneyRecorded(db)).toBe(true)
})
