import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { saveSetPrice } from '#app/features/menu/set-prices.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { startCardCheckout } from '#app/features/payments/card-payments.server.ts'
import { cancelUnpaidOrders } from '#app/features/set-price-orders/given-up.server.ts'
import { PAYMENT_WORD_MS } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { buyNowBakery, buyNowPost, cupcakes } from '#tests/support/buy-now.ts'
import { withFakeStripe } from '#tests/support/card-book.ts'
import { receiveBuyNow } from './buy-now-send.server.ts'

// Sunday, November 29, 2026, 10 in the morning in Toronto.
const NOW = Date.parse('2026-11-29T15:00:00Z')
const MINUTE = 60_000
const SITE = 'https://butterandbloom.example'

const noCards = {
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_URL: '',
  SITE_URL: SITE,
}

const mina = {
  name: 'Mina Park',
  email: 'mina@example.com',
  phone_number: '416-555-0134',
  hear_about_us: 'Instagram',
  accept_policies: 'on',
}

let ip = 0

function send(db: Db, id: number, fields: Record<string, string>, env = noCards, now = NOW) {
  return receiveBuyNow({
    db,
    productId: id,
    request: buyNowPost(id, { ...mina, ...fields }),
    clientIp: `203.0.113.${++ip % 250}`,
    now: new Date(now),
    env,
  })
}

async function orders(db: Db) {
  return db
    .selectFrom('order_request')
    .leftJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select([
      'order_request.id',
      'status',
      'product_type',
      'event_theme',
      'event_theme_holds',
      'due_date',
      'effort',
      'fulfilment',
      'customer_token',
      'price_cents',
      'delivery_fee_cents',
      'deposit_cents',
      'message',
    ])
    .orderBy('order_request.id')
    .execute()
}

async function queued(db: Db) {
  const rows = await db.selectFrom('outbox').select('payload').orderBy('id').execute()
  return rows.map((row) => {
    const email = JSON.parse(row.payload) as OutgoingEmail
    return { to: email.to?.address ?? 'owner', subject: email.subject, text: email.text }
  })
}

test('paid at pickup, a treat bought now is a confirmed order at the price shown, with her email and the owner’s, and nothing for the owner to do', async () => {
  const { db, id, name } = await buyNowBakery()
  const fields = {
    'option.count': 'two-dozen',
    'option.frosting': 'cream-cheese',
    'option.message': 'Happy 7th, Theo',
    due_date: '2026-12-01',
    fulfilment: 'pickup',
    payment: 'pickup',
  }
  // Without scripts, her page has shown no total yet: the answer is the total, to confirm.
  const first = await send(db, id, fields)
  expect(first).toMatchObject({
    status: 409,
    body: {
      error: 'Check your total, then order.',
      values: expect.objectContaining({ 'option.message': 'Happy 7th, Theo', name: 'Mina Park' }),
      priced: {
        totalCents: 3_600 + 3_200 + 450 + 300 + 1_000,
        quoteNeeded: false,
        lines: [
          { label: name, cents: 3_600 },
          { label: 'How many: Two dozen', cents: 3_200 },
          { label: 'Frosting: Cream cheese', cents: 450 },
          { label: 'Message on top: “Happy 7th, Theo”', cents: 300 },
          { label: 'Rush fee', cents: 1_000 },
        ],
      },
    },
  })
  expect(await orders(db)).toEqual([])

  const ordered = await send(db, id, { ...fields, total_cents: '8550' })
  const [order] = await orders(db)
  expect(ordered).toEqual({ location: `/requests/${order!.customer_token}` })
  expect(order).toMatchObject({
    status: 'confirmed',
    product_type: name,
    event_theme: 'Two dozen · Cream cheese · Message on top: “Happy 7th, Theo”',
    due_date: '2026-12-01',
    effort: 2,
    price_cents: 8_550,
    delivery_fee_cents: 0,
    deposit_cents: 0,
  })
  expect(order!.message).toContain('Rush fee $10')
  expect(await moneyOf(db, Number(order!.id))).toMatchObject({ priceCents: 8_550, paidCents: 0 })
  const emails = await queued(db)
  expect(emails.map(({ to, subject }) => ({ to, subject }))).toEqual([
    { to: 'mina@example.com', subject: expect.stringMatching(/confirmed|booked/i) },
    { to: 'owner', subject: `New order: ${name}` },
  ])
  expect(emails[1]!.text).toContain('to pay $85.50 at pickup')
})

test('a delivery keeps its fee apart on the quote, and the book’s total is what she was shown', async () => {
  const { db, id } = await buyNowBakery()
  const ordered = await send(db, id, {
    'option.count': 'dozen',
    due_date: '2026-12-18',
    fulfilment: 'delivery',
    delivery_street: '12 Elm St',
    delivery_city: 'Toronto',
    delivery_postal_code: 'm4c 1b5',
    payment: 'pickup',
    total_cents: String(3_600 + 900),
  })
  expect(ordered).toMatchObject({ location: expect.stringMatching(/^\/requests\//) })
  const [order] = await orders(db)
  expect(order).toMatchObject({
    fulfilment: 'delivery',
    price_cents: 3_600,
    delivery_fee_cents: 900,
  })
  expect(await moneyOf(db, Number(order!.id))).toMatchObject({
    priceCents: 3_600,
    deliveryFeeCents: 900,
  })
  expect((await queued(db))[1]!.text).toContain('to pay $45 on delivery')

  // Nowhere she is not delivered to.
  expect(
    await send(db, id, {
      'option.count': 'dozen',
      due_date: '2026-12-18',
      fulfilment: 'delivery',
      delivery_street: '1 Main St',
      delivery_city: 'Ottawa',
      delivery_postal_code: 'K1A 0B1',
      payment: 'pickup',
    }),
  ).toMatchObject({
    status: 400,
    body: {
      problems: [{ field: 'delivery_postal_code', message: 'We do not deliver to K1A0B1.' }],
    },
  })
})

test('every problem is named beside its field and nothing is kept', async () => {
  const { db, id } = await buyNowBakery()
  const answer = await send(db, id, {
    'option.count': 'gross',
    due_date: '2026-11-28',
    payment: 'pickup',
    accept_policies: '',
    email: 'not an email',
  })
  expect(answer).toMatchObject({ status: 400 })
  const fields = (answer as { body: { problems: { field: string }[] } }).body.problems.map(
    (problem) => problem.field,
  )
  expect(fields).toEqual(
    expect.arrayContaining(['email', 'due_date', 'option.count', 'accept_policies']),
  )
  expect(await orders(db)).toEqual([])
  // A treat not sold now is not bought now.
  await saveSetPrice(db, id, { ...cupcakes, sellsNow: false })
  expect(await send(db, id, { 'option.count': 'dozen', due_date: '2026-12-18' })).toMatchObject({
    status: 404,
  })
})

test('a choice that needs a quote is sent as a request, for the owner to price', async () => {
  const { db, id } = await buyNowBakery()
  // Like an order, it is sent once her page has said so.
  expect(await send(db, id, { 'option.count': 'hundred', due_date: '2026-12-18' })).toMatchObject({
    status: 409,
    body: {
      error: 'One of your choices needs a quote: check it, then send it for one.',
      priced: { quoteNeeded: true, totalCents: 3_600 + 21_000 },
    },
  })
  expect(await orders(db)).toEqual([])
  // A code she typed is never dropped unsaid: it is given when she accepts the quote.
  expect(
    await send(db, id, {
      'option.count': 'hundred',
      due_date: '2026-12-18',
      total_cents: String(3_600 + 21_000),
      code: 'WELCOME',
    }),
  ).toMatchObject({
    status: 400,
    body: {
      problems: [
        {
          field: 'code',
          message:
            'One of your choices needs a quote, so a code cannot come off it here: clear the code, and type it when you accept our quote.',
        },
      ],
    },
  })
  expect(await orders(db)).toEqual([])
  const sent = await send(db, id, {
    'option.count': 'hundred',
    due_date: '2026-12-18',
    total_cents: String(3_600 + 21_000),
  })
  const [order] = await orders(db)
  expect(sent).toEqual({ location: `/requests/${order!.customer_token}` })
  expect(order).toMatchObject({
    status: 'new',
    event_theme: 'A hundred',
    event_theme_holds: 'choices',
    price_cents: null,
  })
  const emails = await queued(db)
  expect(emails.map((email) => email.to)).toEqual(
    expect.arrayContaining(['owner', 'mina@example.com']),
  )
  // Both emails name what she chose as the pages do: her choices, not an event.
  for (const email of emails) {
    expect(email.text).toContain('Choices: A hundred')
    expect(email.text).not.toContain('Event/Theme')
  }
})

test('a full day is refused as a request’s is, with the next open day, and nothing is kept', async () => {
  const { db, id } = await buyNowBakery()
  await db.updateTable('weekday_capacity').set({ capacity: 2 }).execute()
  const fields = {
    'option.count': 'dozen',
    due_date: '2026-12-18',
    payment: 'pickup',
    total_cents: '3600',
  }
  expect(await send(db, id, fields)).toMatchObject({ location: expect.any(String) })
  const full = await send(db, id, { ...fields, email: 'second@example.com' })
  expect(full).toMatchObject({
    status: 409,
    body: {
      problems: [
        {
          field: 'due_date',
          message: expect.stringMatching(
            /December 18, 2026: that day is fully booked\. The next open day for it is/,
          ),
        },
      ],
    },
  })
  expect(await orders(db)).toHaveLength(1)
})

test('the same form sent twice at once (a double tap without scripts) makes one order, and both answers are hers', async () => {
  const { db, id } = await buyNowBakery()
  const fields = {
    'option.count': 'dozen',
    due_date: '2026-12-18',
    payment: 'pickup',
    total_cents: '3600',
    send_id: 'page-one-0123456789ab',
  }
  const [first, second] = await Promise.all([send(db, id, fields), send(db, id, fields)])
  const made = await orders(db)
  expect(made).toHaveLength(1)
  expect(first).toEqual({ location: `/requests/${made[0]!.customer_token}` })
  expect(second).toEqual(first)
  // One "booked" email to her, one to the owner.
  expect((await queued(db)).map((email) => email.to)).toEqual(['mina@example.com', 'owner'])

  // The page opened again is a new form, and a new order.
  expect(await send(db, id, { ...fields, send_id: 'page-two-0123456789ab' })).not.toEqual(first)
  expect(await orders(db)).toHaveLength(2)
  // A page kept by the browser, changed and sent again, asks for another order: it is made.
  const changed = await send(db, id, { ...fields, due_date: '2026-12-19' })
  expect(changed).not.toEqual(first)
  expect((await orders(db)).map((order) => order.due_date)).toEqual([
    '2026-12-18',
    '2026-12-18',
    '2026-12-19',
  ])
})

test('by card, the order waits for Stripe at the price shown; paid, it is confirmed; never paid, it is cancelled and its day is free again', async () => {
  const { db, id } = await buyNowBakery({ ...cupcakes, payAtPickup: false })
  const clock = { now: NOW }
  const { env, fake } = await withFakeStripe(db, clock)
  await db.updateTable('weekday_capacity').set({ capacity: 4 }).execute()
  const fields = { 'option.count': 'dozen', due_date: '2026-12-18', total_cents: '3600' }
  // This treat is paid by card when ordered.
  expect(await send(db, id, { ...fields, payment: 'pickup' }, env)).toMatchObject({
    status: 400,
    body: {
      problems: [{ field: 'payment', message: 'This treat is paid by card when you order.' }],
    },
  })
  const paid = await send(db, id, { ...fields, payment: 'card' }, env)
  const session = [...fake.sessions.values()].at(-1)!
  expect(paid).toEqual({ location: session.url })
  expect(Object.fromEntries(fake.received.at(-1)!.form)).toMatchObject({
    'line_items[0][price_data][unit_amount]': '3600',
    expires_at: String(Math.floor((NOW + 31 * MINUTE) / 1000)),
  })
  expect((await orders(db))[0]).toMatchObject({ status: 'quoted', deposit_cents: 3_600 })
  clock.now += 5 * MINUTE
  expect(await fake.pay(session.id)).toBe(200)
  expect((await orders(db))[0]).toMatchObject({ status: 'confirmed' })
  expect(await cancelUnpaidOrders(db, NOW + 60 * MINUTE)).toBe(0)

  // A second customer leaves Stripe's page: her order holds the day's last room until it is given up.
  clock.now = NOW
  expect(
    await send(db, id, { ...fields, payment: 'card', email: 'left@example.com' }, env),
  ).toMatchObject({ location: expect.stringContaining(fake.url) })
  expect(
    await send(db, id, { ...fields, payment: 'card', email: 'third@example.com' }, env),
  ).toMatchObject({ status: 409 })
  const givenUp = NOW + 31 * MINUTE + PAYMENT_WORD_MS
  expect(await cancelUnpaidOrders(db, givenUp - 1)).toBe(0)
  expect(await cancelUnpaidOrders(db, givenUp)).toBe(1)
  expect((await orders(db))[1]).toMatchObject({ status: 'cancelled' })
  expect(
    await send(db, id, { ...fields, payment: 'card', email: 'third@example.com' }, env, givenUp),
  ).toMatchObject({ location: expect.stringContaining(fake.url) })
})

test('back from Stripe’s page unpaid, she pays from her order’s page: “Pay now”, a session that ends in time, and her order kept while she pays', async () => {
  const { db, id } = await buyNowBakery({ ...cupcakes, payAtPickup: false })
  const clock = { now: NOW }
  const { env, fake } = await withFakeStripe(db, clock)
  const fields = { 'option.count': 'dozen', due_date: '2026-12-18', total_cents: '3600' }
  await send(db, id, { ...fields, payment: 'card' }, env)
  const [order] = await orders(db)
  const token = order!.customer_token!

  // Twenty-five minutes later, from her page: too little time is left for a session of its own,
  // so her order waits for her a little longer.
  const later = NOW + 25 * MINUTE
  const again = await startCardCheckout({
    request: new Request(`${SITE}/requests/${token}?checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: '1', kind: 'deposit', amount: '3600' }).toString(),
    }),
    token,
    clientIp: '198.51.100.7',
    db,
    env,
    now: later,
  })
  const session = [...fake.sessions.values()].at(-1)!
  expect(again).toEqual({ redirect: session.url })
  expect(Object.fromEntries(fake.received.at(-1)!.form)).toMatchObject({
    'line_items[0][price_data][unit_amount]': '3600',
    expires_at: String(Math.floor((later + 31 * MINUTE) / 1000)),
    success_url: `${SITE}/requests/${token}?paid=full`,
  })
  // Not given up at its first time: it is now kept until this session's end and Stripe's word.
  expect(await cancelUnpaidOrders(db, NOW + 31 * MINUTE + PAYMENT_WORD_MS)).toBe(0)
  clock.now = later + 5 * MINUTE
  expect(await fake.pay(session.id)).toBe(200)
  expect((await orders(db))[0]).toMatchObject({ status: 'confirmed' })
  expect(await cancelUnpaidOrders(db, later + 2 * 60 * MINUTE)).toBe(0)
})

test('a total smaller than a card can pay is paid at pickup, even for a treat paid by card, and Stripe is never asked', async () => {
  const { db, id } = await buyNowBakery({ ...cupcakes, basePriceCents: 40, payAtPickup: false })
  const { env, fake } = await withFakeStripe(db, { now: NOW })
  const fields = { 'option.count': 'dozen', due_date: '2026-12-18', total_cents: '40' }
  expect(await send(db, id, { ...fields, payment: 'card' }, env)).toMatchObject({
    status: 400,
    body: {
      problems: [
        {
          field: 'payment',
          message: 'Card payments start at $0.50: please choose to pay at pickup.',
        },
      ],
    },
  })
  const booked = await send(db, id, { ...fields, payment: 'pickup' }, env)
  const [order] = await orders(db)
  expect(booked).toEqual({ location: `/requests/${order!.customer_token}` })
  expect(order).toMatchObject({ status: 'confirmed', price_cents: 40, deposit_cents: 0 })
  expect(fake.received).toEqual([])
})
