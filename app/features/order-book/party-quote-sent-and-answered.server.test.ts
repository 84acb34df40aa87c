/**
 * A party's requests quoted as one and answered as one: the quote drawn up
 * from one member's page and sent in one email, the requests it refuses, her
 * decline or the quote's lapse closing every member, the owner's news of her
 * acceptance, and answers that race each other or the owner's change.
 */
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { expireQuotesAndTell } from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { totalOf } from '#app/features/order-status/money-owed.ts'
import { openTestConnection, testDatabaseKind } from '#tests/support/database.ts'
import { versionOf } from '#tests/support/order-book.ts'
import {
  DAY,
  HOUR,
  NOW,
  QUOTE,
  SITE,
  answer,
  bookedPartyOfThree,
  customerEmails,
  openParty,
  ownerPost,
  quoteCakeAndCupcakes,
  statuses,
} from '#tests/support/party-quote.ts'
import { moneyOf } from './money.server.ts'

test('two requests of one send are quoted as one: one email lists both lines and one total', async () => {
  const { db, cake, cupcakes, cookies } = await openParty()
  const sent = await quoteCakeAndCupcakes(db, { cake, cupcakes })
  expect(sent).toMatchObject({ status: 200, body: { ok: true } })
  expect(await statuses(db, [cake, cupcakes, cookies])).toEqual(['quoted', 'quoted', 'new'])

  const emails = await customerEmails(db)
  expect(emails).toHaveLength(1)
  const [email] = emails
  expect(email!.subject).toContain('Cakes and Cupcakes')
  expect(email!.text).toContain('Cakes: $120')
  expect(email!.text).toContain('Cupcakes: $45')
  expect(email!.text).toContain('Total: $165')
  expect(email!.text).toContain('Deposit: $50, due by')

  // The party's money is the lines' sum, whichever member it is read from.
  for (const id of [cake, cupcakes]) {
    const money = await moneyOf(db, id)
    expect(totalOf(money)).toBe(16_500)
    expect(money.depositCents).toBe(5_000)
    expect(money.lines).toEqual([
      { label: 'Cakes', cents: 12_000 },
      { label: 'Cupcakes', cents: 4_500 },
    ])
  }
  // The owner's page of either member shows the party, and links the other.
  const detail = (await readOrderDetail(db, cupcakes))!
  expect(detail.party?.members.map((member) => [member.productType, member.lineCents])).toEqual([
    ['Cakes', 12_000],
    ['Cupcakes', 4_500],
  ])
  expect(detail.money).toMatchObject({ depositOwed: 5_000, balanceOwed: 11_500, stillOwed: 16_500 })
  // The cookies, not ticked, wait for their own quote, and may still join.
  const cookiesChoice = detail.partyChoices.find((choice) => choice.id === cookies)
  expect(cookiesChoice).toMatchObject({ inParty: false, refused: null })
})

test('declining, or letting the quote lapse, closes every member with one email', async () => {
  const declined = await openParty()
  await quoteCakeAndCupcakes(declined.db, declined)
  expect(
    await answer(declined.db, declined.token, 'intent=decline&request=1&quote=1'),
  ).toMatchObject({ status: 200, body: { ok: true, outcome: 'declined' } })
  expect(await statuses(declined.db, [declined.cake, declined.cupcakes])).toEqual([
    'declined',
    'declined',
  ])

  const lapsed = await openParty()
  await quoteCakeAndCupcakes(lapsed.db, lapsed)
  const expired = await expireQuotesAndTell(lapsed.db, { now: NOW + 4 * DAY, siteUrl: SITE })
  expect(expired).toEqual([lapsed.cake])
  expect(await statuses(lapsed.db, [lapsed.cake, lapsed.cupcakes])).toEqual(['expired', 'expired'])
  const told = (await customerEmails(lapsed.db)).filter((email) =>
    email.subject.includes('expired'),
  )
  expect(told).toHaveLength(1)
  // Run again: nothing moves, nothing more is sent.
  expect(await expireQuotesAndTell(lapsed.db, { now: NOW + 5 * DAY, siteUrl: SITE })).toEqual([])

  // The owner's cancel from one member's page calls off the whole party.
  const called = await openParty()
  await quoteCakeAndCupcakes(called.db, called)
  expect(
    await ownerPost(called.db, called.cupcakes, { intent: 'cancel', note: 'Party moved.' }),
  ).toMatchObject({ status: 200, body: { ok: true } })
  expect(await statuses(called.db, [called.cake, called.cupcakes])).toEqual([
    'cancelled',
    'cancelled',
  ])
})

test('two pages accepting the party at once: one answer wins', async () => {
  const { db, location, cake, cupcakes, token } = await openParty()
  await quoteCakeAndCupcakes(db, { cake, cupcakes })
  // Two instances on PostgreSQL; SQLite runs one writer at a time.
  const other = testDatabaseKind() === 'pg' ? openTestConnection(location) : db
  const answers = await Promise.all([
    answer(db, token, 'intent=accept&request=1&quote=1'),
    answer(other, token, 'intent=accept&request=2&quote=1'),
    answer(other, token, 'intent=decline&request=2&quote=1'),
  ])
  expect(answers.filter((result) => result.status === 200)).toHaveLength(1)
  expect(answers.filter((result) => result.status === 409)).toHaveLength(2)
  const statusesNow = await statuses(db, [cake, cupcakes])
  expect(new Set(statusesNow).size).toBe(1)
  const ownerNews = await db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', 'request_update')
    .execute()
  expect(ownerNews).toHaveLength(2)
  if (other !== db) await other.destroy()
})

test('a request from another send, or one quoted on its own, is refused with a sentence', async () => {
  const { db, cake, cupcakes, cookies, samCake } = await openParty()
  const foreign = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${samCake}`]: 'yes',
    [`line_${samCake}`]: '45',
  })
  expect(foreign).toMatchObject({
    status: 400,
    body: { ok: false, error: expect.stringContaining('sent together') },
  })
  // Quoting separately still works as before.
  expect(await ownerPost(db, cookies, { ...QUOTE, price: '30', deposit: '' })).toMatchObject({
    status: 200,
  })
  expect((await moneyOf(db, cookies)).lines).toBeUndefined()
  const quotedAlone = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${cookies}`]: 'yes',
    [`line_${cookies}`]: '30',
  })
  expect(quotedAlone).toMatchObject({
    status: 409,
    body: {
      error:
        'The Cookies request is already quoted on its own. Quote it separately, or decline it first.',
    },
  })
  // A price it cannot read is the field's error; nothing is written.
  const unread = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${cupcakes}`]: 'yes',
    [`line_${cupcakes}`]: 'lots',
  })
  expect(unread).toMatchObject({
    status: 400,
    body: { fieldErrors: { [`line_${cupcakes}`]: expect.any(String) } },
  })
  // A deposit more than the party's total is refused.
  const tooMuch = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    deposit: '200',
    [`with_${cupcakes}`]: 'yes',
    [`line_${cupcakes}`]: '45',
  })
  expect(tooMuch).toMatchObject({
    status: 400,
    body: { fieldErrors: { deposit: 'The deposit cannot be more than the party’s total.' } },
  })
  expect(await statuses(db, [cake, cupcakes])).toEqual(['new', 'new'])
  // A party re-quoted must keep its members: leaving one out is refused.
  await quoteCakeAndCupcakes(db, { cake, cupcakes })
  const leftOut = await ownerPost(db, cake, { ...QUOTE, price: '130' })
  expect(leftOut).toMatchObject({ status: 409 })
  expect(totalOf(await moneyOf(db, cake))).toBe(16_500)
})

test("the owner's news of a party's answer names every line, its date and price", async () => {
  const { db } = await bookedPartyOfThree()
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .orderBy('id')
    .execute()
  const news = rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => / accepted the quote for /.test(email.subject))
  expect(news).toHaveLength(1)
  expect(news[0]!.subject).toMatch(/accepted the quote for Cakes, Cupcakes and Cookies$/)
  expect(news[0]!.text).toContain('1. Cakes: Saturday, December 12, 2026, $120')
  expect(news[0]!.text).toContain('2. Cupcakes: Sunday, December 13, 2026, $45')
  expect(news[0]!.text).toContain('3. Cookies: Sunday, December 13, 2026, $30')
  expect(news[0]!.text).toContain('Total: $195')
})

test("the owner's change on a member and the customer's answer, forced to meet, go in turn: one outcome", async () => {
  const { db, location, cake, cupcakes, token } = await openParty()
  await quoteCakeAndCupcakes(db, { cake, cupcakes })
  const pg = testDatabaseKind() === 'pg'
  const owner = pg ? openTestConnection(location) : db
  const customer = pg ? openTestConnection(location) : db
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  // On PostgreSQL a third instance holds the lead's row, so both changes start, queue up
  // behind it and are let go together: the owner's must not hold the member meanwhile,
  // or the answer (lead, then members) and the cancel (member, then lead) would deadlock.
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
  const ownerVersion = await versionOf(db, cupcakes)
  const changes = Promise.all([
    receiveOrderAction({
      request: new Request(`http://localhost/admin/orders/${cupcakes}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'cancel',
          note: '',
          confirm: 'yes',
          version: ownerVersion,
        }),
      }),
      db: owner,
      requestId: cupcakes,
      siteUrl: SITE,
      now: NOW + HOUR,
    }),
    answer(customer, token, 'intent=accept&request=1&quote=1'),
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
  const [cancelled, accepted] = await changes
  await holding
  // Both settle (no deadlock, no 500): each went through or was refused with a sentence.
  for (const result of [cancelled, accepted]) expect([200, 409]).toContain(result.status)
  const after = await statuses(db, [cake, cupcakes])
  // One outcome for the whole party.
  expect(new Set(after).size).toBe(1)
  if (cancelled.status === 200) expect(after[0]).toBe('cancelled')
  else expect(accepted.status).toBe(200)
  if (owner !== db) await owner.destroy()
  if (customer !== db) await customer.destroy()
})
