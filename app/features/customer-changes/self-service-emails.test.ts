import { expect, test } from 'vitest'
import { composeChangeAsked, composeSelfCancelledForOwner } from './self-service-emails.ts'

const request = {
  name: 'Priya <Sharma>',
  email: 'priya@example.com',
  productType: 'Cake',
  dueDate: '2026-12-12',
  paymentReference: 'BB-4821',
}
const links = { requestUrl: 'https://bakery.test/admin/orders/7', bakeryName: 'Crumb & Co' }

test('the owner’s news of a change a customer asked for, word for word', () => {
  const email = composeChangeAsked(
    request,
    {
      changes: [{ label: 'Date', from: 'Saturday, December 12, 2026', to: 'Sunday, December 13' }],
      details: 'Could it be <pink>?\nThanks & love',
    },
    links,
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> asked to change the Cake on Saturday, December 12, 2026. Accept or decline it on the order page; she is emailed your answer.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; asked to change the Cake on Saturday, December 12, 2026</h1><p>Accept or decline it on the order page; she is emailed your answer.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap">BB-4821</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">from Saturday, December 12, 2026 to Sunday, December 13</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Her words</th><td style="padding:4px 0;white-space:pre-wrap">Could it be &lt;pink&gt;?
    Thanks &amp; love</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin/orders/7" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> asked to change the Cake on Saturday, December 12, 2026",
      "text": "Priya <Sharma> asked to change the Cake on Saturday, December 12, 2026.

    Accept or decline it on the order page; she is emailed your answer.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Date: Saturday, December 12, 2026
    Payment reference: BB-4821
    Date: from Saturday, December 12, 2026 to Sunday, December 13
    Her words: Could it be <pink>?
    Thanks & love

    Open this request: https://bakery.test/admin/orders/7

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})

test('the owner’s news of a cancellation with money to send back, word for word', () => {
  const email = composeSelfCancelledForOwner(
    request,
    { totalCents: 5000, cardCents: 2000, giftCardCents: 0 },
    links,
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> cancelled the Cake on Saturday, December 12, 2026. Her date is released. Under your policy she gets $50 back: please send her $30 by e-Transfer or cash and record it as a refund on the order page.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; cancelled the Cake on Saturday, December 12, 2026</h1><p>Her date is released. Under your policy she gets $50 back: please send her $30 by e-Transfer or cash and record it as a refund on the order page.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap">BB-4821</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Refund under your policy</th><td style="padding:4px 0;white-space:pre-wrap">$50</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Back to her card (Stripe)</th><td style="padding:4px 0;white-space:pre-wrap">$20</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">For you to send back</th><td style="padding:4px 0;white-space:pre-wrap">$30</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin/orders/7" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> cancelled the Cake on Saturday, December 12, 2026",
      "text": "Priya <Sharma> cancelled the Cake on Saturday, December 12, 2026.

    Her date is released. Under your policy she gets $50 back: please send her $30 by e-Transfer or cash and record it as a refund on the order page.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Date: Saturday, December 12, 2026
    Payment reference: BB-4821
    Refund under your policy: $50
    Back to her card (Stripe): $20
    For you to send back: $30

    Open this request: https://bakery.test/admin/orders/7

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})

test('the owner’s news of a cancellation with nothing refunded, without the site’s address', () => {
  const email = composeSelfCancelledForOwner(
    { ...request, paymentReference: null },
    { totalCents: 0, cardCents: 0, giftCardCents: 0 },
    { bakeryName: 'Crumb & Co' },
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> cancelled the Cake on Saturday, December 12, 2026. Her date is released. Under your policy nothing is refunded.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; cancelled the Cake on Saturday, December 12, 2026</h1><p>Her date is released. Under your policy nothing is refunded.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Refund under your policy</th><td style="padding:4px 0;white-space:pre-wrap">$0</td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> cancelled the Cake on Saturday, December 12, 2026",
      "text": "Priya <Sharma> cancelled the Cake on Saturday, December 12, 2026.

    Her date is released. Under your policy nothing is refunded.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Date: Saturday, December 12, 2026
    Refund under your policy: $0

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})

test('the owner’s news of a cancellation sent back onto a card and a gift card says where each part went', () => {
  const email = composeSelfCancelledForOwner(
    request,
    { totalCents: 5000, cardCents: 5000, giftCardCents: 3000 },
    links,
  )
  expect(email.text).toContain(
    'Under your policy $50 went back where she paid it; nothing more to do.',
  )
  expect(email.text).toContain('Back to her card (Stripe): $20')
  expect(email.text).toContain('Back on her gift card: $30')
})
