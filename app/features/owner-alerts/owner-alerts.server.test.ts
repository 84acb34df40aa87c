import { expect, onTestFinished, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { startCardCheckout } from '#app/features/payments/card-payments.server.ts'
import { receiveStripeWebhook } from '#app/features/payments/stripe-webhook.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { openTestConnection, openTestDatabase } from '#tests/support/database.ts'
import { startFakeStripe } from '#tests/support/fake-stripe.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import {
  checkVapid,
  closedPort,
  type Phone,
  type PushService,
  startPushService,
  subscribePhone,
} from '#tests/support/push-service.ts'
import { ALERT_RETRY_MIN_MS } from './alert-queue.server.ts'
import { receiveAlertsAction } from './alerts-action.server.ts'
import { sendDueAlerts } from './push-sender.server.ts'
import { listDevices, saveSubscription, setDeviceKinds } from './subscriptions.server.ts'
import { getVapidKeys, VAPID_KEY } from './vapid.server.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto.
const NOW = Date.parse('2026-11-23T20:00:00Z')
const HOUR = 60 * 60_000
const SITE = 'https://butterandbloom.example'
const CONTACT = 'mailto:hello@butterandbloom.ca'
/** The tests' push service listens on loopback: allowed here as PUSH_ALLOW_LOOPBACK allows it. */
const SENDER = { contact: CONTACT, allowLoopback: true }

const quote = {
  priceCents: 12_000,
  depositCents: 5_000,
  depositDue: '2026-12-01',
  paymentInstructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: '',
}

async function openBook() {
  const { db, location } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const push = await startPushService()
  onTestFinished(() => push.close())
  return { db, location, push }
}

async function addPhone(db: Db, push: PushService, name: string, label = name): Promise<Phone> {
  const phone = subscribePhone(`${push.url}/push/${name}`)
  await saveSubscription(db, { userId: 'owner', subscription: phone.subscription, label, now: NOW })
  return phone
}

async function send(db: Db, order: Partial<typeof birthdayCakeOrder> = {}) {
  const sent = await submitOrderRequests(db, [{ ...birthdayCakeOrder, ...order }], {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const row = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .where('batch_id', '=', sent.batchId)
    .executeTakeFirstOrThrow()
  return { id: row.id, token: row.customer_token! }
}

async function quoteAndAccept(db: Db, request: { id: number; token: string }) {
  await db
    .transaction()
    .execute((trx) => quoteRequest(trx, { requestId: request.id, quote, now: NOW }))
  const answered = await answerQuote(db, {
    token: request.token,
    requestId: request.id,
    answer: 'accept',
    now: NOW + HOUR,
    siteUrl: SITE,
  })
  expect(answered.ok).toBe(true)
}

/** Pays a request's deposit by card through a fake Stripe, as the customer's page and Stripe's webhook do. */
async function payByCard(db: Db, token: string) {
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_fake0000000000000000',
    STRIPE_WEBHOOK_SECRET: 'whsec_fake0000000000000000',
    STRIPE_API_URL: '',
    SITE_URL: SITE,
  }
  const fake = await startFakeStripe({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      const answered = await receiveStripeWebhook({
        request: new Request(`${SITE}/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }),
        db,
        env,
        now: NOW + 2 * HOUR,
      })
      return answered.status
    },
    clock: () => NOW + 2 * HOUR,
  })
  onTestFinished(() => fake.close())
  env.STRIPE_API_URL = fake.url
  const started = await startCardCheckout({
    request: new Request(`${SITE}/requests/${token}?checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'request=1&kind=deposit&amount=5000',
    }),
    token,
    clientIp: '198.51.100.7',
    db,
    env,
    now: NOW + HOUR,
  })
  if (!('redirect' in started)) throw new Error(`No session: ${JSON.stringify(started)}`)
  expect(await fake.pay([...fake.sessions.keys()].at(-1)!)).toBe(200)
}

function wordsOf(phone: Phone, push: PushService, path: string) {
  return push.received
    .filter((received) => received.path === path)
    .map((received) => phone.read(received) as { title: string; body: string; url: string })
}

test('each kind of event reaches a subscribed phone as an encrypted push, in a few words that name no more than the customer’s first name', async () => {
  const { db, push } = await openBook()
  const phone = await addPhone(db, push, 'nadia-iphone')

  // A new request, then its quote accepted.
  const priya = await send(db)
  await quoteAndAccept(db, priya)
  // A second customer accepts, and her deposit is paid by card.
  const maya = await send(db, {
    name: 'Maya Lopez',
    email: 'maya@example.com',
    due_date: '2026-12-19',
  })
  await quoteAndAccept(db, maya)
  await payByCard(db, maya.token)
  // A message through the contact form.
  await submitContactMessage(
    db,
    {
      name: 'Sam Reid',
      email: 'sam@example.com',
      phone_number: '',
      message: 'Do you make gluten-free cupcakes for my daughter’s party?',
    },
    new Date(NOW + 3 * HOUR),
  )
  // December 8: Priya's deposit, due December 1, was never paid.
  const eighth = new Date('2026-12-08T15:00:00Z')
  await runSchedule(db, { now: eighth, siteUrl: SITE })

  const outcomes = await sendDueAlerts(db, { ...SENDER, now: () => eighth.getTime() })
  expect(outcomes).toEqual(Array(7).fill('sent'))
  const words = wordsOf(phone, push, '/push/nadia-iphone')
  expect(words.map((word) => `${word.title}: ${word.body}`)).toEqual([
    'New request: Cakes from Priya, Sat, Dec 12',
    'New request: Cakes from Maya, Sat, Dec 19',
    'Quote accepted: Cakes for Priya, Sat, Dec 12',
    'Quote accepted: Cakes for Maya, Sat, Dec 19',
    'Payment received: $50 deposit by card: Cakes for Maya, Sat, Dec 19',
    'New message: From Sam',
    'Deposit overdue: Cakes for Priya, Sat, Dec 12: the deposit was due Tue, Dec 1',
  ])
  expect(words.map((word) => word.url)).toEqual([
    `/admin/orders/${priya.id}`,
    `/admin/orders/${maya.id}`,
    `/admin/orders/${priya.id}`,
    `/admin/orders/${maya.id}`,
    `/admin/orders/${maya.id}`,
    '/admin/inbox',
    `/admin/orders/${priya.id}`,
  ])
  // Nothing private travels: no surname, address, phone or message.
  const everything = JSON.stringify(words)
  for (const secret of ['Sharma', 'Lopez', 'Reid', '@example.com', 'gluten', '416-555']) {
    expect(everything).not.toContain(secret)
  }
  // Each is signed with the site's VAPID key for the push service's origin, kept a day.
  const { publicKey } = await getVapidKeys(db)
  for (const received of push.received) {
    expect(checkVapid(received, push.url)).toBe(publicKey)
    expect(received.headers.ttl).toBe('86400')
    expect(received.headers['content-encoding']).toBe('aes128gcm')
  }
  expect(push.received.map((received) => received.headers.urgency)).toEqual([
    'high',
    'high',
    'high',
    'high',
    'high',
    'high',
    'normal',
  ])
  // Once sent, the words are gone from the database; the device was reached.
  const rows = await db.selectFrom('push_alert').select(['status', 'payload']).execute()
  expect(rows).toEqual(rows.map(() => ({ status: 'sent', payload: null })))
  expect((await listDevices(db))[0]!.lastSuccessAt).not.toBeNull()
  // Run again (a restart, another instance): nothing goes twice.
  const later = new Date('2026-12-08T16:00:00Z')
  await runSchedule(db, { now: later, siteUrl: SITE })
  expect(await sendDueAlerts(db, { ...SENDER, now: () => later.getTime() })).toEqual([])
})

test('a kind switched off on one device stops it there, and only there', async () => {
  const { db, push } = await openBook()
  const phone = await addPhone(db, push, 'phone')
  const tablet = await addPhone(db, push, 'tablet')
  const [, tabletDevice] = await listDevices(db)
  await setDeviceKinds(db, tabletDevice!.id, ['new-request', 'payment'])
  await submitContactMessage(
    db,
    { name: 'Sam Reid', email: 'sam@example.com', phone_number: '', message: 'Hello there!' },
    new Date(NOW),
  )
  await send(db)
  expect(await sendDueAlerts(db, { ...SENDER })).toHaveLength(3)
  expect(wordsOf(phone, push, '/push/phone').map((word) => word.title)).toEqual([
    'New message',
    'New request',
  ])
  expect(wordsOf(tablet, push, '/push/tablet').map((word) => word.title)).toEqual(['New request'])
})

test('a phone that cannot be reached delays nothing: the request is answered, and the alert is tried again later until it arrives', async () => {
  const { db } = await openBook()
  const port = await closedPort()
  const phone = subscribePhone(`http://127.0.0.1:${port}/push/away`)
  await saveSubscription(db, {
    userId: 'owner',
    subscription: phone.subscription,
    label: 'Away',
    now: NOW,
  })
  const lines: string[] = []
  const log = (line: string) => lines.push(line)

  // The send is the database's work only: it is stored with its alert queued.
  const started = performance.now()
  await send(db)
  expect(performance.now() - started).toBeLessThan(2_000)
  expect(await db.selectFrom('push_alert').select('status').execute()).toEqual([
    { status: 'queued' },
  ])

  // The sender finds nobody listening: it keeps the alert for later.
  expect(await sendDueAlerts(db, { ...SENDER, now: () => NOW, log })).toEqual(['retry'])
  const waiting = await db.selectFrom('push_alert').selectAll().executeTakeFirstOrThrow()
  expect(waiting).toMatchObject({ status: 'queued', attempts: 1 })
  expect(Number(waiting.next_attempt_at)).toBe(NOW + ALERT_RETRY_MIN_MS)
  expect(waiting.payload).not.toBeNull()
  // Not before its time; then again, with the wait doubled.
  expect(await sendDueAlerts(db, { ...SENDER, now: () => NOW + 1000, log })).toEqual([])
  const second = NOW + ALERT_RETRY_MIN_MS
  expect(await sendDueAlerts(db, { ...SENDER, now: () => second, log })).toEqual(['retry'])
  const again = await db.selectFrom('push_alert').selectAll().executeTakeFirstOrThrow()
  expect(Number(again.next_attempt_at)).toBe(second + 2 * ALERT_RETRY_MIN_MS)
  // The log says what failed and never where to.
  expect(lines).toHaveLength(2)
  expect(lines.join('\n')).not.toContain(String(port))
  expect(lines.join('\n')).not.toContain(phone.subscription.p256dh)

  // The phone's service is back: the alert arrives, in its words.
  const back = await startPushService(port)
  onTestFinished(() => back.close())
  const third = second + 2 * ALERT_RETRY_MIN_MS
  expect(await sendDueAlerts(db, { ...SENDER, now: () => third, log })).toEqual(['sent'])
  expect(wordsOf(phone, back, '/push/away').map((word) => word.body)).toEqual([
    'Cakes from Priya, Sat, Dec 12',
  ])
})

test('a push service that says the subscription is gone (410 or 404) removes the device and its queue', async () => {
  const { db, push } = await openBook()
  await addPhone(db, push, 'old-phone')
  await addPhone(db, push, 'lost-phone')
  const kept = await addPhone(db, push, 'new-phone')
  push.answer('/push/old-phone', 410)
  push.answer('/push/lost-phone', 404)
  await send(db)
  await send(db, { name: 'Maya Lopez', email: 'maya@example.com' })
  const outcomes = await sendDueAlerts(db, { ...SENDER, log: () => {} })
  expect(outcomes.filter((outcome) => outcome === 'gone')).toHaveLength(2)
  expect((await listDevices(db)).map((device) => device.label)).toEqual(['new-phone'])
  expect(wordsOf(kept, push, '/push/new-phone')).toHaveLength(2)
  expect(await db.selectFrom('push_alert').select('status').execute()).toEqual([
    { status: 'sent' },
    { status: 'sent' },
  ])
})

test('the VAPID keys are made once, however many instances ask at the same moment', async () => {
  const { db, location } = await openTestDatabase()
  const others = [openTestConnection(location), openTestConnection(location)]
  const keys = await Promise.all([getVapidKeys(db), ...others.map((other) => getVapidKeys(other))])
  expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1)
  expect(new Set(keys.map((key) => key.privateKey)).size).toBe(1)
  expect(keys[0]!.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
  // A later start reads the same pair.
  expect(await getVapidKeys(openTestConnection(location))).toEqual(keys[0])
  const rows = await db.selectFrom('app_state').select('key').where('key', '=', VAPID_KEY).execute()
  expect(rows).toHaveLength(1)
})

function alertsPost(form: Record<string, string>) {
  return new Request(`${SITE}/admin/settings/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })
}

test('Settings turns alerts on for a browser, sets its switches, sends it a test and removes it', async () => {
  const { db, push } = await openBook()
  const phone = subscribePhone(`${push.url}/push/settings-phone`)
  const act = (form: Record<string, string>) =>
    receiveAlertsAction({
      request: alertsPost(form),
      db,
      adminId: 'owner',
      now: NOW,
      allowLoopback: true,
    })

  // Keys that are not a browser's are refused with a sentence, and nothing is stored.
  const bad = await act({
    intent: 'alerts-subscribe',
    ...phone.subscription,
    p256dh: 'abc',
    label: 'iPhone',
  })
  expect(bad.status).toBe(400)
  expect(bad.body).toMatchObject({ ok: false, error: expect.stringMatching(/reload the page/) })
  const notPush = await act({
    intent: 'alerts-subscribe',
    ...phone.subscription,
    endpoint: 'http://203.0.113.9/push',
    label: 'iPhone',
  })
  expect(notPush.status).toBe(400)
  expect(await listDevices(db)).toEqual([])

  const on = await act({
    intent: 'alerts-subscribe',
    ...phone.subscription,
    label: 'Nadia’s iPhone',
  })
  expect(on.body).toEqual({
    ok: true,
    intent: 'alerts-subscribe',
    message: 'Alerts are on for Nadia’s iPhone.',
  })
  const [device] = await listDevices(db)
  expect(device).toMatchObject({
    label: 'Nadia’s iPhone',
    kinds: [
      'new-request',
      'quote-answer',
      'payment',
      'message',
      'deposit-overdue',
      'change-or-cancel',
      'proof-answer',
      'review',
    ],
  })

  // Unticked boxes are not posted: only the new request stays on.
  const saved = await act({
    intent: 'alerts-kinds',
    device: String(device!.id),
    'kind-new-request': 'on',
  })
  expect(saved.body).toMatchObject({ ok: true, message: 'Alerts saved.' })
  expect((await listDevices(db))[0]!.kinds).toEqual(['new-request'])

  // A test goes whatever the switches say.
  const tested = await act({ intent: 'alerts-test', device: String(device!.id) })
  expect(tested.status).toBe(200)
  expect(await sendDueAlerts(db, { ...SENDER })).toEqual(['sent'])
  expect(wordsOf(phone, push, '/push/settings-phone')).toMatchObject([
    { title: 'Test alert', url: '/admin/settings/alerts' },
  ])

  const removed = await act({ intent: 'alerts-remove', device: String(device!.id) })
  expect(removed.body).toMatchObject({ ok: true })
  expect(await listDevices(db)).toEqual([])
  const gone = await act({ intent: 'alerts-test', device: String(device!.id) })
  expect(gone.status).toBe(404)
  const nonsense = await act({ intent: 'alerts-kinds', device: 'many' })
  expect(nonsense.status).toBe(400)
})
