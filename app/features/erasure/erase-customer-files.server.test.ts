/**
 * Erasing a customer reaches every byte under DATA_DIR: the database and its
 * log, the delivered .eml files and the photos hold nothing of her, and an
 * email of hers being written as she is erased leaves no file.
 */
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
import { addInspirationPhoto } from '#app/features/inspiration/inspiration-photos.server.ts'
import { startDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { createFileTransport } from '#app/features/mail/transports/file.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { waitFor } from '#tests/support/mail.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { eraseCustomer } from './erase-customer.server.ts'
import { ERASED_NAME } from './erasure-traces.ts'

const NOW = new Date('2026-11-23T20:00:00Z')
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
