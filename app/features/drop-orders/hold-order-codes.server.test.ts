import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { receiveCodePost } from '#app/features/discount-codes/code-form.server.ts'
import { listCodes } from '#app/features/discount-codes/discount-codes.server.ts'
import { reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { type DropInput, createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { cancelUnpaidOrders } from '#app/features/set-price-orders/given-up.server.ts'
import { PAYMENT_WORD_MS } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { withFakeStripe } from '#tests/support/card-book.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { readHoldOrderPage } from './hold-order-page.server.ts'
import { orderHold } from './hold-order.server.ts'

// Saturday's bake opens on Wednesday at noon, Toronto time.
const OPENS = Date.parse('2026-12-02T17:00:00Z')
const MINUTE = 60_000
const SITE = 'https://butterandbloom.example'

const saturday: DropInput = {
  slug: 'saturday-bake',
  name: 'Saturday bake',
  pickupDate: '2026-12-05',
  opensAt: new Date(OPENS),
  closesAt: new Date(OPENS + 48 * 60 * MINUTE),
  holdMinutes: 10,
  payAtPickup: true,
  items: [{ name: 'Cinnamon buns (6)', priceCents: 1_850, stock: 5 }],
  windows: [{ start: '10:00', end: '11:00', capacity: null }],
}

async function openDrop() {
  const { db } = await openTestDatabase()
  await createDrop(db, saturday, new Date(OPENS - 24 * 60 * MINUTE))
  const drop = (await readDrop(db, saturday.slug))!
  return { db, buns: drop.items[0]!.id, now: OPENS + MINUTE }
}

async function hold(db: Db, buns: number, count: number, now: number, email: string) {
  const held = await reserveDrop(db, {
    slug: saturday.slug,
    basket: { quantities: new Map([[buns, count]]), window: '10:00-11:00' },
    customer: { name: 'Mina Park', email, phone: '416-555-0134' },
    now: new Date(now),
  })
  if (!held.ok) throw new Error(held.problems.join(' '))
  return held.token
}

async function makeCode(db: Db, fields: Record<string, string>) {
  const request = new Request(`${SITE}/admin/codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'add', ...fields }).toString(),
  })
  await receiveCodePost({ db, request, now: OPENS - MINUTE })
}

test('a code applied on the hold’s page is the total shown, charged by card and kept on the order', async () => {
  const { db, buns, now } = await openDrop()
  await makeCode(db, { code: 'BUNS10', kind: 'percent', percent: '10' })
  const { env, fake } = await withFakeStripe(db, { now })
  const token = await hold(db, buns, 2, now, 'mina@example.com')

  const page = await readHoldOrderPage(db, {
    slug: saturday.slug,
    token,
    now: new Date(now),
    code: ' buns10',
  })
  // 10% of $37: $3.70 off, $33.30 to pay.
  expect(page?.code).toEqual({
    typed: 'buns10',
    applied: {
      code: 'BUNS10',
      line: 'Code BUNS10',
      off: '$3.70',
      offCents: 370,
    },
    error: null,
  })
  expect(page?.orderTotal).toBe('$33.30')
  expect(page?.hold.charges).toEqual([{ label: 'Code BUNS10', amount: '−$3.70' }])
  const wrong = await readHoldOrderPage(db, {
    slug: saturday.slug,
    token,
    now: new Date(now),
    code: 'BUNS',
  })
  expect(wrong?.code?.error).toBe('We do not have a code BUNS: check how it is spelled.')

  const ordered = await orderHold(db, {
    token,
    payment: 'card',
    now,
    env,
    code: 'BUNS10',
    shownCents: 3_700,
  })
  expect(ordered).toMatchObject({ ok: true })
  expect(fake.received.at(-1)!.form.get('line_items[0][price_data][unit_amount]')).toBe('3330')
  const order = await db.selectFrom('order_request').select('id').executeTakeFirstOrThrow()
  expect(await moneyOf(db, Number(order.id))).toMatchObject({
    priceCents: 3_700,
    depositCents: 3_330,
    discount: { code: 'BUNS10', cents: 370 },
  })

  // Never paid: the order is given up, and the code's use comes back with its stock.
  expect((await listCodes(db))[0]!.uses).toBe(1)
  expect(await cancelUnpaidOrders(db, now + 31 * MINUTE + PAYMENT_WORD_MS)).toBe(1)
  expect((await listCodes(db))[0]!.uses).toBe(0)
})

test('a code used up meanwhile refuses the order and leaves her hold as it was', async () => {
  const { db, buns, now } = await openDrop()
  await makeCode(db, { code: 'ONE', kind: 'amount', amount: '5', max_uses: '1' })
  const noCards = {
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
    SITE_URL: SITE,
  }
  const first = await hold(db, buns, 1, now, 'ana@example.com')
  const second = await hold(db, buns, 1, now, 'ben@example.com')
  const order = (token: string) =>
    orderHold(db, { token, payment: 'pickup', now, env: noCards, code: 'ONE', shownCents: 1_850 })

  expect(await order(first)).toMatchObject({ ok: true })
  expect(await order(second)).toEqual({
    ok: false,
    status: 409,
    message: 'The code ONE has been used up.',
  })
  // Her hold is still hers, and orders without the code.
  const held = await db
    .selectFrom('drop_hold')
    .select('state')
    .where('token', '=', second)
    .executeTakeFirstOrThrow()
  expect(held.state).toBe('held')
  expect(
    await orderHold(db, { token: second, payment: 'pickup', now, env: noCards, shownCents: 1_850 }),
  ).toMatchObject({ ok: true })
  expect(
    await db.selectFrom('order_request').select('discount_cents').orderBy('id').execute(),
  ).toEqual([{ discount_cents: 500 }, { discount_cents: 0 }])
})

test('a code that leaves less than a card payment can be is refused before the order is made, with her hold kept', async () => {
  const { db, buns, now } = await openDrop()
  await makeCode(db, { code: 'ALMOST', kind: 'amount', amount: '18.50' })
  const { env, fake } = await withFakeStripe(db, { now })
  const token = await hold(db, buns, 1, now, 'mina@example.com')
  // $18.50 less $18.50: nothing left to charge; by card that cannot be paid.
  const page = await readHoldOrderPage(db, {
    slug: saturday.slug,
    token,
    now: new Date(now),
    code: 'ALMOST',
  })
  expect(page?.payments).toEqual(['pickup'])
  const card = await orderHold(db, {
    token,
    payment: 'card',
    now,
    env,
    code: 'ALMOST',
    shownCents: 1_850,
  })
  expect(card).toEqual({
    ok: false,
    status: 409,
    message: 'Card payments start at $0.50: please choose to pay at pickup.',
  })
  expect(fake.received).toEqual([])
  expect((await listCodes(db))[0]!.uses).toBe(0)
  const held = await db
    .selectFrom('drop_hold')
    .select('state')
    .where('token', '=', token)
    .executeTakeFirstOrThrow()
  expect(held.state).toBe('held')
  expect(await db.selectFrom('order_request').select('id').execute()).toEqual([])
  // At pickup it is booked at nothing to pay.
  expect(
    await orderHold(db, { token, payment: 'pickup', now, env, code: 'ALMOST', shownCents: 1_850 }),
  ).toMatchObject({ ok: true })
})
