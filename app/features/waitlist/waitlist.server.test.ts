import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { orderHold } from '#app/features/drop-orders/hold-order.server.ts'
import { dropLeft, readHold, reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { readDropPage } from '#app/features/drops/drop-pages.server.ts'
import { createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveDropPost } from './drop-post.server.ts'
import { OFFER_MINUTES, eraseWaitlistOf, offerFreedStock } from './waitlist.server.ts'

// Opens Wednesday, December 2, 2026 at noon in Toronto; its holds last ten minutes.
const OPENS = Date.parse('2026-12-02T17:00:00Z')
const MINUTE = 60_000
const SITE = 'https://butterandbloom.example'
const noCards = {
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_URL: '',
  SITE_URL: SITE,
}

async function openLoafDrop() {
  const { db } = await openTestDatabase()
  await createDrop(
    db,
    {
      slug: 'loaf-day',
      name: 'Loaf day',
      pickupDate: '2026-12-05',
      opensAt: new Date(OPENS),
      closesAt: new Date(OPENS + 48 * 60 * MINUTE),
      holdMinutes: 10,
      items: [{ name: 'Sourdough loaf', priceCents: 900, stock: 1 }],
      windows: [
        { start: '10:00', end: '11:00', capacity: 1 },
        { start: '11:00', end: '12:00', capacity: null },
      ],
    },
    new Date(OPENS - MINUTE),
  )
  const drop = (await readDrop(db, 'loaf-day'))!
  return { db, drop, loaf: drop.items[0]!.id }
}

let address = 0
function post(db: Db, fields: Record<string, string>, now: number) {
  return receiveDropPost({
    db,
    slug: 'loaf-day',
    request: new Request(`${SITE}/drops/loaf-day`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    }),
    clientIp: `198.51.100.${++address}`,
    now: new Date(now),
  })
}

function reserve(db: Db, loaf: number, email: string, now: number, claim?: string) {
  return reserveDrop(db, {
    slug: 'loaf-day',
    basket: { quantities: new Map([[loaf, 1]]), window: '11:00-12:00' },
    customer: { name: 'Shopper', email, phone: '416-555-0100' },
    now: new Date(now),
    ...(claim ? { claim } : {}),
  })
}

async function offersSent(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key'])
    .where('topic', '=', 'drop_waitlist')
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const email = JSON.parse(row.payload) as OutgoingEmail
    return { to: email.to?.address, subject: email.subject, text: email.text }
  })
}

test('a loaf freed by a hold that ran out is offered to the first waiting, once, kept for her and claimed by her alone', async () => {
  const { db, drop, loaf } = await openLoafDrop()
  const start = OPENS + MINUTE
  expect(await reserve(db, loaf, 'ada@example.com', start)).toMatchObject({ ok: true })

  // Sold out: Bea, then Cy, wait for it; Bea asking again is told she is on the list.
  const join = (email: string, now = start) =>
    post(db, { intent: 'waitlist', email, item: String(loaf) }, now)
  expect(await join('Bea@Example.com')).toEqual({
    status: 200,
    body: {
      ok: true,
      waitlist: {
        want: `item:${loaf}`,
        message: `You are on the waitlist for Sourdough loaf. If one comes free, we will email bea@example.com and keep it for you for ${OFFER_MINUTES} minutes.`,
      },
    },
  })
  expect(await join('bea@example.com')).toMatchObject({
    status: 200,
    body: { waitlist: { message: 'You are already on the waitlist for Sourdough loaf.' } },
  })
  await join('cy@example.com', start + MINUTE)
  // A pickup time with room is not waited for.
  expect(
    await post(
      db,
      { intent: 'waitlist', email: 'dee@example.com', pickup_window: '11:00-12:00' },
      start,
    ),
  ).toMatchObject({ status: 409 })

  // Ada's hold still runs: nothing to offer.
  expect(await offerFreedStock(db, { now: new Date(start + 9 * MINUTE), siteUrl: SITE })).toBe(0)
  const freed = start + 10 * MINUTE
  expect(await offerFreedStock(db, { now: new Date(freed), siteUrl: SITE })).toBe(1)
  // A second pass (another instance, a minute later) offers nothing more.
  expect(await offerFreedStock(db, { now: new Date(freed + MINUTE), siteUrl: SITE })).toBe(0)
  const sent = await offersSent(db)
  expect(sent).toEqual([
    {
      to: 'bea@example.com',
      subject: 'It came free: Sourdough loaf from Loaf day',
      text: expect.stringContaining(
        'Reserve it: https://butterandbloom.example/drops/loaf-day?claim=',
      ),
    },
  ])
  const claim = /claim=([\w-]+)/.exec(sent[0]!.text)![1]!

  // To everyone else the loaf is sold out while it is kept for Bea.
  expect((await dropLeft(db, drop, new Date(freed + MINUTE))).items[0]!.left).toBe(0)
  expect(await reserve(db, loaf, 'eve@example.com', freed + MINUTE)).toMatchObject({
    ok: false,
    status: 409,
  })
  // Her link shows it as hers, chosen for her.
  const page = (await readDropPage(db, {
    slug: 'loaf-day',
    now: new Date(freed + MINUTE),
    siteUrl: SITE,
    claim,
  }))!
  expect(page.claim).toMatchObject({ what: 'Sourdough loaf', itemId: loaf })
  expect(page.items[0]!.left).toBe(1)

  // She reserves it through the link: the kept hold gives way to hers.
  const claimed = await reserve(db, loaf, 'bea@example.com', freed + 2 * MINUTE, claim)
  expect(claimed).toMatchObject({ ok: true })
  expect((await readHold(db, claim, new Date(freed + 2 * MINUTE)))?.state).toBe('released')
  expect((await dropLeft(db, drop, new Date(freed + 2 * MINUTE))).items[0]!.left).toBe(0)
  // The link is spent: used again, it keeps nothing.
  const again = (await readDropPage(db, {
    slug: 'loaf-day',
    now: new Date(freed + 3 * MINUTE),
    siteUrl: SITE,
    claim,
  }))!
  expect(again.claim).toBe('ended')
})

test('an offer left unclaimed goes to the next waiting when its half hour is up; erasing a customer takes her off every list', async () => {
  const { db, loaf } = await openLoafDrop()
  const start = OPENS + MINUTE
  await reserve(db, loaf, 'ada@example.com', start)
  for (const email of ['bea@example.com', 'cy@example.com'])
    await post(db, { intent: 'waitlist', email, item: String(loaf) }, start)
  const freed = start + 10 * MINUTE
  expect(await offerFreedStock(db, { now: new Date(freed), siteUrl: SITE })).toBe(1)
  // Kept for Bea for the whole half hour, then Cy's.
  expect(
    await offerFreedStock(db, {
      now: new Date(freed + (OFFER_MINUTES - 1) * MINUTE),
      siteUrl: SITE,
    }),
  ).toBe(0)
  expect(
    await offerFreedStock(db, { now: new Date(freed + OFFER_MINUTES * MINUTE), siteUrl: SITE }),
  ).toBe(1)
  expect((await offersSent(db)).map((offer) => offer.to)).toEqual([
    'bea@example.com',
    'cy@example.com',
  ])

  await db.transaction().execute((trx) => eraseWaitlistOf(trx, 'CY@example.com'))
  expect(await db.selectFrom('waitlist_entry').select('email').orderBy('id').execute()).toEqual([
    { email: 'bea@example.com' },
  ])
})

test('only a live offer claims anything; an offer is never an order itself; nobody waits before the opening; one whose offer ran out may wait again', async () => {
  const { db, drop, loaf } = await openLoafDrop()
  const start = OPENS + MINUTE
  expect(
    await post(
      db,
      { intent: 'waitlist', email: 'early@example.com', item: String(loaf) },
      OPENS - MINUTE,
    ),
  ).toMatchObject({ status: 409, body: { waitlist: { message: 'This drop has not opened yet.' } } })
  const ada = await reserve(db, loaf, 'ada@example.com', start)
  if (!ada.ok) throw new Error('not held')
  // Her own hold's token is no claim: the loaf is not hers twice.
  expect(await reserve(db, loaf, 'ada@example.com', start + MINUTE, ada.token)).toMatchObject({
    ok: false,
    status: 409,
  })
  await post(db, { intent: 'waitlist', email: 'bea@example.com', item: String(loaf) }, start)
  const freed = start + 10 * MINUTE
  await offerFreedStock(db, { now: new Date(freed), siteUrl: SITE })
  const claim = /claim=([\w-]+)/.exec((await offersSent(db))[0]!.text)![1]!
  // The kept hold is claimed by reserving through its link, not ordered as it stands.
  expect(
    await orderHold(db, { token: claim, payment: 'pickup', now: freed + MINUTE, env: noCards }),
  ).toMatchObject({ ok: false, status: 409 })
  // Her half hour ran out: asking again puts her back in line, behind Cy.
  await post(
    db,
    { intent: 'waitlist', email: 'cy@example.com', item: String(loaf) },
    freed + MINUTE,
  )
  const lapsed = freed + OFFER_MINUTES * MINUTE
  // The loaf goes to Cy; then Bea asks again.
  expect(await offerFreedStock(db, { now: new Date(lapsed), siteUrl: SITE })).toBe(1)
  expect(
    await post(db, { intent: 'waitlist', email: 'bea@example.com', item: String(loaf) }, lapsed),
  ).toMatchObject({
    status: 200,
    body: { waitlist: { message: expect.stringMatching(/^You are on the waitlist/) } },
  })
  expect(
    await db
      .selectFrom('waitlist_entry')
      .select(['email', 'state'])
      .where('drop_id', '=', drop.id)
      .orderBy('id')
      .execute(),
  ).toEqual([
    { email: 'cy@example.com', state: 'offered' },
    { email: 'bea@example.com', state: 'waiting' },
  ])
})
