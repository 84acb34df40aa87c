import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import {
  MAX_EXTENSIONS,
  dropLeft,
  extendHold,
  readHold,
  releaseHold,
  reserveDrop,
} from './drop-holds.server.ts'
import { type DropInput, createDrop, readDrop } from './drops.server.ts'

// Saturday's bake opens on Wednesday at noon, Toronto time, for two days.
const OPENS = new Date('2026-12-02T17:00:00Z')
const CLOSES = new Date('2026-12-04T17:00:00Z')
const DURING = new Date(OPENS.getTime() + 60_000)
const MINUTE = 60_000

const saturday: DropInput = {
  slug: 'saturday-bake',
  name: 'Saturday bake',
  pickupDate: '2026-12-05',
  opensAt: OPENS,
  closesAt: CLOSES,
  holdMinutes: 10,
  items: [
    { name: 'Sourdough loaf', priceCents: 900, stock: 10 },
    { name: 'Cinnamon buns (6)', priceCents: 1800, stock: 1, perCustomerLimit: 1 },
  ],
  windows: [
    { start: '10:00', end: '11:00', capacity: null },
    { start: '11:00', end: '12:00', capacity: 1 },
  ],
}

async function openDrop(db: Db, input: DropInput = saturday) {
  await createDrop(db, input, new Date('2026-11-29T12:00:00Z'))
  const drop = (await readDrop(db, input.slug))!
  const [loaf, buns] = drop.items.map((item) => item.id)
  return { drop, loaf: loaf!, buns: buns! }
}

/**
 * Two instances of the site on one PostgreSQL database; on SQLite the site
 * is one process with one connection, which every request shares.
 */
async function instances(): Promise<[Db, Db]> {
  if (testDatabaseKind() === 'pg') return openTwoInstances()
  const { db } = await openTestDatabase()
  return [db, db]
}

let shopper = 0
function reserve(
  db: Db,
  quantities: [number, number][],
  { now = DURING, window = '10:00-11:00', email = `shopper${++shopper}@example.com` } = {},
) {
  return reserveDrop(db, {
    slug: saturday.slug,
    basket: { quantities: new Map(quantities), window },
    customer: { name: 'Shopper', email, phone: '416-555-0100' },
    now,
  })
}

test('50 shoppers at once for 10 loaves (on two instances with PostgreSQL): exactly 10 are held, 40 told what is left', async () => {
  const [one, two] = await instances()
  const { drop, loaf } = await openDrop(one)
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, index) => reserve(index % 2 ? two : one, [[loaf, 1]])),
  )
  const held = results.filter((result) => result.ok)
  const refused = results.filter((result) => !result.ok)
  expect(held).toHaveLength(10)
  expect(refused).toHaveLength(40)
  for (const result of refused) {
    expect(result).toMatchObject({ status: 409, problems: ['Sourdough loaf is sold out.'] })
    expect(!result.ok && result.left?.items[0]).toEqual({ id: loaf, left: 0 })
  }
  expect((await dropLeft(two, drop, DURING)).items[0]).toEqual({ id: loaf, left: 0 })
})

test('a drop takes orders from its opening millisecond until its closing one', async () => {
  const { db } = await openTestDatabase()
  const { loaf } = await openDrop(db)
  const justBefore = new Date(OPENS.getTime() - 1)
  expect(await reserve(db, [[loaf, 1]], { now: justBefore })).toEqual({
    ok: false,
    status: 409,
    problems: ['This drop is not open yet.'],
  })
  expect(await reserve(db, [[loaf, 1]], { now: OPENS })).toMatchObject({ ok: true })
  expect(await reserve(db, [[loaf, 1]], { now: CLOSES })).toMatchObject({
    problems: ['This drop has closed.'],
  })
})

test('a hold that runs out gives its stock back at that moment, with nothing run first', async () => {
  const { db } = await openTestDatabase()
  const { buns } = await openDrop(db)
  const first = await reserve(db, [[buns, 1]])
  expect(first).toMatchObject({ ok: true, expiresAt: DURING.getTime() + 10 * MINUTE })
  expect(await reserve(db, [[buns, 1]])).toMatchObject({
    problems: ['Cinnamon buns (6) is sold out.'],
  })
  const lastMoment = new Date(DURING.getTime() + 10 * MINUTE - 1)
  expect(await reserve(db, [[buns, 1]], { now: lastMoment })).toMatchObject({ ok: false })
  const ended = new Date(DURING.getTime() + 10 * MINUTE)
  expect(await reserve(db, [[buns, 1]], { now: ended })).toMatchObject({ ok: true })
  expect((await readHold(db, first.ok ? first.token : '', ended))?.state).toBe('expired')
})

test('a hold let go puts its stock back at once', async () => {
  const { db } = await openTestDatabase()
  const { buns } = await openDrop(db)
  const held = await reserve(db, [[buns, 1]])
  if (!held.ok) throw new Error('not held')
  expect(await releaseHold(db, held.token, DURING)).toBe(true)
  expect(await releaseHold(db, held.token, DURING)).toBe(false)
  expect(await reserve(db, [[buns, 1]])).toMatchObject({ ok: true })
})

test('extending gives the whole hold time again, a limited number of times, and never to an ended hold', async () => {
  const { db } = await openTestDatabase()
  const { loaf } = await openDrop(db)
  const held = await reserve(db, [[loaf, 2]])
  if (!held.ok) throw new Error('not held')
  let now = DURING
  for (let extension = 1; extension <= MAX_EXTENSIONS; extension++) {
    now = new Date(now.getTime() + 8 * MINUTE)
    expect(await extendHold(db, { token: held.token, seen: extension - 1, now })).toEqual({
      ok: true,
      expiresAt: now.getTime() + 10 * MINUTE,
    })
  }
  now = new Date(now.getTime() + 8 * MINUTE)
  expect(await extendHold(db, { token: held.token, seen: MAX_EXTENSIONS, now })).toEqual({
    ok: false,
    status: 409,
    problem: 'This hold cannot be made longer again.',
  })
  const after = new Date(now.getTime() + 2 * MINUTE)
  expect((await readHold(db, held.token, after))?.state).toBe('expired')
  const other = await reserve(db, [[loaf, 1]])
  if (!other.ok) throw new Error('not held')
  const ended = new Date(DURING.getTime() + 10 * MINUTE)
  expect(await extendHold(db, { token: other.token, seen: 0, now: ended })).toMatchObject({
    ok: false,
    problem: 'This hold has ended and its items went back on sale.',
  })
  expect(await extendHold(db, { token: 'no-such-token', seen: 0, now: DURING })).toMatchObject({
    status: 404,
  })
})

test('the same "more time" tap twice at once (on two instances with PostgreSQL) extends the hold once, and both get its new end', async () => {
  const [one, two] = await instances()
  const { loaf } = await openDrop(one)
  const held = await reserve(one, [[loaf, 1]])
  if (!held.ok) throw new Error('not held')
  const later = new Date(DURING.getTime() + 5 * MINUTE)
  const tap = (db: Db) => extendHold(db, { token: held.token, seen: 0, now: later })
  const answers = await Promise.all([tap(one), tap(two)])
  const end = later.getTime() + 10 * MINUTE
  expect(answers).toEqual([
    { ok: true, expiresAt: end },
    { ok: true, expiresAt: end },
  ])
  expect(await readHold(one, held.token, later)).toMatchObject({ extensions: 1, expiresAt: end })
})

test('a per-customer limit counts her earlier holds, whatever the case of her address', async () => {
  const { db } = await openTestDatabase()
  const { loaf: buns } = await openDrop(db, {
    ...saturday,
    items: [{ name: 'Cinnamon buns (6)', priceCents: 1800, stock: 5, perCustomerLimit: 1 }],
  })
  expect(await reserve(db, [[buns, 1]], { email: 'ada@example.com' })).toMatchObject({ ok: true })
  // A minute later: the same basket at once would be the same send (one hold).
  const later = new Date(DURING.getTime() + MINUTE)
  expect(await reserve(db, [[buns, 1]], { email: ' Ada@Example.com', now: later })).toMatchObject({
    status: 409,
    problems: ['Cinnamon buns (6): at most 1 per customer, and you have 1 already.'],
  })
})

test('a window with a cap takes that many holds', async () => {
  const { db } = await openTestDatabase()
  const { loaf } = await openDrop(db)
  expect(await reserve(db, [[loaf, 1]], { window: '11:00-12:00' })).toMatchObject({ ok: true })
  const full = await reserve(db, [[loaf, 1]], { window: '11:00-12:00' })
  expect(full).toMatchObject({ ok: false, status: 409 })
  expect(!full.ok && full.left?.windows).toEqual([
    { window: '10:00-11:00', left: null },
    { window: '11:00-12:00', left: 0 },
  ])
})

test('a drop that does not exist is a 404', async () => {
  const { db } = await openTestDatabase()
  expect(await reserve(db, [[1, 1]])).toMatchObject({ ok: false, status: 404 })
})

test('stock the owner raises is on sale at once, on every instance, though the drop was read before', async () => {
  const [one, two] = await instances()
  const { buns } = await openDrop(one)
  expect(await reserve(two, [[buns, 1]])).toMatchObject({ ok: true })
  expect(await reserve(two, [[buns, 1]])).toMatchObject({
    problems: ['Cinnamon buns (6) is sold out.'],
  })
  await one.updateTable('drop_item').set({ stock: 2 }).where('id', '=', buns).execute()
  expect(await reserve(two, [[buns, 1]])).toMatchObject({ ok: true })
})

test('the same basket sent twice by the same customer (a double tap, a form sent again) is one hold', async () => {
  const [one, two] = await instances()
  const { drop, loaf } = await openDrop(one)
  const email = 'double@example.com'
  const [first, second] = await Promise.all([
    reserve(one, [[loaf, 2]], { email }),
    reserve(two, [[loaf, 2]], { email, now: new Date(DURING.getTime() + 1_000) }),
  ])
  expect(first).toMatchObject({ ok: true })
  expect(second).toEqual(first)
  expect((await dropLeft(one, drop, new Date(DURING.getTime() + 2_000))).items[0]).toEqual({
    id: loaf,
    left: 8,
  })
  // Another basket, or the same one much later, is a hold of its own.
  const other = await reserve(one, [[loaf, 1]], { email, now: new Date(DURING.getTime() + 3_000) })
  expect(other.ok && first.ok && other.token !== first.token).toBe(true)

  // The last box of buns, one to a customer: the tap again finds her hold, not a refusal.
  const buns = await reserve(one, [[drop.items[1]!.id, 1]], { email: 'buns@example.com' })
  const again = await reserve(two, [[drop.items[1]!.id, 1]], {
    email: 'buns@example.com',
    now: new Date(DURING.getTime() + 5_000),
  })
  expect(buns).toMatchObject({ ok: true })
  expect(again).toEqual(buns)
})
