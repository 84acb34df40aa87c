/**
 * The emails and the owner's notes that Stripe's events bring, word for
 * word, as the webhook queues and stores them: a deposit that books the
 * date, a balance paid by card, a payment for a closed request and a refund
 * made on Stripe's dashboard.
 */
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import {
  type CardBook,
  HOUR,
  NOW,
  accept,
  openCardBook,
  openSession,
  paidByCard,
  pay,
} from '#tests/support/card-book.ts'

/** The token and the payment reference are drawn at random: named, so the text can be pinned. */
function steady(book: CardBook, text: string) {
  return text.replaceAll(book.token, '<token>').replaceAll(book.reference, '<reference>')
}

/** Every email the events queued (named card-…), in order, as sent. */
async function cardEmailsAsSent(book: CardBook) {
  const rows = await book.db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key'])
    .where('dedupe_key', 'like', 'card-%')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ key: row.dedupe_key, ...JSON.parse(steady(book, row.payload)) }))
}

/** What each event came to, as the owner reads it. */
async function eventNotes(book: CardBook, db: Db = book.db) {
  const rows = await db
    .selectFrom('stripe_event')
    .select(['id', 'type', 'outcome', 'note', 'amount_cents', 'payment_reference'])
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    ...row,
    note: steady(book, row.note),
    payment_reference: steady(book, row.payment_reference ?? ''),
  }))
}

test('a deposit by card that books the date, then the balance by card, word for word', async () => {
  const book = await openCardBook()
  await paidByCard(book)
  const started = await pay(book, 'request=1&kind=balance&amount=7000')
  expect(started).toHaveProperty('redirect')
  const balance = [...book.fake.sessions.values()].at(-1)!
  expect(await book.fake.pay(balance.id)).toBe(200)
  expect(await cardEmailsAsSent(book)).toMatchInlineSnapshot(`
    [
      {
        "emailjs": {
          "call": "send",
          "template": "customer",
          "templateParams": {
            "message": "Hi Priya,

    You are booked!

    Your cakes order for Saturday, December 12, 2026 is booked. We look forward to making it.

    Date booked: Saturday, December 12, 2026
    Balance owed: $70

    Your payments
    -------------

    Deposit: $50, due Tuesday, December 1, 2026 (paid, thank you)
    Balance: $70, due Saturday, December 5, 2026 ($70 to pay)
    Paid so far: $50
    Payment reference: <reference>

    Your order’s page:
    https://butterandbloom.example/requests/<token>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Warmly,
    Nadia Ferreira, Butter & Bloom Bakery",
            "status_url": "https://butterandbloom.example/requests/<token>",
            "subject": "Your cakes order is booked — Butter & Bloom Bakery",
            "to_email": "priya@example.com",
            "to_name": "Priya Sharma",
          },
        },
        "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>Your cakes order is booked — Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">Your cakes order for Saturday, December 12, 2026 is booked. We look forward to making it.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">You are booked!</h1><p style="margin:0 0 16px">Hi Priya,</p><p style="margin:0 0 16px;white-space:pre-wrap">Your cakes order for Saturday, December 12, 2026 is booked. We look forward to making it.</p><div style="margin:0 0 16px;padding:14px 16px;border-radius:14px;background:#fbefe3"><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Date booked:</span> Saturday, December 12, 2026</p><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Balance owed:</span> $70</p></div><h2 style="margin:28px 0 8px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:19px;line-height:1.3;color:#3b2418">Your payments</h2><div style="margin:0 0 16px;padding:14px 16px;border-radius:14px;background:#fbefe3"><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Deposit:</span> $50, due Tuesday, December 1, 2026 (paid, thank you)</p><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Balance:</span> $70, due Saturday, December 5, 2026 ($70 to pay)</p><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Paid so far:</span> $50</p><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Payment reference:</span> <reference></p></div><p style="margin:0">Your order’s page:</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token>" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table><p style="margin:0 0 20px;font-size:14px;word-break:break-all"><a href="https://butterandbloom.example/requests/<token>" style="color:#862634">https://butterandbloom.example/requests/<token></a></p><p style="margin:0 0 16px;white-space:pre-wrap">Questions? Just reply to this email; it reaches Nadia Ferreira at Butter &amp; Bloom Bakery.</p><p style="margin:0">Warmly,<br>Nadia Ferreira</p></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
        "key": "card-paid:cs_test_000001:customer",
        "subject": "Your cakes order is booked — Butter & Bloom Bakery",
        "text": "Hi Priya,

    You are booked!

    Your cakes order for Saturday, December 12, 2026 is booked. We look forward to making it.

    Date booked: Saturday, December 12, 2026
    Balance owed: $70

    Your payments
    -------------

    Deposit: $50, due Tuesday, December 1, 2026 (paid, thank you)
    Balance: $70, due Saturday, December 5, 2026 ($70 to pay)
    Paid so far: $50
    Payment reference: <reference>

    Your order’s page:
    https://butterandbloom.example/requests/<token>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Warmly,
    Nadia Ferreira, Butter & Bloom Bakery",
        "to": {
          "address": "priya@example.com",
          "name": "Priya Sharma",
        },
      },
      {
        "emailjs": {
          "call": "send",
          "template": "order",
          "templateParams": {
            "order_count": "0",
            "orders_summary": "Priya Sharma paid the deposit by card: $50. The deposit is in, so the request is now confirmed and the customer has been told.",
          },
        },
        "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya Sharma paid the deposit by card: $50</h1><p>The deposit is in, so the request is now confirmed and the customer has been told.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya Sharma &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cakes</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap"><reference></td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid by card</th><td style="padding:4px 0;white-space:pre-wrap">$50 (deposit), through Stripe</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/admin/orders/1" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Butter &amp; Bloom Bakery website.</p></body></html>",
        "key": "card-paid:cs_test_000001:owner",
        "subject": "Priya Sharma paid the deposit by card: $50",
        "text": "Priya Sharma paid the deposit by card: $50.

    The deposit is in, so the request is now confirmed and the customer has been told.

    Customer: Priya Sharma <priya@example.com>
    Treat: Cakes
    Date: Saturday, December 12, 2026
    Payment reference: <reference>
    Paid by card: $50 (deposit), through Stripe

    Open this request: https://butterandbloom.example/admin/orders/1
    ",
      },
      {
        "emailjs": {
          "call": "send",
          "template": "customer",
          "templateParams": {
            "message": "Hi Priya,

    Thank you: your card payment of $70 for your cakes order on Saturday, December 12, 2026 has arrived.

    Paid by card: $70 (balance)
    Still to pay: Nothing: it is all paid.
    Payment reference: <reference>

    Your order: https://butterandbloom.example/requests/<token>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
            "status_url": "https://butterandbloom.example/requests/<token>",
            "subject": "We received your payment of $70 — Butter & Bloom Bakery",
            "to_email": "priya@example.com",
            "to_name": "Priya Sharma",
          },
        },
        "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>We received your payment of $70 — Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">Thank you: your card payment of $70 for your cakes order on Saturday, December 12, 2026 has arrived.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">Payment received</h1><p style="margin:0 0 16px">Hi Priya,</p><p style="margin:0 0 16px">Thank you: your card payment of $70 for your cakes order on Saturday, December 12, 2026 has arrived.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid by card</th><td style="padding:4px 0;white-space:pre-wrap">$70 (balance)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Still to pay</th><td style="padding:4px 0;white-space:pre-wrap">Nothing: it is all paid.</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap"><reference></td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token>" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
        "key": "card-paid:cs_test_000003:customer",
        "subject": "We received your payment of $70 — Butter & Bloom Bakery",
        "text": "Hi Priya,

    Thank you: your card payment of $70 for your cakes order on Saturday, December 12, 2026 has arrived.

    Paid by card: $70 (balance)
    Still to pay: Nothing: it is all paid.
    Payment reference: <reference>

    Your order: https://butterandbloom.example/requests/<token>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
        "to": {
          "address": "priya@example.com",
          "name": "Priya Sharma",
        },
      },
      {
        "emailjs": {
          "call": "send",
          "template": "order",
          "templateParams": {
            "order_count": "0",
            "orders_summary": "Priya Sharma paid the balance by card: $70. It is all paid.",
          },
        },
        "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Priya Sharma paid the balance by card: $70</h1><p>It is all paid.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Customer</th><td style="padding:4px 0;white-space:pre-wrap">Priya Sharma &lt;priya@example.com&gt;</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cakes</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap"><reference></td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid by card</th><td style="padding:4px 0;white-space:pre-wrap">$70 (balance), through Stripe</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/admin/orders/1" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open this request</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Butter &amp; Bloom Bakery website.</p></body></html>",
        "key": "card-paid:cs_test_000003:owner",
        "subject": "Priya Sharma paid the balance by card: $70",
        "text": "Priya Sharma paid the balance by card: $70.

    It is all paid.

    Customer: Priya Sharma <priya@example.com>
    Treat: Cakes
    Date: Saturday, December 12, 2026
    Payment reference: <reference>
    Paid by card: $70 (balance), through Stripe

    Open this request: https://butterandbloom.example/admin/orders/1
    ",
      },
    ]
  `)
  expect(await eventNotes(book)).toMatchInlineSnapshot(`
    [
      {
        "amount_cents": 5000,
        "id": "evt_test_000002",
        "note": "A card payment of $50 (deposit) recorded; the request is confirmed.",
        "outcome": "paid",
        "payment_reference": "<reference>",
        "type": "checkout.session.completed",
      },
      {
        "amount_cents": 7000,
        "id": "evt_test_000004",
        "note": "A card payment of $70 (balance) recorded.",
        "outcome": "paid",
        "payment_reference": "<reference>",
        "type": "checkout.session.completed",
      },
    ]
  `)
})

test('a payment for a closed request and a refund made on Stripe’s dashboard, word for word', async () => {
  const book = await openCardBook()
  const { intent } = await paidByCard(book)
  const { event } = book.fake.refundOnDashboard(intent, 1_500, Math.floor(NOW / 1000))
  expect(await book.fake.deliver(event)).toBe(200)

  const other = await openCardBook()
  await accept(other.db, other.token)
  const session = await openSession(other)
  await other.db.transaction().execute((trx) =>
    moveRequest(trx, {
      requestId: other.id,
      to: 'cancelled',
      actor: 'owner',
      note: null,
      now: NOW + HOUR,
    }),
  )
  expect(await other.fake.pay(session.id)).toBe(200)

  const refunded = (await cardEmailsAsSent(book)).filter(({ key }) => key.startsWith('card-refund'))
  expect(refunded).toMatchInlineSnapshot(`
    [
      {
        "emailjs": {
          "call": "send",
          "template": "customer",
          "templateParams": {
            "message": "Hi Priya,

    We have refunded $15

    We refunded $15 to your card on Monday, November 23, 2026, for your cakes order for Saturday, December 12, 2026. Your bank usually shows it within 5 to 10 days.

    Refunded: $15
    Paid, after refunds: $35
    Still to pay: $85

    Your order’s page:
    https://butterandbloom.example/requests/<token>

    Your receipt lists every payment and refund:
    https://butterandbloom.example/requests/<token>/receipt

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Warmly,
    Nadia Ferreira, Butter & Bloom Bakery",
            "status_url": "https://butterandbloom.example/requests/<token>",
            "subject": "A refund for your cakes order — Butter & Bloom Bakery",
            "to_email": "priya@example.com",
            "to_name": "Priya Sharma",
          },
        },
        "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>A refund for your cakes order — Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">We refunded $15 to your card on Monday, November 23, 2026, for your cakes order for Saturday, December 12, 2026. Your bank usually shows it within 5 to 10 days.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">We have refunded $15</h1><p style="margin:0 0 16px">Hi Priya,</p><p style="margin:0 0 16px;white-space:pre-wrap">We refunded $15 to your card on Monday, November 23, 2026, for your cakes order for Saturday, December 12, 2026. Your bank usually shows it within 5 to 10 days.</p><div style="margin:0 0 16px;padding:14px 16px;border-radius:14px;background:#fbefe3"><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Refunded:</span> $15</p><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Paid, after refunds:</span> $35</p><p style="margin:2px 0;white-space:pre-wrap"><span style="color:#6b3e2e;font-weight:bold">Still to pay:</span> $85</p></div><p style="margin:0">Your order’s page:</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token>" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table><p style="margin:0 0 20px;font-size:14px;word-break:break-all"><a href="https://butterandbloom.example/requests/<token>" style="color:#862634">https://butterandbloom.example/requests/<token></a></p><p style="margin:0">Your receipt lists every payment and refund:</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token>/receipt" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your receipt</a></td></tr></table><p style="margin:0 0 20px;font-size:14px;word-break:break-all"><a href="https://butterandbloom.example/requests/<token>/receipt" style="color:#862634">https://butterandbloom.example/requests/<token>/receipt</a></p><p style="margin:0 0 16px;white-space:pre-wrap">Questions? Just reply to this email; it reaches Nadia Ferreira at Butter &amp; Bloom Bakery.</p><p style="margin:0">Warmly,<br>Nadia Ferreira</p></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
        "key": "card-refund:re_test_000003",
        "subject": "A refund for your cakes order — Butter & Bloom Bakery",
        "text": "Hi Priya,

    We have refunded $15

    We refunded $15 to your card on Monday, November 23, 2026, for your cakes order for Saturday, December 12, 2026. Your bank usually shows it within 5 to 10 days.

    Refunded: $15
    Paid, after refunds: $35
    Still to pay: $85

    Your order’s page:
    https://butterandbloom.example/requests/<token>

    Your receipt lists every payment and refund:
    https://butterandbloom.example/requests/<token>/receipt

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Warmly,
    Nadia Ferreira, Butter & Bloom Bakery",
        "to": {
          "address": "priya@example.com",
          "name": "Priya Sharma",
        },
      },
    ]
  `)
  expect((await eventNotes(book)).at(-1)).toMatchInlineSnapshot(`
    {
      "amount_cents": 1500,
      "id": "evt_test_000004",
      "note": "A card refund of $15 made in Stripe was recorded.",
      "outcome": "refunded",
      "payment_reference": "<reference>",
      "type": "refund.created",
    }
  `)
  expect(await cardEmailsAsSent(other)).toMatchInlineSnapshot(`
    [
      {
        "emailjs": {
          "call": "send",
          "template": "order",
          "templateParams": {
            "order_count": "0",
            "orders_summary": "A card payment of $50 for <reference> needs a look. A card payment of $50 came for <reference>, which is cancelled. It was not added to the request: refund it in Stripe's dashboard, or reopen the conversation with the customer.",
          },
        },
        "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">A card payment of $50 for <reference> needs a look</h1><p>A card payment of $50 came for <reference>, which is cancelled. It was not added to the request: refund it in Stripe&#39;s dashboard, or reopen the conversation with the customer.</p><p>Stripe’s dashboard has the payment itself, and refunds it if it should not have been taken.</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/admin" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">Open Today</a></td></tr></table><p style="margin-top:24px;color:#6b3e2e">Sent by the Butter &amp; Bloom Bakery website.</p></body></html>",
        "key": "card-needs-look:evt_test_000002",
        "subject": "A card payment of $50 for <reference> needs a look",
        "text": "A card payment of $50 for <reference> needs a look.

    A card payment of $50 came for <reference>, which is cancelled. It was not added to the request: refund it in Stripe's dashboard, or reopen the conversation with the customer.

    It is listed on Today: https://butterandbloom.example/admin
    Stripe's dashboard has the payment itself, and refunds it if it should not have been taken.
    ",
      },
    ]
  `)
  expect(await eventNotes(other)).toMatchInlineSnapshot(`
    [
      {
        "amount_cents": 5000,
        "id": "evt_test_000002",
        "note": "A card payment of $50 came for <reference>, which is cancelled. It was not added to the request: refund it in Stripe's dashboard, or reopen the conversation with the customer.",
        "outcome": "needs_look",
        "payment_reference": "<reference>",
        "type": "checkout.session.completed",
      },
    ]
  `)
})
