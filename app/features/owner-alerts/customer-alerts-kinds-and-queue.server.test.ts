/**
 * Which of the customers' alerts reach which device: a kind switched off on
 * one device stops it there only, and devices subscribed before the new kinds
 * get them on unless every alert was off; and an alert queued in a
 * transaction that is rolled back is never sent.
 */
import { expect, test } from 'vitest'
import { migrateToLatest } from '#app/db/db.server.ts'
import { migrations } from '#app/db/migrations.server.ts'
import { HOUR, NOW, accept, openCardBook } from '#tests/support/card-book.ts'
import {
  type Words,
  addPhone,
  deliver,
  lines,
  listen,
  selfService,
} from '#tests/support/customer-alerts.ts'
import {
  makeTestDatabaseUrl,
  openTestConnection,
  openTestDatabase,
  migrateWith,
} from '#tests/support/database.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { ALERT_KINDS } from './alert-kinds.ts'
import { queueOwnerAlert } from './alert-queue.server.ts'
import { changeAskedAlert } from './alert-words.ts'
import { listDevices, setDeviceKinds } from './subscriptions.server.ts'

test('each new kind switched off on a device stops it there, and only there', async () => {
  const book = await openCardBook()
  const push = await listen()
  const phone = await addPhone(book.db, push, 'phone')
  const tablet = await addPhone(book.db, push, 'tablet')
  const [, tabletDevice] = await listDevices(book.db)
  // The tablet hears of everything but changes and cancellations.
  await setDeviceKinds(
    book.db,
    tabletDevice!.id,
    ALERT_KINDS.filter((kind) => kind !== 'change-or-cancel'),
  )
  await accept(book.db, book.token)
  const asked = await selfService(
    book,
    { intent: 'ask-change', request: '1', details: 'Nut-free, please.' },
    NOW + HOUR,
  )
  expect(asked.status).toBe(200)
  const cancelled = await selfService(
    book,
    { intent: 'cancel', request: '1', expected_refund: '0' },
    NOW + 2 * HOUR,
  )
  expect(cancelled.status).toBe(200)

  const titles = (words: Words[]) => words.map((word) => word.title)
  expect(titles(await deliver(book.db, push, phone, 'phone'))).toEqual([
    'Quote accepted',
    'Change asked',
    'Order cancelled',
  ])
  expect(titles(await deliver(book.db, push, tablet, 'tablet'))).toEqual(['Quote accepted'])
  expect(lines(await deliver(book.db, push, phone, 'phone')).at(-1)).toBe(
    'Order cancelled: Cakes for Priya, Sat, Dec 12: nothing to refund',
  )
})

test('an alert queued in a transaction that is rolled back is never sent', async () => {
  const { db } = await openTestDatabase()
  const push = await listen()
  const phone = await addPhone(db, push, 'nadia')
  const alert = changeAskedAlert(
    { id: 1, name: 'Priya Sharma', productType: 'Cakes', dueDate: '2026-12-12' },
    { id: 1, newDate: '2026-12-19', window: null, details: '' },
  )
  await expect(
    db.transaction().execute(async (trx) => {
      expect(await queueOwnerAlert(trx, alert, NOW)).toBe(1)
      throw new Error('The change could not be stored.')
    }),
  ).rejects.toThrow('could not be stored')
  expect(await deliver(db, push, phone, 'nadia')).toEqual([])
  expect(await db.selectFrom('push_alert').select('id').execute()).toEqual([])
})

test('devices subscribed before the new kinds get them on, unless every alert was off', async () => {
  const dataDir = await makeTempDir()
  const db = openTestConnection({ dataDir, url: await makeTestDatabaseUrl() })
  const before = Object.fromEntries(
    Object.entries(migrations).filter(([name]) => name < '037-more-alerts'),
  )
  const migrated = await migrateWith(db, before)
  expect(migrated.error).toBeUndefined()
  const devices = [
    { label: 'Everything', kinds: 'new-request,quote-answer,payment,message,deposit-overdue' },
    { label: 'Money only', kinds: 'payment,deposit-overdue' },
    { label: 'All off', kinds: '' },
  ]
  for (const [index, device] of devices.entries()) {
    await db
      .insertInto('push_subscription')
      .values({
        endpoint: `https://push.example/${index}`,
        p256dh: 'key',
        auth: 'secret',
        user_id: 'owner',
        device_label: device.label,
        kinds: device.kinds,
        created_at: NOW,
      })
      .execute()
  }
  await migrateToLatest(db)
  const after = await listDevices(db)
  expect(after.map((device) => [device.label, device.kinds])).toEqual([
    ['Everything', [...ALERT_KINDS]],
    ['Money only', ['payment', 'deposit-overdue', 'change-or-cancel', 'proof-answer', 'review']],
    ['All off', []],
  ])
})
