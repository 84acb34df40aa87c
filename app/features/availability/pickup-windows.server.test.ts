import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { listActiveProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { answerAvailability } from './availability.server.ts'
import { readBookingSettings } from './booking-settings.server.ts'
import { receiveSettingsAction } from './settings-action.server.ts'

// Noon in Toronto on Tuesday, December 1, 2026; Saturday is December 5.
const NOW = new Date('2026-12-01T17:00:00Z')

async function openSettings() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  return db
}

function send(db: Db, fields: Record<string, string>) {
  return receiveSettingsAction({
    request: new Request('http://localhost/admin/settings', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    db,
    now: NOW,
  })
}

const saturday = (start: string, end: string, capacity = '3') => ({
  intent: 'pickup-window-add',
  window_weekday: '6',
  window_start: start,
  window_end: end,
  window_capacity: capacity,
})

const windowsOf = async (db: Db) =>
  (await readBookingSettings(db)).pickupWindows.map(
    ({ weekday, start, end, capacity }) => `${weekday} ${start}-${end} ×${capacity}`,
  )

test('the owner adds Saturday 10:00–12:00 and 14:00–16:00, each with its cap, and removes one', async () => {
  const db = await openSettings()
  expect(await send(db, saturday('14:00', '16:00', '2'))).toEqual({
    status: 200,
    body: {
      ok: true,
      intent: 'pickup-window-add',
      message: 'Saturday 2:00\u00a0p.m.–4:00\u00a0p.m. added, taking 2 requests.',
    },
  })
  expect((await send(db, saturday('10:00', '12:00', '1'))).body).toMatchObject({
    ok: true,
    message: 'Saturday 10:00\u00a0a.m.–12:00\u00a0p.m. added, taking 1 request.',
  })
  // A window that ends where another starts does not overlap it.
  expect((await send(db, saturday('12:00', '14:00'))).status).toBe(200)
  expect(await windowsOf(db)).toEqual(['6 10:00-12:00 ×1', '6 12:00-14:00 ×3', '6 14:00-16:00 ×2'])

  const { id } = (await readBookingSettings(db)).pickupWindows[1]!
  expect((await send(db, { intent: 'pickup-window-remove', id: String(id) })).body).toMatchObject({
    ok: true,
    message:
      'Saturday 12:00\u00a0p.m.–2:00\u00a0p.m. removed. Requests already made keep their time.',
  })
  expect(await windowsOf(db)).toEqual(['6 10:00-12:00 ×1', '6 14:00-16:00 ×2'])
  // Removed twice (a second tab): said plainly, nothing else changes.
  expect(await send(db, { intent: 'pickup-window-remove', id: String(id) })).toEqual({
    status: 409,
    body: {
      ok: false,
      intent: 'pickup-window-remove',
      error: 'That pickup window was already removed.',
    },
  })
})

test('each refused window says why beside its field, and nothing is stored', async () => {
  const db = await openSettings()
  const refusals: [Record<string, string>, string, string][] = [
    [
      saturday('10:10', '12:00'),
      'window_start',
      'From must be a time such as 10:00, on the hour or a quarter past, half past or a quarter to.',
    ],
    [
      saturday('10:00', '25:00'),
      'window_end',
      'Until must be a time such as 10:00, on the hour or a quarter past, half past or a quarter to.',
    ],
    [saturday('12:00', '10:00'), 'window_end', '“Until” must be later than “From”.'],
    [saturday('12:00', '12:00'), 'window_end', '“Until” must be later than “From”.'],
    [
      saturday('10:00', '12:00', '0'),
      'window_capacity',
      'Requests it takes must be a whole number from 1 to 99.',
    ],
    [
      saturday('10:00', '12:00', '100'),
      'window_capacity',
      'Requests it takes must be a whole number from 1 to 99.',
    ],
    [
      saturday('10:00', '12:00', '2.5'),
      'window_capacity',
      'Requests it takes must be a whole number from 1 to 99.',
    ],
    [
      { ...saturday('10:00', '12:00'), window_weekday: '7' },
      'window_weekday',
      'Choose the day of the week.',
    ],
  ]
  for (const [fields, field, message] of refusals) {
    const outcome = await send(db, fields)
    expect(outcome.status, JSON.stringify(fields)).toBe(400)
    expect(outcome.body).toMatchObject({ ok: false, fields: { [field]: message } })
  }
  expect(await windowsOf(db)).toEqual([])
})

test('a window overlapping another on its day, or a fifth one, is refused; another day is free', async () => {
  const db = await openSettings()
  expect((await send(db, saturday('10:00', '12:00'))).status).toBe(200)
  expect(await send(db, saturday('11:30', '13:00'))).toEqual({
    status: 409,
    body: {
      ok: false,
      intent: 'pickup-window-add',
      error:
        'That overlaps 10:00\u00a0a.m.–12:00\u00a0p.m. on the same day; choose times outside it.',
      fields: {
        window_start:
          'That overlaps 10:00\u00a0a.m.–12:00\u00a0p.m. on the same day; choose times outside it.',
      },
      values: {
        window_weekday: '6',
        window_start: '11:30',
        window_end: '13:00',
        window_capacity: '3',
      },
    },
  })
  expect((await send(db, saturday('09:00', '10:15'))).status).toBe(409)
  // The same times on Friday do not clash with Saturday's.
  expect((await send(db, { ...saturday('11:30', '13:00'), window_weekday: '5' })).status).toBe(200)
  for (const [start, end] of [
    ['12:00', '13:00'],
    ['13:00', '14:00'],
    ['14:00', '15:00'],
  ]) {
    expect((await send(db, saturday(start!, end!))).status).toBe(200)
  }
  const fifth = await send(db, saturday('16:00', '17:00'))
  expect(fifth.status).toBe(409)
  expect(fifth.body).toMatchObject({
    error: 'A day can have at most 4 pickup windows; remove one first.',
  })
  expect(await windowsOf(db)).toHaveLength(5)
})

test('the pickup address is saved for the owner and never in the public availability answer', async () => {
  const db = await openSettings()
  await send(db, saturday('10:00', '12:00', '1'))
  expect(
    await send(db, { intent: 'pickup-address', pickup_address: ' 12 Rosewood Crescent, Unit B ' }),
  ).toEqual({
    status: 200,
    body: {
      ok: true,
      intent: 'pickup-address',
      message: 'Pickup address saved. Customers see it once you confirm their request.',
    },
  })
  expect((await readBookingSettings(db)).pickupAddress).toBe('12 Rosewood Crescent, Unit B')
  const tooLong = await send(db, { intent: 'pickup-address', pickup_address: 'x'.repeat(301) })
  expect(tooLong.status).toBe(400)
  expect(tooLong.body).toMatchObject({
    fields: { pickup_address: 'Pickup address must be at most 300 characters.' },
  })

  const answer = await answerAvailability({
    db,
    url: new URL('http://localhost/api/availability?from=2026-12-04&to=2026-12-06'),
    products: await listActiveProducts(db),
    now: NOW,
  })
  expect(answer.status).toBe(200)
  // Saturday lists its window; Friday and Sunday have none, as before.
  expect(answer.body).toEqual({
    days: [
      { date: '2026-12-04', status: 'open', remaining: 4 },
      {
        date: '2026-12-05',
        status: 'open',
        remaining: 4,
        windows: [{ value: '10:00-12:00', full: false }],
      },
      { date: '2026-12-06', status: 'open', remaining: 4 },
    ],
  })
  expect(JSON.stringify(answer.body)).not.toContain('Rosewood')
})
