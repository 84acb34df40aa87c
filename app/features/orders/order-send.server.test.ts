import { expect, test } from 'vitest'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu, setProductActive, listProducts } from '#app/features/menu/menu.server.ts'
import { openTestDatabase as openEmptyDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import type { OrderRequest } from './order-schema.ts'
import { receiveOrderRequests } from './order-send.server.ts'

/** A database with the menu created from site.ts, as the site has after its first start. */
async function openTestDatabase() {
  const opened = await openEmptyDatabase()
  await seedMenu(opened.db)
  // Room for every send these tests make; the calendar's own rules are tested below.
  await setWeekdayCapacity(opened.db, [100, 100, 100, 100, 100, 100, 100])
  return opened
}

const NOW = new Date('2026-11-21T15:00:00Z')

const order: OrderRequest = { ...birthdayCakeOrder, comments: 'Lemon sponge, no nuts please.' }
/** The same order as a form without JavaScript posts it: text fields only. */
const formFields = order as unknown as Record<string, string>

let ipCounter = 0
/** Each test posts from its own address so the rate limit only bites where meant. */
const freshIp = () => `198.51.100.${++ipCounter}`

const SITE_URL = 'https://butterandbloom.example'

/** A send as the cart makes it: the customer has ticked the policies unless a test says otherwise. */
function postJson(body: unknown) {
  const withTick =
    body && typeof body === 'object' && !Array.isArray(body)
      ? { accept_policies: true, ...body }
      : body
  return new Request('http://localhost/ordernow', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(withTick),
  })
}

async function send(
  db: Parameters<typeof receiveOrderRequests>[0]['db'],
  body: unknown,
  clientIp = freshIp(),
) {
  return receiveOrderRequests({
    request: postJson(body),
    clientIp,
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
}

async function countRows(db: Parameters<typeof receiveOrderRequests>[0]['db']) {
  const count = async (table: 'order_batch' | 'order_request' | 'outbox') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return {
    batches: await count('order_batch'),
    orders: await count('order_request'),
    emails: await count('outbox'),
  }
}

test('a send stores the batch, its orders in cart order, and one queued email to the owner', async () => {
  const { db } = await openTestDatabase()
  const second = { ...order, product_type: 'Cake Pops', comments: undefined }
  const outcome = await send(db, { orders: [order, second], website: '' })

  expect(outcome).toEqual({
    status: 200,
    body: { ok: true, count: 2, links: [expect.objectContaining({ email: order.email })] },
  })
  const rows = await db.selectFrom('order_request').selectAll().orderBy('position').execute()
  expect(rows.map((row) => [row.position, row.product_type, row.comments])).toEqual([
    [1, 'Cakes', 'Lemon sponge, no nuts please.'],
    [2, 'Cake Pops', null],
  ])
  const batch = await db.selectFrom('order_batch').selectAll().executeTakeFirstOrThrow()
  expect(batch).toMatchObject({ order_count: 2, created_at: NOW.toISOString(), handled_at: null })
  const email = await db
    .selectFrom('outbox')
    .selectAll()
    .where('topic', '=', 'order_batch')
    .executeTakeFirstOrThrow()
  expect(email).toMatchObject({ subject_id: batch.id, status: 'queued' })
  const payload = JSON.parse(email.payload)
  expect(payload.subject).toBe('2 new order requests from Priya Sharma')
  expect(payload.replyTo).toEqual({ name: 'Priya Sharma', address: 'priya@example.com' })
  expect(payload.emailjs.templateParams.order_count).toBe('2')
})

test.each([
  ['a missing name', { name: '' }, 'name', 'Name is required.'],
  [
    'a line break in the name',
    { name: 'Priya\r\nBcc: x@evil.test' },
    'name',
    'Name must fit on one line.',
  ],
  [
    'an email without a domain',
    { email: 'priya@' },
    'email',
    'Enter an email address like name@example.com.',
  ],
  [
    'a phone without enough digits',
    { phone_number: '555-01' },
    'phone_number',
    'Enter a 10-digit phone number, e.g. 416-555-0123.',
  ],
  [
    'an unknown product',
    { product_type: 'Croissants' },
    'product_type',
    '“Croissants” is not on our menu now. Please choose another treat, or Other and tell us about it.',
  ],
  [
    'a date in the past',
    { due_date: '2026-11-20' },
    'due_date',
    'The order date cannot be in the past.',
  ],
  [
    'a date that does not exist',
    { due_date: '2026-02-30' },
    'due_date',
    'Enter the order date as a date, e.g. 2026-12-24.',
  ],
  [
    'an unlisted way of hearing about us',
    { hear_about_us: 'Radio' },
    'hear_about_us',
    'Tell us how you heard about us.',
  ],
  [
    'an overlong theme',
    { event_theme: 'x'.repeat(201) },
    'event_theme',
    'Event / theme must be at most 200 characters.',
  ],
])(
  '%s is refused with 400 and a message for that field, storing nothing',
  async (_, change, field, message) => {
    const { db } = await openTestDatabase()
    const outcome = await send(db, { orders: [order, { ...order, ...change }] })
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({
      ok: false,
      error: `Order 2: ${message}`,
      problems: [{ order: 2, field, message }],
    })
    expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })
  },
)

test('control characters are refused and invisible formatting is removed from the name', async () => {
  const { db } = await openTestDatabase()
  const nul = await send(db, { orders: [{ ...order, comments: 'No nuts\u0000\u001B[2J' }] })
  expect(nul).toMatchObject({
    status: 400,
    body: {
      problems: [
        { order: 1, field: 'comments', message: 'Comments cannot contain control characters.' },
      ],
    },
  })
  const nulPhone = await send(db, { orders: [{ ...order, phone_number: '416-555-\u00000199' }] })
  expect(nulPhone.body).toEqual({
    ok: false,
    error: 'Order 1: Phone number cannot contain control characters.',
    problems: [
      {
        order: 1,
        field: 'phone_number',
        message: 'Phone number cannot contain control characters.',
      },
    ],
  })
  const comma = await send(db, {
    orders: [{ ...order, email: 'priya@example.com,victim.example' }],
  })
  expect(comma).toMatchObject({ status: 400, body: { problems: [{ order: 1, field: 'email' }] } })
  expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })

  const sent = await send(db, { orders: [{ ...order, name: 'Priya\u202E\u200B Sharma' }] })
  expect(sent.status).toBe(200)
  const row = await db.selectFrom('order_request').select('name').executeTakeFirstOrThrow()
  expect(row.name).toBe('Priya Sharma')
  const email = await db.selectFrom('outbox').select('payload').executeTakeFirstOrThrow()
  expect(JSON.parse(email.payload).replyTo).toEqual({
    name: 'Priya Sharma',
    address: 'priya@example.com',
  })
})

test('an order due today is accepted (in Toronto, whatever the server clock zone)', async () => {
  const { db } = await openTestDatabase()
  // 03:00 UTC on the 22nd is still the 21st in Toronto.
  const outcome = await receiveOrderRequests({
    request: postJson({ orders: [{ ...order, due_date: '2026-11-21' }] }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now: new Date('2026-11-22T03:00:00Z'),
  })
  expect(outcome.status).toBe(200)
})

test('an empty cart and a send of more than 100 orders are refused with clear messages', async () => {
  const { db } = await openTestDatabase()
  expect((await send(db, { orders: [] })).body).toMatchObject({
    ok: false,
    error: 'Your cart is empty.',
  })
  const tooMany = await send(db, {
    orders: Array.from({ length: 101 }, () => ({ ...order, comments: '' })),
  })
  expect(tooMany.status).toBe(400)
  expect(tooMany.body).toMatchObject({
    ok: false,
    error: 'You can send at most 100 orders at once. Please send the rest separately.',
  })
  expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })
})

test('a body over 64 KB is refused with 413 before it is parsed', async () => {
  const { db } = await openTestDatabase()
  const outcome = await send(db, { orders: [{ ...order, comments: 'x'.repeat(70 * 1024) }] })
  expect(outcome.status).toBe(413)
  expect(outcome.body).toMatchObject({ ok: false, error: expect.stringContaining('64 KB') })
  expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })
})

test('a body that is not JSON gets a 400 that a person can read', async () => {
  const { db } = await openTestDatabase()
  const outcome = await send(db, '{"orders": [')
  expect(outcome).toEqual({
    status: 400,
    body: { ok: false, error: 'We could not read your orders. Please try again.' },
  })
})

test('a filled honeypot looks like success but stores and sends nothing', async () => {
  const { db } = await openTestDatabase()
  const outcome = await send(db, { orders: [order], website: 'http://spam.example' })
  expect(outcome).toEqual({ status: 200, body: { ok: true, count: 1, links: [] } })
  expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })
})

test('the eleventh send in a minute from one address gets 429 and when to try again', async () => {
  const { db } = await openTestDatabase()
  const ip = freshIp()
  for (let i = 0; i < 10; i++) expect((await send(db, { orders: [order] }, ip)).status).toBe(200)
  const refused = await send(db, { orders: [order] }, ip)
  expect(refused.status).toBe(429)
  expect(refused.headers?.get('Retry-After')).toMatch(/^\d+$/)
  expect(refused.body).toMatchObject({
    ok: false,
    error: expect.stringMatching(
      /^You have sent a lot in the last minute\. Please try again in (\d+ seconds?|1 minute)\.$/,
    ),
  })
  expect((await countRows(db)).batches).toBe(10)
  // Another visitor is not affected.
  expect((await send(db, { orders: [order] })).status).toBe(200)
})

test('without JavaScript the form posts a single order, form-encoded', async () => {
  const { db } = await openTestDatabase()
  const body = new URLSearchParams({
    ...formFields,
    comments: '',
    website: '',
    accept_policies: 'on',
  })
  const outcome = await receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
  expect(outcome.body).toMatchObject({ ok: true, count: 1 })
  // The owner's email and the customer's confirmation.
  expect(await countRows(db)).toEqual({ batches: 1, orders: 1, emails: 2 })
})

test('a form-encoded order that is refused comes back with what was typed, to fill the form again', async () => {
  const { db } = await openTestDatabase()
  const outcome = await receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...formFields,
        email: 'not-an-address',
        website: '',
        accept_policies: 'on',
      }),
    }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
  expect(outcome.status).toBe(400)
  expect(outcome.body).toMatchObject({
    ok: false,
    problems: [{ order: 1, field: 'email' }],
    values: { ...order, email: 'not-an-address' },
  })
  expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })
  // The cart keeps its own orders: a refused JSON send does not echo them back.
  const json = await send(db, { orders: [{ ...order, email: 'not-an-address' }] })
  expect(json.body).not.toHaveProperty('values')
})

test.each(['PUT', 'PATCH', 'DELETE'])(
  '%s is not a send: 405 with Allow, nothing stored',
  async (method) => {
    const { db } = await openTestDatabase()
    const outcome = await receiveOrderRequests({
      request: new Request('http://localhost/ordernow', {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orders: [order] }),
      }),
      clientIp: freshIp(),
      db,
      siteUrl: SITE_URL,
      now: NOW,
    })
    expect(outcome.status).toBe(405)
    expect(outcome.headers?.get('Allow')).toBe('GET, HEAD, POST')
    expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })
  },
)

test.each([
  'application/json-seq',
  'text/html; x=application/json',
  'application/jsonx',
  'text/plain',
  'multipart/form-data; boundary=x',
  undefined,
])('a body sent as %s gets 415 and stores nothing', async (contentType) => {
  const { db } = await openTestDatabase()
  const outcome = await receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body: JSON.stringify({ orders: [order] }),
    }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
  expect(outcome.status).toBe(415)
  expect(outcome.body).toMatchObject({
    ok: false,
    error: expect.stringContaining('cannot be read'),
  })
  expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })
})

test('JSON with a charset, as some clients label it, is taken', async () => {
  const { db } = await openTestDatabase()
  const outcome = await receiveOrderRequests({
    request: new Request('http://localhost/ordernow.data', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ orders: [order], accept_policies: true }),
    }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
  expect(outcome.body).toMatchObject({ ok: true, count: 1 })
})

test('an order for a product the owner has taken off the menu is refused, naming it; nothing is stored', async () => {
  const { db } = await openTestDatabase()
  const cakePops = (await listProducts(db)).find((product) => product.name === 'Cake Pops')!
  await setProductActive(db, cakePops.id, false)
  const outcome = await send(db, {
    orders: [order, { ...order, product_type: 'Cake Pops' }],
    website: '',
  })
  expect(outcome.status).toBe(400)
  expect(outcome.body).toMatchObject({
    ok: false,
    problems: [
      {
        order: 2,
        field: 'product_type',
        message:
          '“Cake Pops” is not on our menu now. Please choose another treat, or Other and tell us about it.',
      },
    ],
  })
  expect(await countRows(db)).toEqual({ batches: 0, orders: 0, emails: 0 })

  await setProductActive(db, cakePops.id, true)
  expect((await send(db, { orders: [{ ...order, product_type: 'Cake Pops' }] })).status).toBe(200)
  expect((await send(db, { orders: [{ ...order, product_type: 'Other' }] })).status).toBe(200)
})
