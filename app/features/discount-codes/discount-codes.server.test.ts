import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { priceRows } from '#app/features/order-book/update-details.ts'
import { buyNowBakery, sendBuyNow } from '#tests/support/buy-now.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { receiveCodePost } from './code-form.server.ts'
import { claimCode, listCodes } from './discount-codes.server.ts'

// Sunday, November 29, 2026, 10 in the morning in Toronto.
const NOW = Date.parse('2026-11-29T15:00:00Z')
const SITE = 'https://butterandbloom.example'

function codePost(fields: Record<string, string>) {
  return new Request(`${SITE}/admin/codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

function makeCode(db: Db, fields: Record<string, string>) {
  return receiveCodePost({ db, request: codePost({ intent: 'add', ...fields }), now: NOW })
}

/** Mina's buy-now form for a dozen cupcakes ($36) with cream cheese ($4.50), paid at pickup. */
function buyNow(db: Db, id: number, fields: Record<string, string>) {
  return sendBuyNow(db, id, {
    'option.count': 'dozen',
    'option.frosting': 'cream-cheese',
    due_date: '2026-12-18',
    fulfilment: 'pickup',
    payment: 'pickup',
    ...fields,
  })
}

test('her form makes a code from what she wrote, refuses each problem beside its field, and stops and starts it', async () => {
  const { db } = await openTestDatabase()
  expect(
    await makeCode(db, {
      code: ' spring15 ',
      kind: 'percent',
      percent: '15%',
      max_uses: '10',
      ends_on: '2026-12-24',
    }),
  ).toEqual({ status: 200, body: { ok: true, message: 'Code SPRING15 made.' } })
  const refused = await makeCode(db, {
    code: 'no',
    kind: 'amount',
    amount: '5.555',
    min_price: 'forty',
    ends_on: '2026-11-01',
    max_uses: '0',
  })
  expect(refused).toMatchObject({
    status: 400,
    body: {
      ok: false,
      errors: {
        code: 'Write the code with 3 to 24 letters, digits or dashes, like SPRING10.',
        amount: 'The amount off can be read two ways: write it as 5.55 or 5,555.',
        min_price: expect.stringContaining('The smallest order must be an amount of money'),
        ends_on: 'The last day has already passed.',
        max_uses: 'Uses in all must be a whole number of at least 1, or empty for no limit.',
      },
      values: expect.objectContaining({ code: 'no', amount: '5.555' }),
    },
  })
  expect(await makeCode(db, { code: 'Spring15', kind: 'amount', amount: '5' })).toMatchObject({
    status: 409,
    body: {
      errors: {
        code: 'You already have a code SPRING15: choose another, or start that one again.',
      },
    },
  })
  const [spring] = await listCodes(db)
  expect(spring).toMatchObject({
    code: 'SPRING15',
    kind: 'percent',
    value: 15,
    maxUses: 10,
    endsOn: '2026-12-24',
    uses: 0,
    retired: false,
  })
  const stop = await receiveCodePost({
    db,
    request: codePost({ intent: 'stop', id: String(spring!.id) }),
    now: NOW,
  })
  expect(stop).toMatchObject({
    status: 200,
    body: { message: 'Code stopped: customers can no longer use it.' },
  })
  expect((await listCodes(db))[0]!.retired).toBe(true)
  await receiveCodePost({
    db,
    request: codePost({ intent: 'start', id: String(spring!.id) }),
    now: NOW,
  })
  expect((await listCodes(db))[0]!.retired).toBe(false)
  expect(
    await receiveCodePost({ db, request: codePost({ intent: 'stop', id: '999' }), now: NOW }),
  ).toMatchObject({ status: 404 })
})

test('a treat bought now with a code: applied first, then ordered at the lower total every page reads, once per customer', async () => {
  const { db, id } = await buyNowBakery()
  await makeCode(db, { code: 'SPRING15', kind: 'percent', percent: '15', once_per_customer: 'on' })

  // Apply: the total the code makes, and nothing made; the rest of the form is hers to finish.
  const applied = await buyNow(db, id, { code: 'spring15', intent: 'apply_code', name: '' })
  expect(applied).toMatchObject({
    status: 409,
    body: {
      problems: [
        { field: 'total', message: 'Code SPRING15 takes $6.08 off: your total is $34.42.' },
      ],
      priced: {
        totalCents: 3_442,
        lines: expect.arrayContaining([{ label: 'Code SPRING15', cents: -608 }]),
      },
      appliedCode: { code: 'SPRING15', kind: 'percent', value: 15, minPriceCents: null },
    },
  })
  // The total before the code is not the one her page showed with it.
  expect(await buyNow(db, id, { code: 'SPRING15', total_cents: '4050' })).toMatchObject({
    status: 409,
  })
  const ordered = await buyNow(db, id, { code: 'SPRING15', total_cents: '3442' })
  expect(ordered).toMatchObject({ location: expect.stringMatching(/^\/requests\//) })
  const order = await db
    .selectFrom('order_request')
    .select(['id', 'status', 'discount_cents', 'discount_code'])
    .executeTakeFirstOrThrow()
  expect(order).toMatchObject({
    status: 'confirmed',
    discount_cents: 608,
    discount_code: 'SPRING15',
  })
  const money = await moneyOf(db, Number(order.id))
  expect(money).toMatchObject({ priceCents: 4_050, discount: { code: 'SPRING15', cents: 608 } })
  // Her page, her emails and the receipt list the charges by this one rule.
  expect(priceRows(money)).toEqual([
    ['Price', '$40.50'],
    ['Code SPRING15', '−$6.08'],
    ['Total', '$34.42'],
  ])
  const [owner] = await db
    .selectFrom('outbox')
    .select('payload')
    .where('payload', 'like', '%New order%')
    .execute()
  expect(owner!.payload).toContain('to pay $34.42 at pickup (Code SPRING15 took $6.08 off)')
  // Her order's timeline marks the code with the price it came off.
  const priced = await db
    .selectFrom('request_event')
    .select('note')
    .where('request_id', '=', Number(order.id))
    .where('to_status', '=', 'quoted')
    .executeTakeFirstOrThrow()
  expect(priced.note).toMatch(/ Used Code SPRING15: \$6\.08 off\.$/)

  // Once per customer, by her address in any case: refused beside the field, and no order made.
  const again = await buyNow(db, id, {
    code: 'SPRING15',
    total_cents: '3442',
    email: 'MINA@example.com',
  })
  expect(again).toMatchObject({
    status: 409,
    body: {
      problems: [
        {
          field: 'code',
          message: 'You have used the code SPRING15 already: it is once per customer.',
        },
      ],
    },
  })
  expect(await db.selectFrom('order_request').select('id').execute()).toHaveLength(1)
  expect((await listCodes(db))[0]!.uses).toBe(1)
})

test('a first-order code is refused to a customer who has ordered before, and an unknown one says so', async () => {
  const { db, id } = await buyNowBakery()
  await makeCode(db, {
    code: 'WELCOME',
    kind: 'amount',
    amount: '5',
    first_order_only: 'on',
    min_price: '40',
  })
  expect(await buyNow(db, id, { code: 'WELCOM', total_cents: '3550' })).toMatchObject({
    status: 400,
    body: {
      problems: [
        { field: 'code', message: 'We do not have a code WELCOM: check how it is spelled.' },
      ],
    },
  })
  // Under the smallest order: plain glaze makes $34.
  expect(
    await buyNow(db, id, { code: 'WELCOME', 'option.frosting': 'plain', total_cents: '3400' }),
  ).toMatchObject({
    status: 400,
    body: {
      problems: [{ field: 'code', message: 'The code WELCOME is for orders of $40 or more.' }],
    },
  })
  expect(await buyNow(db, id, { code: 'WELCOME', total_cents: '3550' })).toHaveProperty('location')
  expect(
    await buyNow(db, id, { code: 'WELCOME', total_cents: '3550', due_date: '2026-12-19' }),
  ).toMatchObject({
    status: 409,
    body: {
      problems: [
        {
          field: 'code',
          message: 'The code WELCOME is for a first order, and you have ordered with us before.',
        },
      ],
    },
  })
  expect((await listCodes(db))[0]!.uses).toBe(1)
})

test('50 orders at once for a code with 10 uses left: 10 have it, on every instance', async () => {
  const instances =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [(await openTestDatabase()).db]
  const db = instances[0]!
  await makeCode(db, { code: 'LAST10', kind: 'amount', amount: '3', max_uses: '12' })
  // Two of its uses are gone already.
  await db.updateTable('discount_code').set({ uses: 2 }).execute()
  const claims = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      instances[index % instances.length]!.transaction().execute((trx) =>
        claimCode(trx, {
          typed: 'last10',
          email: `customer${index}@example.com`,
          priceCents: 4_000,
          today: '2026-11-29',
        }),
      ),
    ),
  )
  expect(claims.filter((claim) => claim.ok)).toHaveLength(10)
  expect(claims.filter((claim) => !claim.ok)).toEqual(
    Array.from({ length: 40 }, () => ({ ok: false, message: 'The code LAST10 has been used up.' })),
  )
  expect((await listCodes(db))[0]).toMatchObject({ uses: 12, maxUses: 12 })
})
