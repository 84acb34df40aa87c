/**
 * Both sides name an order the same way (decision 103): what she chose at a
 * set price is "Choices" on her page and on the owner's order page, with
 * the same words, whether it was booked at once or sent for a quote.
 */
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { receiveBuyNow } from '#app/features/buy-now/buy-now-send.server.ts'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import { readRequestStatus } from '#app/features/customer-page/request-status.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { depositWord } from '#app/features/order-status/money-owed.ts'
import { cupcakes, buyNowBakery, buyNowPost } from '#tests/support/buy-now.ts'
import { withFakeStripe } from '#tests/support/card-book.ts'

// Sunday, November 29, 2026, 10 in the morning in Toronto.
const NOW = Date.parse('2026-11-29T15:00:00Z')
const noCards = {
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_URL: '',
  SITE_URL: 'https://butterandbloom.example',
}

async function order(
  db: Db,
  id: number,
  fields: Record<string, string>,
  ip: string,
  env: Parameters<typeof receiveBuyNow>[0]['env'] = noCards,
) {
  const sent = await receiveBuyNow({
    db,
    productId: id,
    request: buyNowPost(id, {
      name: 'Mina Park',
      email: 'mina@example.com',
      phone_number: '416-555-0134',
      hear_about_us: 'Instagram',
      accept_policies: 'on',
      due_date: '2026-12-18',
      payment: 'pickup',
      ...fields,
    }),
    clientIp: ip,
    now: new Date(NOW),
    env,
  })
  if (!('location' in sent)) throw new Error(JSON.stringify(sent.body))
  const token = (
    await db
      .selectFrom('order_request')
      .select('customer_token')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).customer_token!
  const [mine] = (await readRequestStatus(db, token))!.requests
  const { id: requestId } = await db
    .selectFrom('order_request')
    .select('id')
    .where('customer_token', '=', token)
    .executeTakeFirstOrThrow()
  const detail = (await readOrderDetail(db, Number(requestId), '2026-11-29'))!
  const [book] = Object.values(await readCustomerBook(db, token, NOW))
  return { mine: mine!, owners: detail.request, ownersMoney: detail.money, book: book! }
}

test('what she chose at a set price is named alike on her page and the owner’s, booked or sent for a quote', async () => {
  const { db, id } = await buyNowBakery()
  const bought = await order(
    db,
    id,
    { 'option.count': 'dozen', 'option.frosting': 'cream-cheese', total_cents: '4050' },
    '203.0.113.1',
  )
  expect([bought.mine.eventThemeLabel, bought.mine.eventTheme]).toEqual([
    'Choices',
    'A dozen · Cream cheese',
  ])
  expect([bought.owners.eventThemeLabel, bought.owners.eventTheme]).toEqual([
    'Choices',
    'A dozen · Cream cheese',
  ])

  const quoted = await order(
    db,
    id,
    { 'option.count': 'hundred', total_cents: '24600' },
    '203.0.113.2',
  )
  expect([quoted.mine.eventThemeLabel, quoted.mine.eventTheme]).toEqual(['Choices', 'A hundred'])
  expect([quoted.owners.eventThemeLabel, quoted.owners.eventTheme]).toEqual([
    'Choices',
    'A hundred',
  ])
})

test('paid by card in one payment, it is a "Full payment" on her page and on the owner’s money card alike', async () => {
  const { db, id } = await buyNowBakery({ ...cupcakes, payAtPickup: false })
  const { env } = await withFakeStripe(db, { now: NOW })
  const bought = await order(
    db,
    id,
    { 'option.count': 'dozen', total_cents: '3600', payment: 'card' },
    '203.0.113.3',
    env,
  )
  expect(depositWord(bought.ownersMoney)).toBe('Full payment')
  expect(bought.book.quote?.depositLabel ?? bought.book.owed?.depositLabel).toBe('Full payment')
  expect(bought.book.owed).toMatchObject({ depositLabel: 'Full payment', deposit: '$36' })
})
