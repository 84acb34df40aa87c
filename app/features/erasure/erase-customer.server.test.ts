import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { simpleParser } from 'mailparser'
import { expect, onTestFinished, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { isPostgres } from '#app/db/portable-schema.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { answerChangeIn } from '#app/features/customer-changes/change-answer.server.ts'
import { askForChange } from '#app/features/customer-changes/customer-changes.server.ts'
import { readHold, reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import { addInspirationPhoto } from '#app/features/inspiration/inspiration-photos.server.ts'
import { startDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { createFileTransport } from '#app/features/mail/transports/file.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { giveTextConsent, textConsentsOf } from '#app/features/texts/text-consent.server.ts'
import { queueText } from '#app/features/texts/text-queue.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { waitFor } from '#tests/support/mail.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { eraseCustomer, receiveEraseCustomerAction } from './erase-customer.server.ts'
import { ERASED_NAME } from './erasure-traces.ts'

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

const SITE = 'https://butterandbloom.example'

/** Every file under `dir`, with its path relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
}

/** Every row of every table the database has, as text: whatever a migration adds is searched too. */
async function everyRow(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
  const text: Record<string, string> = {}
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      db,
    )
    text[name] = JSON.stringify(rows)
  }
  return text
}

/** The traces of Erin that must not survive her erasure, and how to look for each. */
function findErin(text: string): string[] {
  const lower = text.toLowerCase()
  return [
    ...['Erin', 'Quillfeather', 'Xylophone', 'Kumquat', 'Zanzibar'].filter((trace) =>
      text.includes(trace),
    ),
    ...['quillfeather', '613-555-0147', '6135550147', '555-0147'].filter((trace) =>
      lower.includes(trace),
    ),
  ]
}

test("after erasing a customer no byte under DATA_DIR holds her: not the database, its log, the delivered .eml files or the photos; the other customer's are kept", async () => {
  const { db, dataDir } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [9, 9, 9, 9, 9, 9, 9])
  const store = createLocalMediaStore(dataDir)
  const photo = await addInspirationPhoto(db, { store, now: NOW.getTime() }, await photoJpeg())
  const erin = {
    ...birthdayCakeOrder,
    name: 'Erin Quillfeather',
    email: 'Erin.Quillfeather@example.net',
    phone_number: '613-555-0147',
    event_theme: 'Xylophone garden party',
    comments: 'Please write Zanzibar on top.',
    allergies: 'Kumquat, and tree nuts',
    servings: '31',
    photos: [photo.key],
  }
  const sam = {
    ...birthdayCakeOrder,
    name: 'Sam Okafor',
    email: 'sam.okafor@example.com',
    phone_number: '647-555-0123',
    event_theme: 'Graduation',
  }
  for (const orders of [[erin], [{ ...erin, product_type: 'Cupcakes', photos: [] }], [sam]]) {
    const sent = await submitOrderRequests(db, orders, { products: [], siteUrl: SITE, now: NOW })
    expect(sent.ok).toBe(true)
  }
  await submitContactMessage(
    db,
    {
      name: erin.name,
      email: erin.email,
      phone_number: '6135550147',
      message: 'Does the Xylophone cake travel well?',
    },
    NOW,
  )
  const [erinsCake, , samsCake] = await db
    .selectFrom('order_request')
    .select('id')
    .orderBy('id')
    .execute()
  const requestId = erinsCake!.id
  const quote = (id: number, words: { paymentInstructions: string; message: string }) =>
    db.transaction().execute(async (trx) => {
      const quoted = await quoteRequest(trx, {
        requestId: id,
        quote: { priceCents: 12_000, depositCents: 6_000, depositDue: '2026-12-01', ...words },
        now: NOW.getTime(),
      })
      expect(quoted.ok).toBe(true)
      await queueRequestUpdate(trx, 'quoted', { requestId: id, siteUrl: SITE, now: NOW.getTime() })
    })
  await quote(requestId, {
    paymentInstructions: 'e-Transfer, with Quillfeather in the memo',
    message: 'Hi Erin, the Xylophone topper is in gold leaf.',
  })
  await quote(samsCake!.id, { paymentInstructions: 'e-Transfer', message: 'Congratulations!' })
  const paid = await recordPayment(db, {
    requestId,
    payment: { amountCents: 6_000, receivedOn: '2026-11-24', method: 'e-Transfer from Erin' },
    now: NOW.getTime(),
  })
  expect(paid.ok).toBe(true)
  // Her change from her page, accepted: the details it asked, and what it made of them.
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  const asked = await askForChange(db, {
    token: token!,
    position: 1,
    newDate: null,
    newWindow: null,
    fields: new Map([[1, { allergies: 'Kumquat, tree nuts and Zanzibar figs' }]]),
    details: 'Erin here: no Zanzibar figs after all, please.',
    now: NOW.getTime(),
  })
  expect(asked.ok).toBe(true)
  const accepted = await db
    .transaction()
    .execute((trx) => answerChangeIn(trx, { requestId, accept: true, now: NOW.getTime() }))
  expect(accepted.ok).toBe(true)
  // The owner's digest names Erin and Sam, whose quotes wait for an answer.
  const schedule = await runSchedule(db, { now: NOW, siteUrl: SITE })
  expect(schedule.digest).toBe(true)

  // Everything is delivered as the embedded default delivers it: .eml files.
  const lines: string[] = []
  const worker = startDeliveryWorker({
    db,
    transport: createFileTransport({
      dataDir,
      from: 'no-reply@butterandbloom.example',
      to: 'hello@butterandbloom.example',
      log: (line) => lines.push(line),
    }),
    retryMinMs: 20,
    siteUrl: SITE,
    log: (line) => lines.push(line),
  })
  onTestFinished(() => worker.stop())
  const emails = await db.selectFrom('outbox').select('id').execute()
  await waitFor(async () =>
    expect(
      await db.selectFrom('outbox').select('id').where('status', '=', 'sent').execute(),
    ).toHaveLength(emails.length),
  )
  await worker.stop()
  const mailFiles = () => readdir(path.join(dataDir, 'mail'))
  expect(await mailFiles()).toHaveLength(emails.length)
  for (const line of lines) expect(findErin(line), line).toEqual([])
  const before = await Promise.all(
    (await listFiles(dataDir)).map(async (file) =>
      findErin((await readFile(path.join(dataDir, file))).toString('latin1')),
    ),
  )
  expect(before.flat()).toContain('Quillfeather')

  await eraseCustomer(db, { store, dataDir }, { email: 'erin.quillfeather@EXAMPLE.net' })

  // The database, every table.
  for (const [table, text] of Object.entries(await everyRow(db))) {
    expect(findErin(text), table).toEqual([])
  }
  // Every byte of every file: the database and its -wal and -shm on SQLite,
  // the mail folder, the media store; and each remaining email as a mail
  // program decodes it.
  for (const file of await listFiles(dataDir)) {
    const bytes = await readFile(path.join(dataDir, file))
    expect(findErin(bytes.toString('latin1')), file).toEqual([])
    if (file.endsWith('.eml')) {
      const mail = await simpleParser(bytes)
      const decoded = [mail.subject, mail.text, mail.html, JSON.stringify(mail.headerLines)]
      expect(findErin(decoded.join('\n')), file).toEqual([])
    }
  }
  expect(await readdir(path.join(store.root, 'inspiration')).catch(() => [])).toEqual([])

  // Sam is as he was: his request, his confirmation's file, his line in the digest.
  const sams = await db
    .selectFrom('order_request')
    .selectAll()
    .where('email', '=', sam.email)
    .executeTakeFirstOrThrow()
  expect(sams).toMatchObject({ name: 'Sam Okafor', event_theme: 'Graduation' })
  const samsMail = []
  for (const file of await mailFiles()) {
    const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', file)))
    if (mail.text?.includes('Sam')) samsMail.push(mail.subject)
  }
  expect(samsMail.length).toBeGreaterThanOrEqual(2)
  const digest = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'owner_digest')
    .executeTakeFirstOrThrow()
  expect(digest.payload).toContain('Cakes for Sam Okafor')
  expect(digest.payload).toContain(`Cakes for ${ERASED_NAME}`)
  // The book keeps Erin's request for the accounts, with what was paid.
  expect(
    await db
      .selectFrom('payment')
      .select('amount_cents')
      .where('request_id', '=', requestId)
      .execute(),
  ).toEqual([{ amount_cents: 6_000 }])
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

test('an email of hers that was being written while she was erased leaves no file', async () => {
  const { db, dataDir } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [9, 9, 9, 9, 9, 9, 9])
  const sent = await submitOrderRequests(
    db,
    [{ ...birthdayCakeOrder, name: 'Erin Quillfeather', email: 'erin@example.net' }],
    { products: [], siteUrl: SITE, now: NOW },
  )
  expect(sent.ok).toBe(true)
  // The file transport, held before it writes: a slow disk, mid-delivery.
  const files = createFileTransport({
    dataDir,
    from: 'no-reply@butterandbloom.example',
    to: 'hello@butterandbloom.example',
    log: () => {},
  })
  let reached = () => {}
  const writing = new Promise<void>((resolve) => (reached = resolve))
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const lines: string[] = []
  const worker = startDeliveryWorker({
    db,
    transport: {
      ...files,
      async send(email, options) {
        reached()
        await held
        await files.send(email, options)
      },
    },
    retryMinMs: 20,
    siteUrl: SITE,
    log: (line) => lines.push(line),
  })
  onTestFinished(() => worker.stop())
  await writing

  await eraseCustomer(
    db,
    { store: createLocalMediaStore(dataDir), dataDir },
    { email: 'erin@example.net' },
  )
  release()

  await waitFor(() =>
    expect(lines).toEqual(['mail: outbox 1 (order_batch 1) was erased while it was being sent']),
  )
  await worker.stop()
  expect(await readdir(path.join(dataDir, 'mail')).catch(() => [])).toEqual([])
  expect(await db.selectFrom('outbox').select('id').execute()).toEqual([])
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
