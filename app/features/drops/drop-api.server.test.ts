import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveReservation, serveDropCounts } from './drop-api.server.ts'
import { readHold } from './drop-holds.server.ts'
import { readDropPage } from './drop-pages.server.ts'
import { createDrop, readDrop } from './drops.server.ts'

// Opens Wednesday, December 2, 2026 at noon in Toronto (17:00 UTC).
const OPENS = new Date('2026-12-02T17:00:00Z')
const DURING = new Date('2026-12-02T17:00:30Z')

async function openBakeDrop() {
  const { db } = await openTestDatabase()
  await createDrop(
    db,
    {
      slug: 'pie-day',
      name: 'Pie day',
      pickupDate: '2026-12-05',
      opensAt: OPENS,
      closesAt: new Date('2026-12-04T17:00:00Z'),
      sections: [{ name: 'Pies', stock: 3 }],
      items: [
        { name: 'Apple pie', priceCents: 2400, stock: 3, section: 0 },
        { name: 'Pecan pie', priceCents: 2800, stock: 2, section: 0 },
      ],
      windows: [{ start: '10:00', end: '11:00', capacity: 4 }],
    },
    OPENS,
  )
  const drop = (await readDrop(db, 'pie-day'))!
  return { db, apple: drop.items[0]!.id, pecan: drop.items[1]!.id }
}

let address = 0
function post(db: Db, fields: Record<string, string>, now = DURING) {
  return receiveReservation({
    db,
    slug: 'pie-day',
    request: new Request('http://localhost/drops/pie-day', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    }),
    clientIp: `198.51.100.${++address}`,
    now,
  })
}

const customer = { name: 'Ada Okafor', email: 'ada@example.com', phone: '416-555-0100' }

test('the live counts say what is left per item and window, and when the drop opens and closes in the bakery’s time', async () => {
  const { db, apple, pecan } = await openBakeDrop()
  const before = await serveDropCounts({ db, slug: 'pie-day', now: new Date(OPENS.getTime() - 1) })
  expect(before).toEqual({
    status: 200,
    body: {
      slug: 'pie-day',
      name: 'Pie day',
      opens_at: '2026-12-02T12:00:00-05:00',
      closes_at: '2026-12-04T12:00:00-05:00',
      state: 'upcoming',
      items: [
        { id: apple, name: 'Apple pie', price_cents: 2400, left: 3 },
        { id: pecan, name: 'Pecan pie', price_cents: 2800, left: 2 },
      ],
      windows: [{ window: '10:00-11:00', left: 4 }],
    },
  })
  await post(db, {
    intent: 'reserve',
    [`qty.${pecan}`]: '2',
    pickup_window: '10:00-11:00',
    ...customer,
  })
  const during = await serveDropCounts({ db, slug: 'pie-day', now: DURING })
  expect(during.body).toMatchObject({
    state: 'open',
    items: [{ left: 1 }, { left: 0 }],
    windows: [{ window: '10:00-11:00', left: 3 }],
  })
  expect((await serveDropCounts({ db, slug: 'nope' })).status).toBe(404)
})

test('a reservation answers with its hold page’s address, and the hold is hers', async () => {
  const { db, apple } = await openBakeDrop()
  const answer = await post(db, {
    intent: 'reserve',
    [`qty.${apple}`]: '2',
    pickup_window: '10:00-11:00',
    ...customer,
    email: 'Ada@Example.com',
  })
  if (!('location' in answer)) throw new Error(`refused: ${JSON.stringify(answer)}`)
  const token = /^\/drops\/pie-day\/hold\/([\w-]{24})$/.exec(answer.location)?.[1]
  expect(token).toBeDefined()
  expect(await readHold(db, token!, DURING)).toMatchObject({
    name: 'Ada Okafor',
    email: 'ada@example.com',
    pickupWindow: '10:00-11:00',
    state: 'held',
    lines: [{ itemId: apple, quantity: 2 }],
  })
})

test('more than is left is a 409 naming what is left, and nothing is held', async () => {
  const { db, apple, pecan } = await openBakeDrop()
  const answer = await post(db, {
    intent: 'reserve',
    [`qty.${apple}`]: '2',
    [`qty.${pecan}`]: '2',
    pickup_window: '10:00-11:00',
    ...customer,
  })
  expect(answer).toEqual({
    status: 409,
    body: {
      ok: false,
      problems: ['Pies: only 3 left between them.'],
      left: {
        items: [
          { id: apple, left: 3 },
          { id: pecan, left: 2 },
        ],
        sections: [{ id: expect.any(Number), left: 3 }],
        windows: [{ window: '10:00-11:00', left: 4 }],
      },
      // What she sent comes back, for the page drawn again without JavaScript.
      values: {
        [`qty.${apple}`]: '2',
        [`qty.${pecan}`]: '2',
        pickup_window: '10:00-11:00',
        ...customer,
      },
    },
  })
  expect((await serveDropCounts({ db, slug: 'pie-day', now: DURING })).body).toMatchObject({
    items: [{ left: 3 }, { left: 2 }],
  })
})

test('a form with mistakes gets a message for each field, and nothing is held', async () => {
  const { db, apple } = await openBakeDrop()
  expect(
    await post(db, {
      intent: 'reserve',
      [`qty.${apple}`]: '-1',
      pickup_window: 'noon',
      name: '',
      email: 'not an address',
      phone: '12',
    }),
  ).toEqual({
    status: 400,
    body: {
      ok: false,
      errors: {
        items: 'Choose a number from 0 to 99 for each item.',
        pickup_window: 'Choose a pickup time.',
        name: expect.any(String),
        email: expect.any(String),
        phone: expect.any(String),
      },
      values: expect.objectContaining({ email: 'not an address', pickup_window: 'noon' }),
    },
  })
  expect(
    await post(db, {
      intent: 'reserve',
      [`qty.${apple}`]: '0',
      pickup_window: '10:00-11:00',
      ...customer,
    }),
  ).toMatchObject({ status: 400, body: { errors: { items: 'Choose at least one item.' } } })
  expect(await post(db, { intent: 'buy', ...customer })).toMatchObject({ status: 400 })
})

test('a drop that is not open yet refuses with 409 and says so', async () => {
  const { db, apple } = await openBakeDrop()
  const early = await post(
    db,
    { intent: 'reserve', [`qty.${apple}`]: '1', pickup_window: '10:00-11:00', ...customer },
    new Date(OPENS.getTime() - 1000),
  )
  expect(early).toMatchObject({ status: 409, body: { problems: ['This drop is not open yet.'] } })
})

test('the drop page says which items share a stock, and what is left of it', async () => {
  const { db, pecan } = await openBakeDrop()
  const page = () =>
    readDropPage(db, { slug: 'pie-day', now: DURING, siteUrl: 'https://example.com' })
  expect((await page())?.sections).toEqual(['Pies: 3 left between Apple pie and Pecan pie.'])
  await post(db, {
    intent: 'reserve',
    [`qty.${pecan}`]: '2',
    pickup_window: '10:00-11:00',
    ...customer,
  })
  expect((await page())?.sections).toEqual(['Pies: 1 left between Apple pie and Pecan pie.'])
})
