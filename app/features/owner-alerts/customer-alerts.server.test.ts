import { Migrator, sql } from 'kysely'
import { expect, onTestFinished, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/db.server.ts'
import { migrations } from '#app/db/migrations.server.ts'
import { isPostgres } from '#app/db/portable-schema.server.ts'
import { saveChangePolicy } from '#app/features/customer-changes/customer-changes.server.ts'
import { receiveSelfService } from '#app/features/customer-changes/self-service.server.ts'
import { receiveQuoteAnswer } from '#app/features/customer-page/customer-quotes.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { receiveProofAnswer } from '#app/features/proof-steps/proof-answers.server.ts'
import { receiveProofSend } from '#app/features/proof-steps/proof-steps.server.ts'
import { receiveReviewPost } from '#app/features/reviews/review-action.server.ts'
import { readReviewLink } from '#app/features/scheduled-work/review-links.server.ts'
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
import {
  makeTestDatabaseUrl,
  openTestConnection,
  openTestDatabase,
} from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import {
  type Phone,
  type PushService,
  startPushService,
  subscribePhone,
} from '#tests/support/push-service.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { ALERT_KINDS } from './alert-kinds.ts'
import { queueOwnerAlert } from './alert-queue.server.ts'
import { changeAskedAlert } from './alert-words.ts'
import { sendDueAlerts } from './push-sender.server.ts'
import { listDevices, saveSubscription, setDeviceKinds } from './subscriptions.server.ts'

const CONTACT = 'mailto:hello@butterandbloom.ca'
/** The tests' push service listens on loopback: allowed here as PUSH_ALLOW_LOOPBACK allows it. */
const SENDER = { contact: CONTACT, allowLoopback: true }
const MINUTE = 60_000
// Every alert below is due by then; the sender's clock is set to it.
const LATER = Date.parse('2026-12-31T17:00:00Z')

interface Words {
  title: string
  body: string
  url: string
}

async function listen() {
  const push = await startPushService()
  onTestFinished(() => push.close())
  return push
}

async function addPhone(db: Db, push: PushService, name: string): Promise<Phone> {
  const phone = subscribePhone(`${push.url}/push/${name}`)
  await saveSubscription(db, {
    userId: 'owner',
    subscription: phone.subscription,
    label: name,
    now: NOW,
  })
  return phone
}

/** Sends what is due, and what the phone shows for each push it received (decrypted with its keys). */
async function deliver(db: Db, push: PushService, phone: Phone, name: string): Promise<Words[]> {
  await sendDueAlerts(db, { ...SENDER, now: () => LATER })
  return push.received
    .filter((received) => received.path === `/push/${name}`)
    .map((received) => phone.read(received) as Words)
}

const lines = (words: Words[]) => words.map((word) => `${word.title}: ${word.body}`)

/** Her "Ask for a change" or "Cancel", as her private page posts it. */
function selfService(
  book: Awaited<ReturnType<typeof openCardBook>>,
  fields: Record<string, string>,
  now: number,
) {
  return receiveSelfService({
    request: new Request(`${SITE}/requests/${book.token}?change`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    }),
    token: book.token,
    clientIp: nextIp(),
    db: book.db,
    now,
    siteUrl: SITE,
    env: book.env,
  })
}

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

/** A quoted request for Priya, a phone, and a media store for the proofs. */
async function openProofBook() {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const requestId = await sendRequest(db)
  await moveTo(db, requestId, 'quoted')
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return { db, requestId, token: token!, store: createLocalMediaStore(dataDir) }
}

async function sendProof(book: Awaited<ReturnType<typeof openProofBook>>, now: number) {
  const form = new FormData()
  form.set('note', 'Two tiers, peonies on top.')
  const jpeg = await photoJpeg({ width: 600, height: 400 })
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'proof.jpg')
  const sent = await receiveProofSend({
    request: new Request(`${SITE}/admin/orders/${book.requestId}?proof`, {
      method: 'POST',
      body: form,
    }),
    db: book.db,
    store: book.store,
    requestId: book.requestId,
    siteUrl: SITE,
    now,
  })
  expect(sent.status).toBe(200)
}

function answerProof(
  book: Awaited<ReturnType<typeof openProofBook>>,
  fields: Record<string, string>,
  now: number,
) {
  return receiveProofAnswer({
    request: new Request(`${SITE}/requests/${book.token}?proof`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ position: '1', ...fields }),
    }),
    token: book.token,
    clientIp: nextIp(),
    db: book.db,
    siteUrl: SITE,
    now,
  })
}

test('her answer to a proof reaches the phone: the change she asks for in her words, then her approval, once each', async () => {
  const book = await openProofBook()
  const push = await listen()
  const phone = await addPhone(book.db, push, 'nadia')
  await sendProof(book, BOOK_NOW)
  const change = await answerProof(
    book,
    { answer: 'change', round: '1', change: 'Pink peonies, please.' },
    BOOK_NOW + MINUTE,
  )
  expect(change.status).toBe(200)
  await sendProof(book, BOOK_NOW + 2 * MINUTE)
  const approve = await answerProof(book, { answer: 'approve', round: '2' }, BOOK_NOW + 3 * MINUTE)
  expect(approve.status).toBe(200)
  // Answered already (another tab): refused, and no second alert.
  const twice = await answerProof(book, { answer: 'approve', round: '2' }, BOOK_NOW + 4 * MINUTE)
  expect(twice.status).toBe(409)

  const words = (await deliver(book.db, push, phone, 'nadia')).filter(
    (word) => word.title !== 'New request',
  )
  expect(lines(words)).toEqual([
    'Proof change asked: Cakes for Priya, Sat, Dec 12, proof 1: “Pink peonies, please.”',
    'Proof approved: Cakes for Priya, Sat, Dec 12, proof 2',
  ])
  expect(words.map((word) => word.url)).toEqual([
    `/admin/orders/${book.requestId}`,
    `/admin/orders/${book.requestId}`,
  ])
})

async function completed(db: Db) {
  const requestId = await sendRequest(db)
  for (const to of ['quoted', 'confirmed', 'ready', 'completed'] as const) {
    const moved = await db
      .transaction()
      .execute((trx) => moveRequest(trx, { requestId, to, actor: 'owner', now: BOOK_NOW }))
    if (!moved.ok) throw new Error(moved.error)
  }
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return token!
}

function postReview(db: Db, token: string, fields: Record<string, string>, now: number) {
  return readReviewLink(db, token).then((link) =>
    receiveReviewPost({
      request: new Request(`${SITE}/requests/${token}?review`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }),
      clientIp: nextIp(),
      db,
      link,
      now,
      siteUrl: SITE,
    }),
  )
}

test('a new review reaches the phone with her stars, never her words, and opens the reviews page; her later edits alert nobody', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const push = await listen()
  const phone = await addPhone(db, push, 'nadia')
  await setDeviceKinds(db, (await listDevices(db))[0]!.id, ['review'])
  const token = await completed(db)
  const review = {
    rating: '4',
    words: 'Lovely cake, my secret recipe-loving aunt asked for seconds.',
    display_name: 'Priya S.',
    may_show: 'on',
  }
  expect(await postReview(db, token, review, BOOK_NOW + HOUR)).toMatchObject({ status: 200 })
  expect(
    await postReview(db, token, { ...review, rating: '5' }, BOOK_NOW + 2 * HOUR),
  ).toMatchObject({ status: 200, body: { created: false } })

  const words = await deliver(db, push, phone, 'nadia')
  expect(words).toEqual([
    {
      title: 'New review',
      body: '★★★★☆ 4 stars — Cakes from Priya, Sat, Dec 12',
      url: '/admin/reviews',
      tag: expect.stringMatching(/^review:\d+$/),
    },
  ])
  expect(JSON.stringify(words)).not.toContain('secret')
  // A review can wait for a phone that is saving its battery.
  expect(push.received[0]!.headers.urgency).toBe('normal')
})

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
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
    : undefined
  const migrated = await new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableSchema: schema,
  }).migrateToLatest()
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
