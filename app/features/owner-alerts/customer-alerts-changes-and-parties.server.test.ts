/**
 * The owner's phone hears of what a customer does to her order: a change she
 * asks for and her cancellation, with who, which treat, which day, what she
 * asked and what goes back; and a party's answer, card payment, change,
 * cancellation, declined quote and overdue deposit, naming every treat.
 */
import { expect, test } from 'vitest'
import { saveChangePolicy } from '#app/features/customer-changes/customer-changes.server.ts'
import { receiveQuoteAnswer } from '#app/features/customer-page/customer-quotes.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import {
  HOUR,
  NOW,
  SITE,
  accept,
  nextIp,
  openCardBook,
  paidByCard,
} from '#tests/support/card-book.ts'
import { addPhone, deliver, lines, listen, selfService } from '#tests/support/customer-alerts.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'

const MINUTE = 60_000

/** No changes within 3 days; all of the deposit back before 7 days, 45% after. */
const POLICY = { windowDays: 3, cutoffDays: 7, beforePercent: 100, afterPercent: 45 }

test('a change she asks for and her cancellation reach the phone with who, which treat, which day, what she asked and what goes back', async () => {
  const book = await openCardBook()
  const push = await listen()
  const phone = await addPhone(book.db, push, 'nadia')
  await paidByCard(book)
  // $30 more by e-Transfer: beyond the $50 deposit, it always comes back.
  await recordPayment(book.db, {
    requestId: book.id,
    payment: { amountCents: 3_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: NOW + 2 * HOUR,
  })
  const details =
    'Could the flowers be pink peonies instead of blue hydrangeas, and the writing in gold? My sister Amira just told me she hates blue.'
  const asked = await selfService(
    book,
    { intent: 'ask-change', request: '1', new_date: '2026-12-19', details },
    NOW + 3 * HOUR,
  )
  expect(asked.status).toBe(200)
  // A second ask while the first waits is refused, and alerts nobody.
  const again = await selfService(
    book,
    { intent: 'ask-change', request: '1', details: 'And candles.' },
    NOW + 4 * HOUR,
  )
  expect(again.status).toBe(409)

  // Monday, December 7: after the 7-day cut-off, 45% of the deposit comes back.
  await saveChangePolicy(book.db, POLICY)
  const seventh = Date.parse('2026-12-07T17:00:00Z')
  const cancel = { intent: 'cancel', request: '1', expected_refund: '5250' }
  // The card company is down: the refund fails, the cancellation is rolled back, nobody hears of it.
  book.fake.failWith = 503
  const refused = await selfService(book, cancel, seventh)
  expect(refused.status).toBe(503)
  expect(await deliver(book.db, push, phone, 'nadia')).toHaveLength(3)
  book.fake.failWith = undefined
  // Then it goes through, from two tabs at once: one cancellation, one alert.
  const [first, second] = await Promise.all([
    selfService(book, cancel, seventh + MINUTE),
    selfService(book, cancel, seventh + MINUTE),
  ])
  expect([first.status, second.status]).toEqual([200, 200])

  const words = await deliver(book.db, push, phone, 'nadia')
  expect(lines(words)).toEqual([
    'Quote accepted: Cakes for Priya, Sat, Dec 12',
    'Payment received: $50 deposit by card: Cakes for Priya, Sat, Dec 12',
    // Her words, cut at a word, short enough for a lock screen.
    'Change asked: Cakes for Priya, Sat, Dec 12: move to Sat, Dec 19 and “Could the flowers be pink peonies instead of blue hydrangeas, and the writing…”',
    'Order cancelled: Cakes for Priya, Sat, Dec 12: $52.50 back: $50 by card, $2.50 for you to send',
  ])
  expect(words.slice(2).map((word) => word.url)).toEqual([
    `/admin/orders/${book.id}`,
    `/admin/orders/${book.id}`,
  ])
  // Both need her today.
  expect(push.received.slice(2).map((received) => received.headers.urgency)).toEqual([
    'high',
    'high',
  ])
  expect(JSON.stringify(words)).not.toContain('Sharma')
  expect(JSON.stringify(words)).not.toContain('Amira')
})

// Priya's cake (Saturday, December 12, the party's lead) with cupcakes and cake pops for Sunday.
const PARTY = [
  { ...birthdayCakeOrder, product_type: 'Cupcakes', due_date: '2026-12-13' },
  { ...birthdayCakeOrder, product_type: 'Cake Pops', due_date: '2026-12-13' },
]

test("a party's answer, card payment, change and cancellation reach the phone naming every treat, on the lead's day", async () => {
  const book = await openCardBook({ party: PARTY })
  const push = await listen()
  const phone = await addPhone(book.db, push, 'nadia')
  await paidByCard(book)
  await saveChangePolicy(book.db, POLICY)
  const asked = await selfService(
    book,
    { intent: 'ask-change', request: '2', details: 'Nut-free cupcakes, please.' },
    NOW + 3 * HOUR,
  )
  expect(asked.status).toBe(200)
  // Well before the cut-off: the whole $50 deposit goes back by card.
  const cancelled = await selfService(
    book,
    { intent: 'cancel', request: '3', expected_refund: '5000' },
    NOW + 4 * HOUR,
  )
  expect(cancelled.status).toBe(200)

  const words = await deliver(book.db, push, phone, 'nadia')
  expect(lines(words)).toEqual([
    'Quote accepted: Cakes, Cupcakes and Cake Pops for Priya, Sat, Dec 12',
    'Payment received: $50 deposit by card: Cakes, Cupcakes and Cake Pops for Priya, Sat, Dec 12',
    'Change asked: Cakes, Cupcakes and Cake Pops for Priya, Sat, Dec 12: “Nut-free cupcakes, please.”',
    'Order cancelled: Cakes, Cupcakes and Cake Pops for Priya, Sat, Dec 12: $50 refunded by card',
  ])
  // Each opens the party's lead, whose page lists every member.
  expect(words.map((word) => word.url)).toEqual(Array(4).fill(`/admin/orders/${book.id}`))
  expect(JSON.stringify(words)).not.toContain('Sharma')

  // Her emails about the change and the cancellation name the party as the alerts do.
  const subjects = await book.db
    .selectFrom('outbox')
    .select('payload')
    .where('dedupe_key', 'in', ['change-asked:1', `self-cancel-owner:${book.id}`])
    .orderBy('id')
    .execute()
  expect(subjects.map((row) => (JSON.parse(row.payload) as { subject: string }).subject)).toEqual([
    'Priya Sharma asked to change the Cakes, Cupcakes and Cake Pops on Saturday, December 12, 2026',
    'Priya Sharma cancelled the Cakes, Cupcakes and Cake Pops on Saturday, December 12, 2026',
  ])
})

test("a party's declined quote and overdue deposit name every treat too", async () => {
  const declined = await openCardBook({ party: PARTY.slice(0, 1) })
  const push = await listen()
  const declinedPhone = await addPhone(declined.db, push, 'declined')
  const answered = await receiveQuoteAnswer({
    request: new Request(`${SITE}/requests/${declined.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // Answered from the cupcakes' card: the party's answer all the same.
      body: 'intent=decline&request=2&quote=1',
    }),
    token: declined.token,
    clientIp: nextIp(),
    db: declined.db,
    now: NOW + HOUR,
    siteUrl: SITE,
  })
  expect(answered.status).toBe(200)
  expect(lines(await deliver(declined.db, push, declinedPhone, 'declined'))).toEqual([
    'Quote declined: Cakes and Cupcakes for Priya, Sat, Dec 12',
  ])

  // Accepted, and the deposit due December 1 never paid.
  const late = await openCardBook({ party: PARTY })
  const latePhone = await addPhone(late.db, push, 'late')
  await accept(late.db, late.token)
  await runSchedule(late.db, { now: new Date('2026-12-08T15:00:00Z'), siteUrl: SITE })
  expect(lines(await deliver(late.db, push, latePhone, 'late'))).toEqual([
    'Quote accepted: Cakes, Cupcakes and Cake Pops for Priya, Sat, Dec 12',
    'Deposit overdue: Cakes, Cupcakes and Cake Pops for Priya, Sat, Dec 12: the deposit was due Tue, Dec 1',
  ])
})
