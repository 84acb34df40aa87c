import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { listActiveProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { answerAvailability } from './availability.server.ts'
import { readBookingSettings } from './booking-settings.server.ts'
import { receiveSettingsAction } from './settings-action.server.ts'

// Noon in Toronto on Tuesday, December 1, 2026: the bakery's today.
const NOW = new Date('2026-12-01T17:00:00Z')
const TODAY = '2026-12-01'

function post(fields: Record<string, string> | string, type = 'application/x-www-form-urlencoded') {
  return new Request('http://localhost/admin/settings', {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  })
}

async function openSettings() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  return db
}

function send(db: Db, fields: Record<string, string> | string, type?: string) {
  return receiveSettingsAction({ request: post(fields, type), db, now: NOW })
}

async function availability(db: Db, from: string, to = from) {
  const answer = await answerAvailability({
    db,
    url: new URL(`http://localhost/api/availability?from=${from}&to=${to}`),
    products: await listActiveProducts(db),
    now: NOW,
  })
  expect(answer.status).toBe(200)
  return answer.body as { days: { date: string; status: string; remaining: number }[] }
}

const capacity = (values: number[]) => ({
  intent: 'capacity',
  ...Object.fromEntries(values.map((value, weekday) => [`capacity_${weekday}`, String(value)])),
})

test('weekly capacity is saved for all seven days; a weekday at 0 is closed', async () => {
  const db = await openSettings()
  const outcome = await send(db, capacity([0, 5, 5, 5, 5, 8, 0]))
  expect(outcome).toEqual({
    status: 200,
    body: { ok: true, intent: 'capacity', message: 'Weekly capacity saved.' },
  })
  expect((await readBookingSettings(db)).weekdayCapacity).toEqual([0, 5, 5, 5, 5, 8, 0])
  // Saturday, December 5 and Friday, December 4.
  const { days } = await availability(db, '2026-12-04', '2026-12-05')
  expect(days).toEqual([
    { date: '2026-12-04', status: 'open', remaining: 8 },
    { date: '2026-12-05', status: 'closed', remaining: 0 },
  ])
})

test('closed dates are added with a private note, and reopened', async () => {
  const db = await openSettings()
  const outcome = await send(db, {
    intent: 'close-dates',
    from: '2026-12-24',
    to: '2026-12-26',
    note: '  Family Christmas  ',
  })
  expect(outcome).toEqual({
    status: 200,
    body: { ok: true, intent: 'close-dates', message: 'Closed Dec 24 – Dec 26.' },
  })
  const [period] = (await readBookingSettings(db)).closedPeriods
  expect(period).toMatchObject({ start: '2026-12-24', end: '2026-12-26', note: 'Family Christmas' })
  const statuses = (await availability(db, '2026-12-23', '2026-12-27')).days.map((d) => d.status)
  expect(statuses).toEqual(['open', 'closed', 'closed', 'closed', 'open'])

  // To left empty: the one day From names; today itself may be closed.
  const oneDay = await send(db, { intent: 'close-dates', from: TODAY, to: '', note: '' })
  expect(oneDay.body).toEqual({ ok: true, intent: 'close-dates', message: 'Closed Dec 1.' })
  expect((await readBookingSettings(db)).closedPeriods[0]).toMatchObject({
    start: TODAY,
    end: TODAY,
    note: '',
  })

  const reopen = await send(db, { intent: 'reopen', id: String(period!.id) })
  expect(reopen.body).toEqual({
    ok: true,
    intent: 'reopen',
    message: 'Open again Dec 24 – Dec 26.',
  })
  expect((await availability(db, '2026-12-25')).days[0]?.status).toBe('open')
  const again = await send(db, { intent: 'reopen', id: String(period!.id) })
  expect(again).toEqual({
    status: 409,
    body: { ok: false, intent: 'reopen', error: 'Those dates were already open again.' },
  })
})

test('the horizon, the policies and delivery are saved; a horizon of 10 closes day 11', async () => {
  const db = await openSettings()
  expect((await send(db, { intent: 'horizon', horizon_days: '10' })).body).toEqual({
    ok: true,
    intent: 'horizon',
    message: 'Customers can now book up to 10 days ahead.',
  })
  const { days } = await availability(db, '2026-12-11', '2026-12-12')
  expect(days.map((day) => day.status)).toEqual(['open', 'closed'])

  const policies = 'Deposits: half up front.\r\n\r\nAllergens: a home kitchen.'
  expect((await send(db, { intent: 'policies', policies: `  ${policies}\n` })).status).toBe(200)
  expect((await send(db, { intent: 'policies', policies: 'x'.repeat(4000) })).status).toBe(200)
  await send(db, { intent: 'policies', policies })
  expect((await readBookingSettings(db)).policies).toBe(policies)
  // Rendered once, as saved, for every page that shows them.
  await send(db, { intent: 'policies', policies: '## Deposits\n\nHalf up **front**.' })
  expect((await readBookingSettings(db)).policiesHtml).toBe(
    '<h2>Deposits</h2>\n<p>Half up <strong>front</strong>.</p>',
  )

  const on = await send(db, {
    intent: 'delivery',
    delivery_enabled: 'on',
    delivery_note: 'Within 10 km, $15.',
  })
  expect(on.body).toEqual({
    ok: true,
    intent: 'delivery',
    message: 'Delivery saved: customers can choose it.',
  })
  expect(await readBookingSettings(db)).toMatchObject({
    horizonDays: 10,
    deliveryEnabled: true,
    deliveryNote: 'Within 10 km, $15.',
  })
  // An unticked box is not sent at all.
  await send(db, { intent: 'delivery', delivery_note: '' })
  expect(await readBookingSettings(db)).toMatchObject({ deliveryEnabled: false, deliveryNote: '' })
})

test.each([
  [
    'a capacity over 99',
    capacity([4, 4, 4, 4, 4, 4, 100]),
    { capacity_6: 'Saturday must be a whole number from 0 to 99.' },
  ],
  [
    'a negative or fractional capacity',
    { ...capacity([4, 4, 4, 4, 4, 4, 4]), capacity_1: '-1', capacity_2: '1.5' },
    {
      capacity_1: 'Monday must be a whole number from 0 to 99.',
      capacity_2: 'Tuesday must be a whole number from 0 to 99.',
    },
  ],
  [
    'a missing weekday',
    { ...capacity([4, 4, 4, 4, 4, 4]) },
    { capacity_6: 'Saturday must be a whole number from 0 to 99.' },
  ],
  [
    'To before From',
    { intent: 'close-dates', from: '2026-12-26', to: '2026-12-24' },
    { to: '“To” must be the same day as “From” or later.' },
  ],
  [
    'a From in the past',
    { intent: 'close-dates', from: '2026-11-30', to: '2026-12-02' },
    { from: 'That date has passed; choose today or later.' },
  ],
  [
    'no From',
    { intent: 'close-dates', from: '', note: 'x' },
    { from: 'Choose the first closed date.' },
  ],
  [
    'a date that does not exist',
    { intent: 'close-dates', from: '2026-12-24', to: '2026-02-30' },
    { to: 'Choose the last closed date, or leave it empty for one day.' },
  ],
  [
    'closed dates in year 9999',
    { intent: 'close-dates', from: '9999-12-30', to: '9999-12-31' },
    {
      from: 'Choose a date from the year 2000 to 2100.',
      to: 'Choose a date from the year 2000 to 2100.',
    },
  ],
  [
    'a note over 200 characters',
    { intent: 'close-dates', from: '2026-12-24', note: 'n'.repeat(201) },
    { note: 'Note must be at most 200 characters.' },
  ],
  [
    'a note of two lines',
    { intent: 'close-dates', from: '2026-12-24', note: 'one\ntwo' },
    { note: 'Note must fit on one line.' },
  ],
  [
    'a horizon of 0',
    { intent: 'horizon', horizon_days: '0' },
    { horizon_days: 'Days ahead must be a whole number from 1 to 730.' },
  ],
  [
    'a horizon of 731',
    { intent: 'horizon', horizon_days: '731' },
    { horizon_days: 'Days ahead must be a whole number from 1 to 730.' },
  ],
  [
    'empty policies',
    { intent: 'policies', policies: ' \n ' },
    { policies: 'Order policies is required.' },
  ],
  [
    'policies over 4,000 characters',
    { intent: 'policies', policies: 'p'.repeat(4001) },
    { policies: 'Order policies must be at most 4000 characters.' },
  ],
  [
    'policies nested 4,000 quotes deep, which the pages could not lay out',
    { intent: 'policies', policies: `${'>'.repeat(3990)} Deposits` },
    {
      policies:
        'Line 1 puts 3990 quotes, lists or indents inside one another; the page takes at most 16. Please make it flatter.',
    },
  ],
  [
    'a delivery note over 300 characters',
    { intent: 'delivery', delivery_enabled: 'on', delivery_note: 'd'.repeat(301) },
    { delivery_note: 'Delivery note must be at most 300 characters.' },
  ],
])(
  '%s is refused with 400 and a message beside the field; nothing is written',
  async (_, form, fields) => {
    const db = await openSettings()
    const before = await readBookingSettings(db)
    const outcome = await send(db, form as Record<string, string>)
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({
      ok: false,
      intent: form.intent,
      error: 'Please correct the marked field.',
      fields,
    })
    expect(await readBookingSettings(db)).toEqual(before)
  },
)

test('an unknown intent, a reopen of no id, or a post that is not the form is a 400; nothing changes', async () => {
  const db = await openSettings()
  const before = await readBookingSettings(db)
  const notUnderstood = {
    status: 400,
    body: { ok: false, error: 'That request could not be understood.' },
  }
  expect(await send(db, { intent: 'delete', id: '1' })).toEqual(notUnderstood)
  expect(await send(db, { intent: 'reopen', id: 'all' })).toEqual(notUnderstood)
  expect(await send(db, '{"intent":"horizon","horizon_days":"9"}', 'application/json')).toEqual(
    notUnderstood,
  )
  expect(await send(db, { intent: 'policies', policies: '’'.repeat(5000) })).toEqual(notUnderstood)
  expect(await readBookingSettings(db)).toEqual(before)
})

test('the owner’s private note never reaches the public availability answer', async () => {
  const db = await openSettings()
  const note = 'Secret surgery day 7f3a'
  await send(db, { intent: 'close-dates', from: '2026-12-10', to: '2026-12-12', note })
  const answer = await availability(db, '2026-12-01', '2026-12-31')
  const json = JSON.stringify(answer)
  expect(json).not.toContain('7f3a')
  expect(json).not.toContain('Secret')
  expect(answer.days.find((day) => day.date === '2026-12-11')).toEqual({
    date: '2026-12-11',
    status: 'closed',
    remaining: 0,
  })
})
