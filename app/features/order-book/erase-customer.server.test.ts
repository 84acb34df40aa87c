import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { setWeekdayCapacity } from '../availability/availability.server.ts'
import { submitContactMessage } from '../contact/contact-messages.server.ts'
import { createLocalMediaStore } from '../gallery/media-store.server.ts'
import { addInspirationPhoto } from '../inspiration/inspiration-photos.server.ts'
import { seedMenu } from '../menu/menu.server.ts'
import { submitOrderRequests } from '../orders/order-requests.server.ts'
import { ERASED_NAME, eraseCustomer, receiveEraseCustomerAction } from './erase-customer.server.ts'
import { moveRequest } from './order-book.server.ts'

const NOW = new Date('2026-11-23T20:00:00Z')

test('erasing a customer leaves nothing that names them in the database or the media store; others are kept', async () => {
  const { db, dataDir } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [9, 9, 9, 9, 9, 9, 9])
  const store = createLocalMediaStore(dataDir)
  const photo = await addInspirationPhoto(db, { store, now: NOW.getTime() }, await photoJpeg())
  const priya = {
    ...birthdayCakeOrder,
    phone_number: '416-555-0199',
    event_theme: 'Unicorn birthday for Maya',
    comments: 'Maya loves lemon.',
    allergies: 'Peanuts (Maya)',
    servings: 'serves 20',
    photos: [photo.key],
  }
  const sam = {
    ...birthdayCakeOrder,
    name: 'Sam Okafor',
    email: 'sam@example.com',
    phone_number: '647-555-0123',
    event_theme: 'Graduation',
  }
  const sent = await submitOrderRequests(db, [priya, sam], {
    products: [],
    siteUrl: 'https://butterandbloom.example',
    now: NOW,
  })
  expect(sent.ok).toBe(true)
  await submitContactMessage(
    db,
    {
      name: 'Priya Sharma',
      email: 'Priya@Example.com',
      phone_number: '4165550199',
      message: 'Hi!',
    },
    NOW,
  )
  const [first] = await db.selectFrom('order_request').select('id').orderBy('id').execute()
  await db.transaction().execute((trx) =>
    moveRequest(trx, {
      requestId: first!.id,
      to: 'declined',
      actor: 'owner',
      note: 'Sorry Priya, we are away',
      now: NOW.getTime(),
    }),
  )

  const report = await eraseCustomer(db, { store, dataDir }, { email: 'PRIYA@example.com' })
  expect(report).toEqual({ requests: 1, messages: 1, photos: 1, emails: 3 })

  // Every text column of every table, searched for anything that was hers.
  const traces = ['Priya', 'priya@example.com', '555-0199', '5550199', 'Maya', 'Unicorn', 'Peanuts']
  const tables = [
    'order_request',
    'order_batch',
    'request_event',
    'contact_message',
    'outbox',
    'inspiration_photo',
  ] as const
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
    const text = JSON.stringify(rows.rows)
    for (const trace of traces) expect(text, `${table} holds ${trace}`).not.toContain(trace)
  }
  const files = await readdir(path.join(store.root, 'inspiration')).catch(() => [])
  expect(files).toEqual([])

  // The book keeps the request for the accounts, without her; Sam's is untouched.
  const requests = await db
    .selectFrom('order_request')
    .select(['name', 'email', 'product_type', 'due_date', 'status', 'customer_token'])
    .orderBy('id')
    .execute()
  expect(requests[0]).toMatchObject({
    name: ERASED_NAME,
    email: expect.stringMatching(/^erased-\d+@invalid$/),
    product_type: 'Cakes',
    due_date: '2026-12-12',
    status: 'declined',
    customer_token: null,
  })
  expect(requests[1]).toMatchObject({ name: 'Sam Okafor', email: 'sam@example.com' })
  expect(requests[1]!.customer_token).not.toBeNull()
  const samsConfirmation = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_confirmation')
    .execute()
  expect(samsConfirmation).toHaveLength(1)
  expect(samsConfirmation[0]!.payload).toContain('sam@example.com')
})

test('the settings form erases only with a real address and a deliberate tick', async () => {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  await submitContactMessage(
    db,
    { name: 'Lee Chan', email: 'lee@example.com', phone_number: '4165550101', message: 'Hello' },
    NOW,
  )
  const post = (fields: Record<string, string>) =>
    receiveEraseCustomerAction({
      request: new Request('http://localhost/admin/settings', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'erase-customer', ...fields }),
      }),
      db,
      store,
      dataDir,
    })
  expect(await post({ email: 'lee@example.com' })).toMatchObject({
    status: 400,
    body: { ok: false, error: 'Tick that you understand the erasure cannot be undone.' },
  })
  expect(await post({ email: 'not an address', confirm: 'on' })).toMatchObject({ status: 400 })
  expect(await db.selectFrom('contact_message').select('id').execute()).toHaveLength(1)
  expect(await post({ email: 'LEE@example.com', confirm: 'on' })).toMatchObject({
    status: 200,
    body: {
      ok: true,
      message: 'Erased LEE@example.com: 0 requests, 1 message, 0 photos and 1 email.',
    },
  })
  expect(await db.selectFrom('contact_message').select('id').execute()).toEqual([])
  expect((await post({ email: 'nobody@example.com', confirm: 'on' })).body).toMatchObject({
    message: 'Nothing was stored for nobody@example.com.',
  })
})
