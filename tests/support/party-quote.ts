/**
 * Priya's party, for the party quote's tests: her cake, cupcakes and cookies
 * sent together beside Sam's cake, quoted together from the owner's order
 * page, and her answer as her page posts it.
 */
import { expect } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { receiveQuoteAnswer } from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from './database.ts'
import { versionOf } from './order-book.ts'
import { birthdayCakeOrder } from './orders.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto.
export const NOW = Date.parse('2026-11-23T20:00:00Z')
export const HOUR = 60 * 60_000
export const DAY = 24 * HOUR
export const SITE = 'https://butterandbloom.example'

/**
 * Priya sends a cake (Saturday, December 12), cupcakes (Sunday, December 13)
 * and cookies together; Sam sends a cake of his own. Their ids and tokens.
 */
export async function openParty() {
  const { db, location } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const priyaSent = await submitOrderRequests(
    db,
    [
      birthdayCakeOrder,
      { ...birthdayCakeOrder, product_type: 'Cupcakes', due_date: '2026-12-13' },
      { ...birthdayCakeOrder, product_type: 'Cookies', due_date: '2026-12-13' },
    ],
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  const samSent = await submitOrderRequests(
    db,
    [{ ...birthdayCakeOrder, name: 'Sam Ortiz', email: 'sam@example.com' }],
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  if (!priyaSent.ok || !samSent.ok) throw new Error('The requests could not be booked.')
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token', 'email', 'position'])
    .orderBy('id')
    .execute()
  const [cake, cupcakes, cookies, samCake] = rows.map((row) => Number(row.id))
  return {
    db,
    location,
    cake: cake!,
    cupcakes: cupcakes!,
    cookies: cookies!,
    samCake: samCake!,
    token: rows[0]!.customer_token!,
  }
}

/** A post from the owner's order page of request `id`, her question answered yes. */
export async function ownerPost(db: Db, id: number, form: Record<string, string>, now = NOW) {
  return receiveOrderAction({
    request: new Request(`http://localhost/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ confirm: 'yes', version: await versionOf(db, id), ...form }),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now,
  })
}

export const QUOTE = {
  intent: 'quote',
  deposit_kind: 'amount',
  deposit: '50',
  deposit_due: '2026-12-01',
  payment_instructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: 'One table of treats for the party.',
  expires_in_days: '3',
}

/** The cake at $120 and the cupcakes at $45, quoted together from the cupcakes' page. */
export async function quoteCakeAndCupcakes(
  db: Db,
  { cake, cupcakes }: { cake: number; cupcakes: number },
) {
  return ownerPost(db, cupcakes, {
    ...QUOTE,
    price: '45',
    [`with_${cake}`]: 'yes',
    [`line_${cake}`]: '120',
  })
}

export async function statuses(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.status)
}

export async function customerEmails(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'topic'])
    .where('topic', 'in', ['request_update', 'payment_notice'])
    .orderBy('id')
    .execute()
  return rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => email.to !== undefined)
}

let ip = 0
export function answer(db: Db, token: string, body: string, now = NOW + HOUR) {
  return receiveQuoteAnswer({
    request: new Request(`${SITE}/requests/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
    token,
    clientIp: `198.51.100.${++ip}`,
    db,
    now,
    siteUrl: SITE,
  })
}

/** The cake, cupcakes and cookies quoted together from the cake's page, accepted and the deposit paid. */
export async function bookedPartyOfThree() {
  const party = await openParty()
  const { db, cake, cupcakes, cookies, token } = party
  const quoted = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${cupcakes}`]: 'yes',
    [`line_${cupcakes}`]: '45',
    [`with_${cookies}`]: 'yes',
    [`line_${cookies}`]: '30',
  })
  expect(quoted.status).toBe(200)
  expect(await answer(db, token, 'intent=accept&request=3&quote=1')).toMatchObject({
    status: 200,
  })
  const paid = await ownerPost(db, cookies, {
    intent: 'payment',
    amount: '50',
    received_on: '2026-11-24',
    method: 'e-Transfer',
  })
  expect(paid.status).toBe(200)
  return party
}
