import { sql } from 'kysely'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { receiveQuoteAnswer } from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import {
  readCustomerProofs,
  receiveProofSend,
} from '#app/features/proof-steps/proof-steps.server.ts'
import { openTestConnection, openTestDatabase, testDatabaseKind } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { versionOf } from '#tests/support/order-book.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto.
const NOW = Date.parse('2026-11-23T20:00:00Z')
const HOUR = 60 * 60_000
const SITE = 'https://butterandbloom.example'

/** Priya sends `treats` together, each for `dates` or Saturday, December 12: their ids and her token. */
async function sendParty(treats: readonly string[], dates: readonly string[] = []) {
  const { db, location, dataDir } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(
    db,
    treats.map((product_type, index) => ({
      ...birthdayCakeOrder,
      product_type,
      due_date: dates[index] ?? birthdayCakeOrder.due_date,
    })),
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  if (!sent.ok) throw new Error('The requests could not be booked.')
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .orderBy('id')
    .execute()
  return {
    db,
    location,
    dataDir,
    ids: rows.map((row) => Number(row.id)),
    token: rows[0]!.customer_token!,
  }
}

/** The first request at $120 and each other at $45, quoted together with a $50 deposit. */
async function quoteTogether(db: Db, [first, ...others]: readonly number[]) {
  const quoted = await ownerPost(
    db,
    first!,
    {
      intent: 'quote',
      price: '120',
      deposit_kind: 'amount',
      deposit: '50',
      deposit_due: '2026-12-01',
      payment_instructions: 'Interac e-Transfer to hello@butterandbloom.ca',
      message: '',
      expires_in_days: '3',
      ...Object.fromEntries(
        others.flatMap((id) => [
          [`with_${id}`, 'yes'],
          [`line_${id}`, '45'],
        ]),
      ),
    },
    { now: NOW },
  )
  expect(quoted).toMatchObject({ status: 200 })
}

/**
 * Priya sends a cake and a dozen cupcakes for one pickup on Saturday,
 * December 12, and cookies for Sunday; all three are quoted together,
 * accepted and the deposit paid: a booked party of three.
 */
async function bookedParty() {
  const { db, location, ids, token } = await sendParty(
    ['Cake', 'Cupcakes, a dozen', 'Cookies'],
    ['2026-12-12', '2026-12-12', '2026-12-13'],
  )
  const [cake, cupcakes, cookies] = ids as [number, number, number]
  // Saturday's two are picked up together, at one time; Sunday's cookies at theirs.
  await db
    .updateTable('order_request')
    .set({ fulfilment: 'pickup', pickup_window: '10:00-12:00' })
    .where('id', 'in', ids)
    .execute()
  await quoteTogether(db, ids)
  const accepted = await receiveQuoteAnswer({
    request: new Request(`${SITE}/requests/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=accept&request=1&quote=1',
    }),
    token,
    clientIp: '198.51.100.7',
    db,
    now: NOW + HOUR,
    siteUrl: SITE,
  })
  expect(accepted.status).toBe(200)
  const paid = await ownerPost(
    db,
    cake,
    { intent: 'payment', amount: '50', received_on: '2026-11-24', method: 'e-Transfer' },
    { now: NOW + HOUR },
  )
  expect(paid.status).toBe(200)
  return { db, location, cake, cupcakes, cookies }
}

// Friday, December 11, 10 a.m.: the day before the pickup, when the owner marks it ready.
const BAKE_DAY = Date.parse('2026-12-11T15:00:00Z')

/** A post from the owner's order page of request `id`, her question answered yes. */
async function ownerPost(
  db: Db,
  id: number,
  form: Record<string, string>,
  { version, now = BAKE_DAY }: { version?: string; now?: number } = {},
) {
  return receiveOrderAction({
    request: new Request(`http://localhost/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        confirm: 'yes',
        version: version ?? (await versionOf(db, id)),
        ...form,
      }),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now,
  })
}

/** The customer's emails about her order, in the order they were queued. */
async function customerEmails(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .orderBy('id')
    .execute()
  return rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => email.replyTo === undefined)
}

/** Her "ready" emails. */
async function readyEmails(db: Db) {
  return (await customerEmails(db)).filter((email) => / is ready /.test(email.subject))
}

test('a quote for a cake and a dozen cupcakes names the order without reading as a list', async () => {
  const { db, ids } = await sendParty(['Cake', 'Cupcakes, a dozen'])
  await quoteTogether(db, ids)
  const [quote, ...more] = await customerEmails(db)
  expect(more).toEqual([])
  expect(quote!.subject).toBe(
    'A quote for your order (Cake and Cupcakes, a dozen) — Butter & Bloom Bakery',
  )
  expect(quote!.text).toContain(
    'Thank you for asking us to bake your order (Cake and Cupcakes, a dozen) for Saturday, December 12, 2026.',
  )
  expect(quote!.text).toContain('Cake: $120\nCupcakes, a dozen: $45\nTotal: $165')
})

test("a party's pickup is told it is ready once, when its last treat is, naming each treat", async () => {
  const { db, cake, cupcakes, cookies } = await bookedParty()

  // The cake alone: the cupcakes for the same pickup are not ready, so nothing is sent yet.
  const first = await ownerPost(db, cake, { intent: 'ready' })
  expect(first).toMatchObject({
    status: 200,
    body: {
      ok: true,
      message:
        'Marked ready. The customer is emailed once the rest of this pickup is ready too: Cupcakes, a dozen.',
    },
  })
  expect(await readyEmails(db)).toEqual([])

  // The cupcakes too: one email for the pickup, listing both.
  const second = await ownerPost(db, cupcakes, { intent: 'ready' })
  expect(second).toMatchObject({
    status: 200,
    body: { ok: true, message: 'Marked ready; the customer is told.' },
  })
  const [email, ...more] = await readyEmails(db)
  expect(more).toEqual([])
  expect(email!.subject).toMatch(/^Your order \(Cake and Cupcakes, a dozen\) is ready — /)
  expect(email!.text).toContain('Your order (Cake and Cupcakes, a dozen) is ready for pickup')
  expect(email!.text).toContain('Ready together:\n• Cake\n• Cupcakes, a dozen')
  // The party's money, with the party's reference (the lead's), once.
  expect(email!.text).toContain('Owed at pickup: $160')
  const lead = await db
    .selectFrom('order_request')
    .select('payment_reference')
    .where('id', '=', cake)
    .executeTakeFirstOrThrow()
  expect(email!.text).toContain(`Payment reference: ${lead.payment_reference}`)

  // Sunday's cookies are their own pickup: their own email, about them alone.
  expect((await ownerPost(db, cookies, { intent: 'ready' })).status).toBe(200)
  const all = await readyEmails(db)
  expect(all).toHaveLength(2)
  expect(all[1]!.subject).toMatch(/^Your cookies order is ready — /)
  expect(all[1]!.text).not.toContain('Ready together')
})

test('two instances marking both treats of one pickup ready at once send one email', async () => {
  const { db, location, cake, cupcakes } = await bookedParty()
  const pg = testDatabaseKind() === 'pg'
  const one = pg ? openTestConnection(location) : db
  const two = pg ? openTestConnection(location) : db
  const versions = [await versionOf(db, cake), await versionOf(db, cupcakes)]
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  // On PostgreSQL a third connection holds the party's lead, so both marks
  // start, queue up behind it and are let go together.
  const holding = pg
    ? db.transaction().execute(async (trx) => {
        await trx
          .updateTable('order_request')
          .set((eb) => ({ version: eb.ref('version') }))
          .where('id', '=', cake)
          .execute()
        await released
      })
    : Promise.resolve()
  const marks = Promise.all([
    ownerPost(one, cake, { intent: 'ready' }, { version: versions[0] }),
    ownerPost(two, cupcakes, { intent: 'ready' }, { version: versions[1] }),
  ])
  if (pg) {
    // Until both wait on the lead's lock (bounded: each look is a query, not a timer).
    for (let look = 0; look < 2_000; look++) {
      const { rows } = await sql<{ waiting: number | string }>`
        select count(*) as waiting from pg_locks where not granted`.execute(db)
      if (Number(rows[0]!.waiting) >= 2) break
    }
    release()
  }
  const results = await marks
  await holding
  for (const result of results) expect(result).toMatchObject({ status: 200, body: { ok: true } })
  const emails = await readyEmails(db)
  expect(emails).toHaveLength(1)
  expect(emails[0]!.text).toContain('Ready together:\n• Cake\n• Cupcakes, a dozen')
  if (one !== db) await one.destroy()
  if (two !== db) await two.destroy()
})

test('a proof for one treat of a party names the party in her email and on her page', async () => {
  const { db, dataDir, ids, token } = await sendParty(['Cake', 'Cupcakes, a dozen'])
  await quoteTogether(db, ids)
  const form = new FormData()
  form.set('note', 'Pink swirls, gold stars.')
  const jpeg = await photoJpeg({ width: 900, height: 600 })
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'proof.jpg')
  const sent = await receiveProofSend({
    request: new Request(`${SITE}/admin/orders/${ids[1]}?proof`, { method: 'POST', body: form }),
    db,
    store: createLocalMediaStore(dataDir),
    requestId: ids[1]!,
    siteUrl: SITE,
    now: NOW + HOUR,
  })
  expect(sent).toMatchObject({ status: 200 })
  const proof = (await customerEmails(db)).find((email) => email.subject.includes('proof'))!
  expect(proof.text).toContain(
    'A proof of a design for Saturday, December 12, 2026 is on your order’s page. In your order (Cake and Cupcakes, a dozen), this proof is for the Cupcakes, a dozen.',
  )
  const proofs = await readCustomerProofs(db, token)
  expect(proofs[2]?.about).toBe(
    'In your order (Cake and Cupcakes, a dozen), this proof is for the Cupcakes, a dozen.',
  )
})
