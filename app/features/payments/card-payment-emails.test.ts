import { expect, test } from 'vitest'
import { composeCardPaymentNeedsLook, composeCardPaymentOwner } from './card-payment-emails.ts'

const request = {
  name: 'Priya <Sharma>',
  email: 'priya@example.com',
  product_type: 'Cake',
  due_date: '2026-12-12',
  customer_token: 'tok',
  payment_reference: 'BB-4821',
}

test('the owner’s news of a deposit paid by card that booked the date, word for word', () => {
  const email = composeCardPaymentOwner(
    request,
    { kind: 'deposit', amountCents: 2500, stillOwedCents: 5000, confirmed: true },
    'https://bakery.test/admin/orders/7',
    'Crumb & Co',
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> paid the deposit by card: $25. The deposit is in, so the request is now confirmed and the customer has been told.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; paid the deposit by card: $25</h1><p>The deposit is in, so the request is now confirmed and the customer has been told.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap">BB-4821</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid by card</th><td style="padding:4px 0;white-space:pre-wrap">$25 (deposit), through Stripe</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin/orders/7" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Crumb &amp; Co website.</p></body></html>",
      "subject": "Priya <Sharma> paid the deposit by card: $25",
      "text": "Priya <Sharma> paid the deposit by card: $25.

    The deposit is in, so the request is now confirmed and the customer has been told.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Date: Saturday, December 12, 2026
    Payment reference: BB-4821
    Paid by card: $25 (deposit), through Stripe

    Open this request: https://bakery.test/admin/orders/7
    ",
    }
  `)
})

test('the owner’s news of a card payment with more to pay, without the site’s address', () => {
  const email = composeCardPaymentOwner(
    { ...request, payment_reference: null },
    { kind: 'balance', amountCents: 2500, stillOwedCents: 1000, confirmed: false },
    undefined,
    'Crumb & Co',
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> paid the balance by card: $25. $10 is still to pay.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; paid the balance by card: $25</h1><p>$10 is still to pay.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid by card</th><td style="padding:4px 0;white-space:pre-wrap">$25 (balance), through Stripe</td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Crumb &amp; Co website.</p></body></html>",
      "subject": "Priya <Sharma> paid the balance by card: $25",
      "text": "Priya <Sharma> paid the balance by card: $25.

    $10 is still to pay.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Date: Saturday, December 12, 2026
    Paid by card: $25 (balance), through Stripe

    ",
    }
  `)
})

test('the owner’s news of a card payment that paid it all, word for word', () => {
  const email = composeCardPaymentOwner(
    request,
    { kind: 'balance', amountCents: 5000, stillOwedCents: 0, confirmed: false },
    'https://bakery.test/admin/orders/7',
    'Crumb & Co',
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "Priya <Sharma> paid the balance by card: $50. It is all paid.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya &lt;Sharma&gt; paid the balance by card: $50</h1><p>It is all paid.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya &lt;Sharma&gt; &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cake</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap">BB-4821</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid by card</th><td style="padding:4px 0;white-space:pre-wrap">$50 (balance), through Stripe</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin/orders/7" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Crumb &amp; Co website.</p></body></html>",
      "subject": "Priya <Sharma> paid the balance by card: $50",
      "text": "Priya <Sharma> paid the balance by card: $50.

    It is all paid.

    Customer: Priya <Sharma> <priya@example.com>
    Treat: Cake
    Date: Saturday, December 12, 2026
    Payment reference: BB-4821
    Paid by card: $50 (balance), through Stripe

    Open this request: https://bakery.test/admin/orders/7
    ",
    }
  `)
})

test('the owner’s news of a card payment that needs a look, word for word', () => {
  const email = composeCardPaymentNeedsLook(
    { amountCents: 2500, reference: 'BB-4821', why: 'No request has <that> reference.' },
    'https://bakery.test/admin',
    'Crumb & Co',
  )
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "A card payment of $25 for BB-4821 needs a look. No request has <that> reference.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">A card payment of $25 for BB-4821 needs a look</h1><p>No request has &lt;that&gt; reference.</p><p>Stripe’s dashboard has the payment itself, and refunds it if it should not have been taken.</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open Today</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Crumb &amp; Co website.</p></body></html>",
      "subject": "A card payment of $25 for BB-4821 needs a look",
      "text": "A card payment of $25 for BB-4821 needs a look.

    No request has <that> reference.

    It is listed on Today: https://bakery.test/admin
    Stripe's dashboard has the payment itself, and refunds it if it should not have been taken.
    ",
    }
  `)
  expect(
    composeCardPaymentNeedsLook(
      { amountCents: null, reference: null, why: 'It came without a request.' },
      'https://bakery.test/admin',
      'Crumb & Co',
    ),
  ).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "A card payment needs a look. It came without a request.",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">A card payment needs a look</h1><p>It came without a request.</p><p>Stripe’s dashboard has the payment itself, and refunds it if it should not have been taken.</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://bakery.test/admin" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open Today</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Crumb &amp; Co website.</p></body></html>",
      "subject": "A card payment needs a look",
      "text": "A card payment needs a look.

    It came without a request.

    It is listed on Today: https://bakery.test/admin
    Stripe's dashboard has the payment itself, and refunds it if it should not have been taken.
    ",
    }
  `)
})
