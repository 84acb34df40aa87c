/**
 * The promise end to end: the morning digest and a customer's
 * reminder are each delivered once, though the mail server is down when they
 * are queued, the server is killed and restarted (and, on PostgreSQL, a
 * second instance runs the schedule too), and the schedule keeps running.
 * The schedule's clock is set; the worker and the SMTP server are real.
 */
import { expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { claimDueEmail } from '#app/features/mail/outbox-claims.server.ts'
import { markEmailSent } from '#app/features/mail/outbox-retries.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { openTestConnection, openTestDatabase, testDatabaseKind } from '#tests/support/database.ts'
import { startSmtpSink, waitFor } from '#tests/support/mail.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { startWorkerProcess } from '#tests/support/worker-process.ts'
import { runSchedule } from './schedule.server.ts'

const SITE_URL = 'https://butterandbloom.example'
/** The owner's address in tests/support/delivery-worker-process.ts. */
const OWNER = 'b@example.com'
const HOUR = 60 * 60_000
const DAY = 24 * HOUR

const clockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: site.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** 'HH:MM' on the bakery's clock. */
function bakeryClock(at: Date): string {
  return clockFormat.format(at)
}

/** The moment the bakery's clock reads `time` on `day`. */
function atBakeryTime(day: string, time: string): Date {
  for (let offset = -14; offset <= 14; offset++) {
    const at = new Date(Date.parse(`${day}T${time}:00Z`) - offset * HOUR)
    if (bakeryToday(at) === day && bakeryClock(at) === time) return at
  }
  throw new Error(`No moment reads ${time} on ${day} in ${site.timeZone}.`)
}

/**
 * The schedule's clock for one bakery day. The outbox rows it queues are due
 * at its `now`, and the worker, on the real clock, sends only what is due and
 * gives up on an email a day old: so every run is in the real past, less
 * than a day ago. Today from 9:30 when it is late enough; otherwise the
 * evening before.
 */
function pickBakeryDay(real = new Date()) {
  const today = bakeryToday(real)
  if (bakeryClock(real) >= '09:45') {
    return {
      day: today,
      first: atBakeryTime(today, '09:30'),
      restart: atBakeryTime(today, '09:35'),
      later: new Date(real.getTime() - 60_000),
    }
  }
  const day = addDays(today, -1)
  return {
    day,
    first: atBakeryTime(day, '20:00'),
    restart: atBakeryTime(day, '20:05'),
    later: atBakeryTime(day, '23:30'),
  }
}

/**
 * Through the site's own steps: Priya's cake tomorrow (quoted, accepted,
 * deposit paid: confirmed), Ana's cupcakes today (new) and Sam's quote
 * waiting for an answer. Returns Priya's request.
 */
async function seedBook(db: Db, { day, first }: { day: string; first: Date }) {
  await seedMenu(db)
  await setWeekdayCapacity(db, [9, 9, 9, 9, 9, 9, 9])
  const sentAt = first.getTime() - 10 * DAY
  const sent = await submitOrderRequests(
    db,
    [
      { ...birthdayCakeOrder, due_date: addDays(day, 1) },
      {
        ...birthdayCakeOrder,
        name: 'Ana Lima',
        email: 'ana@example.com',
        product_type: 'Cupcakes',
        due_date: day,
      },
      {
        ...birthdayCakeOrder,
        name: 'Sam Ortiz',
        email: 'sam@example.com',
        product_type: 'Cake Pops',
        due_date: addDays(day, 5),
      },
    ],
    { products: [], siteUrl: SITE_URL, now: new Date(sentAt) },
  )
  if (!sent.ok) throw new Error('The requests could not be booked.')
  const [priya, , sam] = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .where('batch_id', '=', sent.batchId)
    .orderBy('position')
    .execute()
  const quote = {
    priceCents: 9_000,
    depositCents: 3_000,
    depositDue: null,
    paymentInstructions: '',
    message: '',
  }
  for (const request of [priya!, sam!]) {
    const quoted = await db
      .transaction()
      .execute((trx) =>
        quoteRequest(trx, { requestId: request.id, quote, now: first.getTime() - 2 * DAY }),
      )
    if (!quoted.ok) throw new Error(quoted.error)
  }
  const accepted = await answerQuote(db, {
    token: priya!.customer_token!,
    requestId: priya!.id,
    answer: 'accept',
    now: first.getTime() - 2 * DAY + HOUR,
  })
  if (!accepted.ok) throw new Error(accepted.error)
  const paid = await recordPayment(db, {
    requestId: priya!.id,
    payment: { amountCents: 3_000, receivedOn: addDays(day, -1), method: 'e-Transfer' },
    now: first.getTime() - DAY,
  })
  if (!paid.confirmed) throw new Error('Priya’s request was not confirmed.')
  return { id: priya!.id, token: priya!.customer_token! }
}

/** What the seeding queued (the requests' and the quotes' emails) went out before the outage. */
async function deliverEarlierMail(db: Db) {
  for (;;) {
    const claim = await claimDueEmail(db)
    if (!claim) return
    await markEmailSent(db, claim)
  }
}

async function outboxRows(db: Db) {
  return db
    .selectFrom('outbox')
    .select(['id', 'topic', 'dedupe_key', 'status', 'attempts', 'last_error'])
    .where('dedupe_key', 'is not', null)
    .orderBy('id')
    .execute()
}

test('the digest and a reminder go out once each across an SMTP outage and a restart', async () => {
  const { db, dataDir, location } = await openTestDatabase()
  const { day, first, restart, later } = pickBakeryDay()
  const tomorrow = addDays(day, 1)
  const priya = await seedBook(db, { day, first })
  await deliverEarlierMail(db)

  // The mail server is down: its port is known and nothing listens on it.
  const down = await startSmtpSink()
  await down.close()
  const smtpUrl = down.url
  // Priya's balance fell due when she was quoted, two days ago (the
  // setting's week before her date had passed): her notice goes out with them.
  expect(await runSchedule(db, { now: first, siteUrl: SITE_URL })).toEqual({
    digest: true,
    reminders: 1,
    paymentNotices: 1,
  })
  const dying = startWorkerProcess({ dataDir, location, smtpUrl, shortWaits: true })
  await waitFor(
    async () => {
      const rows = await outboxRows(db)
      expect(rows.map((row) => row.topic)).toEqual([
        'owner_digest',
        'request_reminder',
        'payment_notice',
      ])
      for (const row of rows) expect(row.last_error).toMatch(/^SMTP: .*ECONNREFUSED/)
    },
    // A worker process starting on a busy machine takes a while before its first try.
    { timeoutMs: 20_000 },
  )
  await dying.kill()
  const tried = await outboxRows(db)

  // The server comes back a few minutes later and runs the schedule at boot
  // and on its timer; on PostgreSQL a second instance runs it at once too.
  const other = testDatabaseKind() === 'pg' ? openTestConnection(location) : db
  const rerun = { now: restart, siteUrl: SITE_URL }
  const reruns = await Promise.all([
    runSchedule(db, rerun),
    runSchedule(other, rerun),
    runSchedule(db, rerun),
  ])
  const restarted = startWorkerProcess({ dataDir, location, smtpUrl, shortWaits: true })
  // The restarted worker meets the outage too.
  await waitFor(
    async () => {
      const rows = await outboxRows(db)
      for (const before of tried) {
        const now = rows.find((row) => row.id === before.id)!
        expect(now.attempts).toBeGreaterThan(before.attempts)
        expect(now.status).not.toBe('sent')
      }
    },
    { timeoutMs: 10_000 },
  )

  const sink = await startSmtpSink({ port: down.port })
  const allSent = () =>
    waitFor(
      async () => {
        const rows = await outboxRows(db)
        expect(
          rows.filter((row) => row.status !== 'sent'),
          restarted.log.join(''),
        ).toEqual([])
      },
      { timeoutMs: 10_000 },
    )
  await allSent()
  const received = () =>
    sink.messages
      .map((mail, index) => ({ subject: mail.subject, to: sink.recipients[index], mail }))
      .sort((a, b) => String(a.subject).localeCompare(String(b.subject)))
  const balanceDue = addDays(day, -2)
  const expected = [
    {
      subject: 'See you tomorrow — your Cakes from Butter & Bloom Bakery',
      to: ['priya@example.com'],
    },
    {
      subject: `Your balance of $60 was due ${formatCalendarDate(balanceDue)} — Butter & Bloom Bakery`,
      to: ['priya@example.com'],
    },
    { subject: `Your day: ${formatCalendarDate(day)}`, to: [OWNER] },
  ]
  expect(received().map(({ subject, to }) => ({ subject, to }))).toEqual(expected)
  const [reminder, notice, digest] = received().map(({ mail }) => mail.text ?? '')
  expect(reminder).toContain(`ready for pickup tomorrow, ${formatCalendarDate(tomorrow)}`)
  expect(reminder).toContain('Still to pay: $60.')
  expect(reminder).toContain(`Your order: ${SITE_URL}/requests/${priya.token}`)
  expect(notice).toContain(`was due ${formatCalendarDate(balanceDue)}, and $60 is still to pay`)
  expect(notice).toMatch(/Put BB-\d{4} in the e-Transfer message/)
  expect(notice).toContain('Deposit: $30, when you accept (paid, thank you)')
  expect(digest).toContain('Balances overdue:')
  expect(digest).toContain(`Cakes for Priya Sharma: $60 was due ${formatCalendarDate(balanceDue)}`)
  expect(digest).toContain('Today: Cupcakes for Ana Lima (New)')
  expect(digest).toContain('Tomorrow: Cakes for Priya Sharma (Confirmed)')
  expect(digest).toContain(`Cake Pops for Sam Ortiz, ${formatCalendarDate(addDays(day, 5))}`)
  expect(reruns).toEqual(Array(3).fill({ digest: false, reminders: 0, paymentNotices: 0 }))

  // Later that day the timer runs again; whatever it queued, the worker
  // (looking every 100 ms) would have sent by the time nothing waits.
  const last = await runSchedule(db, { now: later, siteUrl: SITE_URL })
  await allSent()
  expect(received().map(({ subject, to }) => ({ subject, to }))).toEqual(expected)
  expect(last).toEqual({ digest: false, reminders: 0, paymentNotices: 0 })

  // The next morning is another day, with a digest of its own.
  await runSchedule(db, { now: atBakeryTime(tomorrow, '07:30'), siteUrl: SITE_URL })
  expect((await outboxRows(db)).map((row) => row.dedupe_key)).toEqual([
    `digest:${day}`,
    `reminder:${priya.id}:${tomorrow}`,
    `balance-overdue:${priya.id}:${addDays(day, -2)}`,
    `digest:${tomorrow}`,
  ])
}, 45_000)
