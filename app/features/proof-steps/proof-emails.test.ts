import { expect, test } from 'vitest'
import { composeProofAnswer } from './proof-emails.ts'

const request = {
  name: 'Priya <Sharma>',
  email: 'priya@example.com',
  productType: 'Cake',
  dueDate: '2026-12-12',
}

test('the owner’s news that a proof was approved, word for word', () => {
  const email = composeProofAnswer(
    { ...request, party: 'Cake and Cupcakes' },
    {
      round: 2,
      answer: 'approved',
      requestUrl: 'https://bakery.test/admin/orders/7',
      bakeryName: 'Crumb & Co',
    },
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> approved the design for Cake on Saturday, December 12, 2026. Proof 2 is approved: it shows on the bake list and the order page.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; approved the design for Cake on Saturday, December 12, 2026</h1><p style="white-space:pre-wrap">Proof 2 is approved: it shows on the bake list and the order page.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Quoted together</th><td style="padding:4px 0;white-space:pre-wrap">Cake and Cupcakes</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin/orders/7" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> approved the design for Cake on Saturday, December 12, 2026",
      "text": "Priya <Sharma> approved the design for Cake on Saturday, December 12, 2026.

    Proof 2 is approved: it shows on the bake list and the order page.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Quoted together: Cake and Cupcakes
    Date: Saturday, December 12, 2026

    Open this request: https://bakery.test/admin/orders/7

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})

test('the owner’s news of a change asked to a proof keeps her words and their lines', () => {
  const email = composeProofAnswer(request, {
    round: 1,
    answer: 'change',
    change: 'More <pink>,\nless & gold',
    bakeryName: 'Crumb & Co',
  })
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> asked for a change to the design for Cake on Saturday, December 12, 2026. Her change to proof 1: “More <pink>,
    less & gold” Send the next round from the order page.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; asked for a change to the design for Cake on Saturday, December 12, 2026</h1><p style="white-space:pre-wrap">Her change to proof 1: “More &lt;pink&gt;,
    less &amp; gold” Send the next round from the order page.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr></table><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "Priya <Sharma> asked for a change to the design for Cake on Saturday, December 12, 2026",
      "text": "Priya <Sharma> asked for a change to the design for Cake on Saturday, December 12, 2026.

    Her change to proof 1: “More <pink>,
    less & gold” Send the next round from the order page.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Date: Saturday, December 12, 2026

    Reply to this email to answer Priya <Sharma>.
    ",
    }
  `)
})
