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

test('the owner’s email of a send, word for word, with Reply to the customer', () => {
  const email = composeOrderEmail(
    [
      { ...birthdayCakeOrder, photos: ['a'] },
      { ...birthdayCakeOrder, product_type: 'Cupcakes' },
    ],
    { bakeryName: 'Crumb & Co', siteUrl: 'https://butterandbloom.example', requestIds: [41, 42] },
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "2",
          "orders_summary": "Order 1
    Name: Priya Sharma
    Email: priya@example.com
    Phone: 416-555-0199
    Product Type: Cakes
    Event/Theme: Unicorn birthday
    Due Date: Saturday, December 12, 2026
    How did you hear about us: Instagram
    Comments: N/A

    ------------------------------

    Order 2
    Name: Priya Sharma
    Email: priya@example.com
    Phone: 416-555-0199
    Product Type: Cupcakes
    Event/Theme: Unicorn birthday
    Due Date: Saturday, December 12, 2026
    How did you hear about us: Instagram
    Comments: N/A",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">2 new order requests from Priya Sharma</h1><h2 style="font-size:18px;margin:24px 0 8px">Order 1</h2><p style="margin:0 0 8px;font-weight:700">1 inspiration photo attached.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Name</th><td style="padding:4px 0;white-space:pre-wrap">Priya Sharma</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Email</th><td style="padding:4px 0;white-space:pre-wrap">priya@example.com</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Phone</th><td style="padding:4px 0;white-space:pre-wrap">416-555-0199</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Product Type</th><td style="padding:4px 0;white-space:pre-wrap">Cakes</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Event/Theme</th><td style="padding:4px 0;white-space:pre-wrap">Unicorn birthday</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Due Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">How did you hear about us</th><td style="padding:4px 0;white-space:pre-wrap">Instagram</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Comments</th><td style="padding:4px 0;white-space:pre-wrap">N/A</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/admin/orders/41" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><hr style="border:0;border-top:1px dashed #c9a99a;margin:20px 0"><h2 style="font-size:18px;margin:24px 0 8px">Order 2</h2><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Name</th><td style="padding:4px 0;white-space:pre-wrap">Priya Sharma</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Email</th><td style="padding:4px 0;white-space:pre-wrap">priya@example.com</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Phone</th><td style="padding:4px 0;white-space:pre-wrap">416-555-0199</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Product Type</th><td style="padding:4px 0;white-space:pre-wrap">Cupcakes</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Event/Theme</th><td style="padding:4px 0;white-space:pre-wrap">Unicorn birthday</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Due Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">How did you hear about us</th><td style="padding:4px 0;white-space:pre-wrap">Instagram</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Comments</th><td style="padding:4px 0;white-space:pre-wrap">N/A</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/admin/orders/42" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya Sharma. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya Sharma",
      },
      "subject": "2 new order requests from Priya Sharma",
      "text": "2 new order requests from Priya Sharma.

    Order 1
    Name: Priya Sharma
    Email: priya@example.com
    Phone: 416-555-0199
    Product Type: Cakes
    Event/Theme: Unicorn birthday
    Due Date: Saturday, December 12, 2026
    How did you hear about us: Instagram
    Comments: N/A

    ------------------------------

    Order 2
    Name: Priya Sharma
    Email: priya@example.com
    Phone: 416-555-0199
    Product Type: Cupcakes
    Event/Theme: Unicorn birthday
    Due Date: Saturday, December 12, 2026
    How did you hear about us: Instagram
    Comments: N/A

    Order 1: 1 inspiration photo attached. Open this request: https://butterandbloom.example/admin/orders/41
    Order 2: Open this request: https://butterandbloom.example/admin/orders/42

    Reply to this email to answer Priya Sharma.
    ",
    }
  `)
})
