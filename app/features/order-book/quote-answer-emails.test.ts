import { expect, test } from 'vitest'
import { composeQuoteAnswer } from './quote-answer-emails.ts'

const request = {
  name: 'Priya <Sharma>',
  email: 'priya@example.com',
  productType: 'Cakes & More',
  dueDate: '2026-12-12',
  paymentReference: 'BB-4821',
}

test('the owner’s news that a quote was accepted, word for word', () => {
  const email = composeQuoteAnswer(request, 'accepted', {
    requestUrl: 'https://bakery.test/admin/orders/7',
    bakeryName: 'Crumb & Co',
  })
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> accepted the quote for Cakes & More on Saturday, December 12, 2026. The date is held and waits for the deposit: record it when it arrives to confirm.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; accepted the quote for Cakes &amp; More on Saturday, December 12, 2026</h1><p>The date is held and waits for the deposit: record it when it arrives to confirm.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cakes &amp; More</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap">BB-4821</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin/orders/7" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> accepted the quote for Cakes & More on Saturday, December 12, 2026",
      "text": "Priya <Sharma> accepted the quote for Cakes & More on Saturday, December 12, 2026.

    The date is held and waits for the deposit: record it when it arrives to confirm.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cakes & More
    Date: Saturday, December 12, 2026
    Payment reference: BB-4821

    Open this request: https://bakery.test/admin/orders/7

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})

test('the owner’s news that a party’s quote was confirmed, without the site’s address', () => {
  const email = composeQuoteAnswer(
    {
      ...request,
      paymentReference: null,
      party: {
        lines: [
          { productType: 'Cake', dueDate: '2026-12-12', cents: 6500 },
          { productType: 'Cupcakes', dueDate: '2026-12-13', cents: 3000 },
        ],
        deliveryFeeCents: 1500,
        // 13% of $110: every page lists the tax after the fee, before the total.
        taxLines: [{ label: 'HST 13%', cents: 1430 }],
        totalCents: 12430,
      },
    },
    'confirmed',
    { bakeryName: 'Crumb & Co' },
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> accepted the quote for Cake and Cupcakes. The deposit was already settled, so the date is now confirmed.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; accepted the quote for Cake and Cupcakes</h1><p>The deposit was already settled, so the date is now confirmed.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">1. Cake</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026, $65</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">2. Cupcakes</th><td style="padding:4px 0;white-space:pre-wrap">Sunday, December 13, 2026, $30</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Delivery fee</th><td style="padding:4px 0;white-space:pre-wrap">$15</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">HST 13%</th><td style="padding:4px 0;white-space:pre-wrap">$14.30</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Total</th><td style="padding:4px 0;white-space:pre-wrap">$124.30</td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> accepted the quote for Cake and Cupcakes",
      "text": "Priya <Sharma> accepted the quote for Cake and Cupcakes.

    The deposit was already settled, so the date is now confirmed.

    Customer: Priya <Sharma> <priya@example.com>
    1. Cake: Saturday, December 12, 2026, $65
    2. Cupcakes: Sunday, December 13, 2026, $30
    Delivery fee: $15
    HST 13%: $14.30
    Total: $124.30

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})

test('the owner’s news that a quote was declined, word for word', () => {
  const email = composeQuoteAnswer({ ...request, paymentReference: undefined }, 'declined', {
    requestUrl: 'https://bakery.test/admin/orders/7',
    bakeryName: 'Crumb & Co',
  })
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> declined the quote for Cakes & More on Saturday, December 12, 2026. The date is released for other orders.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; declined the quote for Cakes &amp; More on Saturday, December 12, 2026</h1><p>The date is released for other orders.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cakes &amp; More</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin/orders/7" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> declined the quote for Cakes & More on Saturday, December 12, 2026",
      "text": "Priya <Sharma> declined the quote for Cakes & More on Saturday, December 12, 2026.

    The date is released for other orders.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cakes & More
    Date: Saturday, December 12, 2026

    Open this request: https://bakery.test/admin/orders/7

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})
