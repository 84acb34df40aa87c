import { expect, test } from 'vitest'
import { balanceOf } from '#app/features/gift-cards/gift-card-ledger.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { MINA, buyNowBakery, buyNowPost } from '#tests/support/buy-now.ts'
import { withFakeStripe } from '#tests/support/card-book.ts'
import { buyGiftCard } from '#tests/support/gift-cards.ts'
import { receiveBuyNow } from './buy-now-send.server.ts'

// Sunday, November 29, 2026 at 10 in the morning, Toronto.
const NOW = Date.parse('2026-11-29T15:00:00Z')

/** Two dozen cupcakes with cream cheese frosting for December 1: $82.50 with the rush fee. */
const TWO_DOZEN = {
  'option.count': 'two-dozen',
  'option.frosting': 'cream-cheese',
  due_date: '2026-12-01',
  fulfilment: 'pickup',
  total_cents: '8250',
}

/** The cupcakes sold now with cards taken, and a $50 gift card bought. */
async function bakeryWithGiftCard() {
  const bakery = await buyNowBakery()
  const clock = { now: NOW }
  const { env, fake } = await withFakeStripe(bakery.db, clock)
  const { code } = await buyGiftCard({ db: bakery.db, env, fake }, { amount: '5000' })
  let ip = 0
  const send = (fields: Record<string, string>) =>
    receiveBuyNow({
      db: bakery.db,
      productId: bakery.id,
      request: buyNowPost(bakery.id, { ...MINA, ...TWO_DOZEN, ...fields }),
      clientIp: `203.0.113.${++ip}`,
      now: new Date(NOW),
      env,
    })
  return { ...bakery, env, fake, code, send }
}

test('a gift card typed as a treat is bought now pays what it holds, and Stripe is asked for the rest alone', async () => {
  const { db, fake, code, send } = await bakeryWithGiftCard()
  const answer = await send({ payment: 'card', gift_card: code.toLowerCase() })
  const session = [...fake.sessions.values()].at(-1)!
  expect(answer).toEqual({ location: session.url })
  expect(fake.received.at(-1)!.form.get('line_items[0][price_data][unit_amount]')).toBe('3250')
  // Stripe's page says why it asks for less than the treat's price.
  expect(fake.received.at(-1)!.form.get('line_items[0][price_data][product_data][name]')).toMatch(
    /, after \$50 from your gift card \(\w+-\w+\)$/,
  )
  const order = await db
    .selectFrom('order_request')
    .select(['id', 'status'])
    .executeTakeFirstOrThrow()
  expect(order.status).toBe('quoted')
  expect(await moneyOf(db, Number(order.id))).toMatchObject({ priceCents: 8_250, paidCents: 5_000 })
  const card = await db.selectFrom('gift_card').select('id').executeTakeFirstOrThrow()
  expect(await balanceOf(db, Number(card.id))).toBe(0)

  expect(await fake.pay(session.id)).toBe(200)
  expect(await moneyOf(db, Number(order.id))).toMatchObject({ paidCents: 8_250 })
})

test('a gift card that cannot pay keeps the order from being made, said beside its code', async () => {
  const { db, send } = await bakeryWithGiftCard()
  const refused = await send({ payment: 'pickup', gift_card: 'ABCD-EFGH-JKMN-PQRX' })
  expect(refused).toMatchObject({
    status: 409,
    body: {
      ok: false,
      problems: [
        {
          field: 'gift_card',
          message: 'We could not find a gift card with that code. Please check it and try again.',
        },
      ],
      values: { gift_card: 'ABCD-EFGH-JKMN-PQRX' },
    },
  })
  expect(await db.selectFrom('order_request').select('id').execute()).toEqual([])
})
