import { expect, test } from 'vitest'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { composeOrderEmail } from './order-email.ts'

const hostile = {
  ...birthdayCakeOrder,
  name: 'Eve <script>alert(1)</script>',
  event_theme: 'Say "hello" & <b>wave</b>',
  comments: "It's <img src=x onerror=alert(1)>",
}

test("a customer's markup in an order is escaped in the email's HTML", () => {
  const { html } = composeOrderEmail([hostile, birthdayCakeOrder], { bakeryName: 'Crumb & Co' })
  expect(html).not.toContain('<script>')
  expect(html).not.toContain('<img')
  expect(html).not.toContain('<b>wave')
  expect(html).toContain('2 new order requests from Eve &lt;script&gt;')
  expect(html).toContain('Say &quot;hello&quot; &amp; &lt;b&gt;wave&lt;/b&gt;')
  expect(html).toContain('It&#39;s &lt;img src=x onerror=alert(1)&gt;')
  expect(html).toContain('Reply to this email to answer Eve &lt;script&gt;alert(1)&lt;/script&gt;.')
  // The orders are separated by one dashed line, and their due dates read as people write them.
  expect(html.match(/<hr /g)).toHaveLength(1)
  expect(html).toContain('Saturday, December 12, 2026')
})

test("the email's text keeps the customer's words as they wrote them", () => {
  const { text, subject } = composeOrderEmail([hostile], { bakeryName: 'Crumb & Co' })
  expect(subject).toBe('1 new order request from Eve <script>alert(1)</script>')
  expect(text).toBe(`1 new order request from Eve <script>alert(1)</script>.

Order 1
Name: Eve <script>alert(1)</script>
Email: priya@example.com
Phone: 416-555-0199
Product Type: Cakes
Event/Theme: Say "hello" & <b>wave</b>
Due Date: Saturday, December 12, 2026
How did you hear about us: Instagram
Comments: It's <img src=x onerror=alert(1)>

Reply to this email to answer Eve <script>alert(1)</script>.
`)
})

test('each order links to its request in the order book and says how many photos came with it', () => {
  const { html, text } = composeOrderEmail(
    [
      { ...birthdayCakeOrder, photos: ['a', 'b'] },
      { ...birthdayCakeOrder, product_type: 'Cupcakes' },
    ],
    { bakeryName: 'Crumb & Co', siteUrl: 'https://butterandbloom.example', requestIds: [41, 42] },
  )
  expect(html).toContain('2 inspiration photos attached.')
  expect(html).toContain('href="https://butterandbloom.example/admin/orders/41"')
  expect(html).toContain('href="https://butterandbloom.example/admin/orders/42"')
  expect(html.match(/Open this request/g)).toHaveLength(2)
  expect(text).toContain(
    'Order 1: 2 inspiration photos attached. Open this request: https://butterandbloom.example/admin/orders/41\nOrder 2: Open this request: https://butterandbloom.example/admin/orders/42',
  )
})

test('the owner reads each order’s pickup or delivery time and, for a delivery, where to take it', () => {
  const { text, html } = composeOrderEmail(
    [
      {
        ...birthdayCakeOrder,
        fulfilment: 'delivery',
        pickup_window: '14:00-16:00',
        delivery_street: '12 Maple Street',
        delivery_city: 'Toronto',
        delivery_postal_code: 'M4C 1A1',
        delivery_notes: 'Side door, please.',
      },
      { ...birthdayCakeOrder, fulfilment: 'pickup', pickup_window: '10:00-12:00' },
    ],
    { bakeryName: 'Crumb & Co' },
  )
  const [delivery, pickup] = text.split('------------------------------')
  expect(delivery).toContain(
    [
      'Pickup or delivery: Delivery',
      'Delivery time: 2:00\u00a0p.m.–4:00\u00a0p.m.',
      'Deliver to: 12 Maple Street, Toronto M4C 1A1',
      'Delivery notes: Side door, please.',
    ].join('\n'),
  )
  expect(pickup).toContain(
    'Pickup or delivery: Pickup\nPickup time: 10:00\u00a0a.m.–12:00\u00a0p.m.',
  )
  expect(pickup).not.toContain('Deliver to')
  expect(html).toContain('12 Maple Street, Toronto M4C 1A1')
  expect(html).toContain('10:00\u00a0a.m.–12:00\u00a0p.m.')
})
