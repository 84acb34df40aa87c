/**
 * A booked party's day-before reminders: one per party and day, naming every
 * member due that day, with each treat's own time and place when they differ.
 */
import { expect, test } from 'vitest'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { composeReminder } from '#app/features/scheduled-work/reminder-email.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { SITE, bookedPartyOfThree } from '#tests/support/party-quote.ts'

test('the day-before reminder names every member of the party on that day, once per party and day', async () => {
  const { db, cake, cupcakes } = await bookedPartyOfThree()
  const reminders = async () =>
    (
      await db
        .selectFrom('outbox')
        .select(['payload', 'dedupe_key', 'subject_id'])
        .where('topic', '=', 'request_reminder')
        .orderBy('id')
        .execute()
    ).map((row) => ({
      key: row.dedupe_key,
      subjectId: Number(row.subject_id),
      email: JSON.parse(row.payload) as OutgoingEmail,
    }))
  // Friday, December 11, 10 a.m. in Toronto: the cake, alone on Saturday.
  await runSchedule(db, { now: new Date('2026-12-11T15:00:00Z'), siteUrl: SITE })
  // Saturday, December 12, 10 a.m., twice (a restart, a second instance): Sunday's two, once.
  await runSchedule(db, { now: new Date('2026-12-12T15:00:00Z'), siteUrl: SITE })
  await runSchedule(db, { now: new Date('2026-12-12T15:05:00Z'), siteUrl: SITE })
  const sent = await reminders()
  expect(sent.map((reminder) => reminder.key)).toEqual([
    `reminder:${cake}:2026-12-12`,
    `reminder:party:${cake}:2026-12-13`,
  ])
  expect(sent[0]!.email.subject).toMatch(/^See you tomorrow — your Cakes from /)
  const sunday = sent[1]!
  expect(sunday.subjectId).toBe(cupcakes)
  expect(sunday.email.subject).toMatch(/^See you tomorrow — your Cupcakes and Cookies from /)
  expect(sunday.email.text).toContain('Cupcakes and Cookies are ready for pickup tomorrow')
  // The party's balance is on its lead's money: $195 less the $50 deposit, on both.
  expect(sent[0]!.email.text).toContain('Still to pay: $145.')
  expect(sunday.email.text).toContain('Still to pay: $145.')
})

test("a party's reminder lists each treat at its own time when their pickup windows differ", async () => {
  const { db, cupcakes, cookies } = await bookedPartyOfThree()
  // Sunday's two treats are picked up at two different times.
  for (const [id, window] of [
    [cupcakes, '10:00-12:00'],
    [cookies, '14:00-16:00'],
  ] as const) {
    await db
      .updateTable('order_request')
      .set({ fulfilment: 'pickup', pickup_window: window })
      .where('id', '=', id)
      .execute()
  }
  // Saturday, December 12, 10 a.m. in Toronto: the reminders for Sunday.
  await runSchedule(db, { now: new Date('2026-12-12T15:00:00Z'), siteUrl: SITE })
  const [reminder] = (
    await db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', 'request_reminder')
      .where('dedupe_key', 'like', 'reminder:party:%')
      .execute()
  ).map((row) => JSON.parse(row.payload) as OutgoingEmail)
  expect(reminder).toBeDefined()
  expect(reminder!.text).toContain(
    'your Cupcakes and Cookies are ready for pickup tomorrow, Sunday, December 13, 2026, each at its own time:',
  )
  expect(reminder!.text).toContain('• Cupcakes: Pickup, 10:00\u00a0a.m.–12:00\u00a0p.m.')
  expect(reminder!.text).toContain('• Cookies: Pickup, 2:00\u00a0p.m.–4:00\u00a0p.m.')
  // The first member's time no longer stands for both.
  expect(reminder!.text).not.toMatch(
    /tomorrow, Sunday, December 13, 2026, 10:00\u00a0a.m.–12:00\u00a0p.m.\./,
  )
  expect(reminder!.html).toMatch(/Cupcakes<\/th><td[^>]*>Pickup, 10:00\u00a0a.m.–12:00\u00a0p.m./)
  expect(reminder!.html).toMatch(/Cookies<\/th><td[^>]*>Pickup, 2:00\u00a0p.m.–4:00\u00a0p.m./)
})

test("a party's treats at one time share one line, in the plural", async () => {
  const { db, cupcakes, cookies } = await bookedPartyOfThree()
  await db
    .updateTable('order_request')
    .set({ fulfilment: 'pickup', pickup_window: '10:00-12:00' })
    .where('id', 'in', [cupcakes, cookies])
    .execute()
  await runSchedule(db, { now: new Date('2026-12-12T15:00:00Z'), siteUrl: SITE })
  const [reminder] = (
    await db
      .selectFrom('outbox')
      .select('payload')
      .where('dedupe_key', 'like', 'reminder:party:%')
      .execute()
  ).map((row) => JSON.parse(row.payload) as OutgoingEmail)
  expect(reminder!.text).toContain(
    'your Cupcakes and Cookies are ready for pickup tomorrow, Sunday, December 13, 2026, 10:00\u00a0a.m.–12:00\u00a0p.m.\n',
  )
  expect(reminder!.text).not.toContain('each at its own time')
  expect(reminder!.html).toContain('Treats</th>')
})

test("a party's reminder says where each treat goes when one is picked up and one delivered", () => {
  const reminder = composeReminder({
    name: 'Priya Sharma',
    email: 'priya@example.com',
    product_type: 'Cupcakes and Cookies',
    due_date: '2026-12-13',
    fulfilment: 'pickup',
    treats: [
      {
        productType: 'Cupcakes',
        fulfilment: 'pickup',
        window: '10:00-12:00',
        place: '12 Rosewood Avenue',
      },
      {
        productType: 'Cookies',
        fulfilment: 'delivery',
        window: '14:00-16:00',
        place: '88 Lilac Lane, Oakville',
      },
    ],
    stillOwed: 0,
    statusUrl: undefined,
  })
  expect(reminder.text).toContain(
    'your Cupcakes and Cookies are due tomorrow, Sunday, December 13, 2026, each at its own time:',
  )
  expect(reminder.text).toContain(
    '• Cupcakes: Pickup, 10:00\u00a0a.m.–12:00\u00a0p.m., at 12 Rosewood Avenue',
  )
  expect(reminder.text).toContain(
    '• Cookies: Delivery, 2:00\u00a0p.m.–4:00\u00a0p.m., to 88 Lilac Lane, Oakville',
  )
})
