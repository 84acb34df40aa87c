import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { receiveOrderRequests } from './order-send.server.ts'
import { SentLinks } from './sent-links.tsx'

const SITE_URL = 'https://butterandbloom.example'

test('a send answers with each customer’s private page and payment references, and the thank-you shows them', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [9, 9, 9, 9, 9, 9, 9])
  const gift = { ...birthdayCakeOrder, name: 'Sam Ortiz', email: 'sam@example.com' }
  const cupcakes = { ...birthdayCakeOrder, product_type: 'Cupcakes' }
  const answered = await receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accept_policies: true, orders: [birthdayCakeOrder, gift, cupcakes] }),
    }),
    clientIp: '198.51.100.7',
    db,
    siteUrl: SITE_URL,
    now: new Date('2026-11-21T15:00:00Z'),
  })
  const stored = await db
    .selectFrom('order_request')
    .select(['email', 'customer_token', 'payment_reference', 'product_type'])
    .orderBy('position')
    .execute()
  const [cake, samCake, priyaCupcakes] = stored
  expect(answered).toMatchObject({ status: 200 })
  expect(answered.body).toEqual({
    ok: true,
    count: 3,
    links: [
      {
        email: 'priya@example.com',
        url: `${SITE_URL}/requests/${cake!.customer_token}`,
        references: [
          { productType: 'Cakes', reference: cake!.payment_reference },
          { productType: 'Cupcakes', reference: priyaCupcakes!.payment_reference },
        ],
      },
      {
        email: 'sam@example.com',
        url: `${SITE_URL}/requests/${samCake!.customer_token}`,
        references: [{ productType: 'Cakes', reference: samCake!.payment_reference }],
      },
    ],
  })

  if (!answered.body.ok) throw new Error('The send was refused.')
  const html = renderToStaticMarkup(<SentLinks links={answered.body.links.slice(0, 1)} />)
  expect(html).toContain(`href="${SITE_URL}/requests/${cake!.customer_token}"`)
  expect(html).toContain('See your orders')
  expect(html).toContain(
    `Cupcakes: payment reference <strong>${priyaCupcakes!.payment_reference}</strong>`,
  )
})
