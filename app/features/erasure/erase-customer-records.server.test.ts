/**
 * What erasing a customer takes and what it keeps: nothing that names her
 * stays in the tables or the media store, while the book keeps her requests
 * for the accounts, a gift card keeps its money, and other customers keep
 * theirs, even one whose address ends with hers.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { readHold, reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import { addInspirationPhoto } from '#app/features/inspiration/inspiration-photos.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { giveTextConsent, textConsentsOf } from '#app/features/texts/text-consent.server.ts'
import { queueText } from '#app/features/texts/text-queue.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { eraseCustomer } from './erase-customer.server.ts'
import { ERASED_NAME } from './erasure-traces.ts'

const NOW = new Date('2026-11-23T20:00:00Z')
const SITE = 'https://butterandbloom.example'

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
    fulfilment: 'delivery' as const,
    delivery_street: '88 Lilac Lane',
    delivery_city: 'Oakville',
    delivery_postal_code: 'L6J 2X9',
    delivery_notes: 'Blue door, ring twice',
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
  // Both reserved loaves from a drop.
  await createDrop(
    db,
    {
      slug: 'loaves',
      name: 'Loaves',
      pickupDate: '2026-12-12',
      opensAt: new Date(NOW.getTime() - 60_000),
      closesAt: new Date(NOW.getTime() + 3_600_000),
      items: [{ name: 'Sourdough loaf', priceCents: 900, stock: 2 }],
      windows: [{ start: '10:00', end: '12:00', capacity: null }],
    },
    NOW,
  )
  const loaf = (await readDrop(db, 'loaves'))!.items[0]!.id
  const holds = []
  for (const who of [priya, sam]) {
    const held = await reserveDrop(db, {
      slug: 'loaves',
      basket: { quantities: new Map([[loaf, 1]]), window: '10:00-12:00' },
      customer: { name: who.name, email: who.email, phone: who.phone_number },
      now: NOW,
    })
    if (!held.ok) throw new Error('not held')
    holds.push(held.token)
  }
  // Both wait for a full day too.
  for (const who of [priya, sam]) {
    await db
      .insertInto('day_waitlist_entry')
      .values({
        due_date: '2026-12-19',
        product_type: 'Cakes',
        effort: 1,
        email: who.email.toLowerCase(),
        created_at: NOW.getTime(),
      })
      .execute()
  }
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

  // Her yes to texts, a text queued to her, and Sam's yes, which stays.
  await giveTextConsent(db, { phone: '4165550199', where: 'her order page', now: NOW.getTime() })
  await giveTextConsent(db, { phone: '6475550123', where: 'her order page', now: NOW.getTime() })
  await queueText(
    db,
    {
      kind: 'ready',
      phone: '4165550199',
      body: 'Your Unicorn cake is ready',
      dedupeKey: 'ready:p',
    },
    NOW.getTime(),
  )

  // Her number and address kept apart in the customer book, by hand.
  await db
    .insertInto('customer_apart')
    .values([
      { handle: 'phone:4165550199', created_at: NOW.getTime() },
      { handle: 'email:priya@example.com', created_at: NOW.getTime() },
    ])
    .execute()

  // A gift card she bought Sam, and one Sam gave her: each keeps its code and money.
  const card = {
    amount_cents: 5_000,
    currency: 'cad',
    message: 'From Priya, for Maya’s party',
    created_at: NOW.getTime(),
    paid_at: NOW.getTime(),
  }
  await db
    .insertInto('gift_card')
    .values([
      {
        ...card,
        code: 'AAAABBBBCCCCDDDD',
        buyer_name: 'Priya Sharma',
        buyer_email: 'Priya@Example.com',
        recipient_name: 'Sam Okafor',
        recipient_email: 'sam@example.com',
        checkout_session_id: 'cs_priya',
      },
      {
        ...card,
        code: 'EEEEFFFFGGGGHHHH',
        buyer_name: 'Sam Okafor',
        buyer_email: 'sam@example.com',
        recipient_name: 'Priya Sharma',
        recipient_email: 'priya@example.com',
        checkout_session_id: 'cs_sam',
      },
    ])
    .execute()

  // The card she bought went to Sam by email: it names her, not her address.
  const bought = await db
    .selectFrom('gift_card')
    .select('id')
    .where('checkout_session_id', '=', 'cs_priya')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('outbox')
    .values({
      topic: 'gift_card',
      subject_id: bought.id,
      payload: JSON.stringify({
        subject: 'Priya sent you a gift card',
        text: 'From Priya, for Maya’s party',
        to: { name: 'Sam Okafor', address: 'sam@example.com' },
      }),
      created_at: NOW.getTime(),
      next_attempt_at: NOW.getTime(),
    })
    .execute()

  const report = await eraseCustomer(db, { store, dataDir }, { email: 'PRIYA@example.com' })
  expect(report).toEqual({ requests: 1, messages: 1, photos: 1, emails: 4 })
  expect((await textConsentsOf(db, ['4165550199', '6475550123'])).size).toBe(1)

  // Every text column of every table, searched for anything that was hers.
  const traces = [
    'Priya',
    'priya@example.com',
    '555-0199',
    '5550199',
    'Maya',
    'Unicorn',
    'Peanuts',
    'Lilac',
    'Oakville',
    'L6J',
    'Blue door',
  ]
  const tables = [
    'order_request',
    'order_batch',
    'request_event',
    'contact_message',
    'outbox',
    'inspiration_photo',
    'drop_hold',
    'day_waitlist_entry',
    'text_consent',
    'text_message',
    'customer_apart',
    'gift_card',
  ] as const
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
    const text = JSON.stringify(rows.rows)
    for (const trace of traces) expect(text, `${table} holds ${trace}`).not.toContain(trace)
  }
  const files = await readdir(path.join(store.root, 'inspiration')).catch(() => [])
  expect(files).toEqual([])
  // Both cards can still be spent; Sam's name stays on them.
  expect(
    await db
      .selectFrom('gift_card')
      .select(['code', 'amount_cents', 'buyer_name', 'recipient_name'])
      .orderBy('id')
      .execute(),
  ).toEqual([
    {
      code: 'AAAABBBBCCCCDDDD',
      amount_cents: 5_000,
      buyer_name: 'Erased customer',
      recipient_name: 'Sam Okafor',
    },
    {
      code: 'EEEEFFFFGGGGHHHH',
      amount_cents: 5_000,
      buyer_name: 'Sam Okafor',
      recipient_name: 'Erased customer',
    },
  ])
  // Sam still waits for his day.
  expect(await db.selectFrom('day_waitlist_entry').select('email').execute()).toEqual([
    { email: 'sam@example.com' },
  ])

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
  // Her hold is gone and its loaf back on sale; Sam's stays his.
  expect(await readHold(db, holds[0]!, NOW)).toBeNull()
  expect(await readHold(db, holds[1]!, NOW)).toMatchObject({ name: 'Sam Okafor', state: 'held' })
})

test('erasing one address keeps the emails of a customer whose address ends with it', async () => {
  const { db, dataDir } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [9, 9, 9, 9, 9, 9, 9])
  for (const [name, email] of [
    ['Nadia Noor', 'n@example.com'],
    ['Erin Walsh', 'erin@example.com'],
  ] as const) {
    const sent = await submitOrderRequests(db, [{ ...birthdayCakeOrder, name, email }], {
      products: [],
      siteUrl: SITE,
      now: NOW,
    })
    expect(sent.ok).toBe(true)
  }

  const report = await eraseCustomer(
    db,
    { store: createLocalMediaStore(dataDir), dataDir },
    { email: 'n@example.com' },
  )

  expect(report).toMatchObject({ requests: 1, emails: 2 })
  const kept = await db.selectFrom('outbox').select(['topic', 'payload']).orderBy('id').execute()
  expect(kept.map((row) => row.topic)).toEqual(['order_batch', 'request_confirmation'])
  for (const row of kept) expect(row.payload).toContain('erin@example.com')
})
