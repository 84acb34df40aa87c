/**
 * Every email the schedule queues, word for word, from one morning of the
 * book: the owner's digest with all its sections, a customer's reminder
 * (a delivery, with its window, place and what is still to pay) and the
 * three payment notices (a deposit overdue, a balance overdue, a balance
 * due soon).
 */
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { composeReminder } from './reminder-email.ts'
import { runSchedule } from './schedule.server.ts'

const SITE_URL = 'https://butterandbloom.example'
// Friday, December 11, 2026, 9:00 in Toronto (UTC−5).
const NINE = new Date('2026-12-11T14:00:00Z')

async function quote(
  db: Db,
  requestId: number,
  {
    balanceDue = null,
    depositDue = null,
  }: { balanceDue?: string | null; depositDue?: string | null },
) {
  const quoted = await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId,
      quote: {
        priceCents: 12_000,
        depositCents: 4_000,
        depositDue,
        balanceDue,
        paymentInstructions: 'Interac e-Transfer to hello@butterandbloom.example',
        message: '',
        expiresInDays: 14,
      },
      now: BOOK_NOW,
    }),
  )
  if (!quoted.ok) throw new Error(quoted.error)
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  await answerQuote(db, { token: token!, requestId, answer: 'accept', now: BOOK_NOW + 1000 })
}

async function payDeposit(db: Db, requestId: number) {
  const paid = await recordPayment(db, {
    requestId,
    payment: { amountCents: 4_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: BOOK_NOW + 2000,
  })
  if (!paid.confirmed) throw new Error('Not confirmed.')
}

/** The no-break spaces inside the times, shown, so the pinned text can be read (and linted). */
function showSpaces(payload: string) {
  return JSON.parse(payload.replaceAll('\u00a0', '<nbsp>'))
}

/** The outbox's emails, with each request's random token and reference named by its id. */
async function queuedEmails(db: Db) {
  const requests = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token', 'payment_reference'])
    .execute()
  const rows = await db
    .selectFrom('outbox')
    .select(['topic', 'dedupe_key', 'payload'])
    .where('topic', 'in', ['owner_digest', 'request_reminder', 'payment_notice'])
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    let payload = row.payload
    for (const request of requests) {
      payload = payload
        .replaceAll(request.customer_token!, `<token ${request.id}>`)
        .replaceAll(request.payment_reference!, `<reference ${request.id}>`)
    }
    return { topic: row.topic, key: row.dedupe_key, ...showSpaces(payload) }
  })
}

test('the digest, a reminder and the payment notices of one morning, word for word', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  // Tomorrow, delivered: its balance fell due yesterday.
  const delivered = await sendRequest(db, { due_date: '2026-12-12', allergies: 'No peanuts' })
  await db
    .updateTable('order_request')
    .set({
      fulfilment: 'delivery',
      pickup_window: '14:00-16:00',
      delivery_street: '12 Maple Street',
      delivery_city: 'Toronto',
      delivery_postal_code: 'M4C 1A1',
    })
    .where('id', '=', delivered)
    .execute()
  await quote(db, delivered, { balanceDue: '2026-12-10' })
  await payDeposit(db, delivered)
  // Booked, its balance due in three days.
  const soon = await sendRequest(db, {
    due_date: '2026-12-19',
    name: 'Ana Lima',
    email: 'ana@example.com',
    product_type: 'Cupcakes',
    servings: '24 cupcakes',
  })
  await quote(db, soon, { balanceDue: '2026-12-14' })
  await payDeposit(db, soon)
  // Accepted, its deposit a day late.
  const late = await sendRequest(db, {
    due_date: '2026-12-22',
    name: 'Sam Ortiz',
    email: 'sam@example.com',
    servings: '20',
  })
  await quote(db, late, { depositDue: '2026-12-10' })
  // Quoted today and waiting for an answer.
  const waiting = await sendRequest(db, {
    due_date: '2026-12-11',
    name: 'Lee Chen',
    email: 'lee@example.com',
    product_type: 'Cookies',
  })
  await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId: waiting,
      quote: {
        priceCents: 3_000,
        depositCents: 0,
        depositDue: null,
        paymentInstructions: '',
        message: '',
      },
      now: BOOK_NOW,
    }),
  )

  expect(await runSchedule(db, { now: NINE, siteUrl: SITE_URL })).toEqual({
    digest: true,
    reminders: 1,
    paymentNotices: 3,
  })
  expect(await queuedEmails(db)).toMatchInlineSnapshot(`
    [
      {
        "emailjs": {
          "call": "send",
          "template": "order",
          "templateParams": {
            "order_count": "2",
            "orders_summary": "Your day: Friday, December 11, 2026.

    Due today and tomorrow:
    • Today: Cookies for Lee Chen (Quoted)
    • Tomorrow: Cakes for Priya Sharma (Confirmed) · Delivery 2:00<nbsp>p.m.–4:00<nbsp>p.m. to 12 Maple Street, Toronto M4C 1A1 — allergies: No peanuts

    Quotes waiting for an answer:
    • Cookies for Lee Chen, Friday, December 11, 2026

    Deposits overdue:
    • Cakes for Sam Ortiz: $40 was due Thursday, December 10, 2026

    Balances overdue:
    • Cakes for Priya Sharma: $80 was due Thursday, December 10, 2026

    The order book: https://butterandbloom.example/admin/orders",
          },
        },
        "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Your day: Friday, December 11, 2026</h1><h2 style="font-size:18px;margin:20px 0 8px">Due today and tomorrow</h2><ul><li>Today: Cookies for Lee Chen (Quoted)</li><li>Tomorrow: Cakes for Priya Sharma (Confirmed) · Delivery 2:00<nbsp>p.m.–4:00<nbsp>p.m. to 12 Maple Street, Toronto M4C 1A1 — allergies: No peanuts</li></ul><h2 style="font-size:18px;margin:20px 0 8px">Quotes waiting for an answer</h2><ul><li>Cookies for Lee Chen, Friday, December 11, 2026</li></ul><h2 style="font-size:18px;margin:20px 0 8px">Deposits overdue</h2><ul><li>Cakes for Sam Ortiz: $40 was due Thursday, December 10, 2026</li></ul><h2 style="font-size:18px;margin:20px 0 8px">Balances overdue</h2><ul><li>Cakes for Priya Sharma: $80 was due Thursday, December 10, 2026</li></ul><p><a href="https://butterandbloom.example/admin/orders">Open the order book</a></p><p style="margin-top:24px;color:#6b3e2e">Sent by the Butter &amp; Bloom Bakery website.</p></body></html>",
        "key": "digest:2026-12-11",
        "subject": "Your day: Friday, December 11, 2026",
        "text": "Your day: Friday, December 11, 2026.

    Due today and tomorrow:
    • Today: Cookies for Lee Chen (Quoted)
    • Tomorrow: Cakes for Priya Sharma (Confirmed) · Delivery 2:00<nbsp>p.m.–4:00<nbsp>p.m. to 12 Maple Street, Toronto M4C 1A1 — allergies: No peanuts

    Quotes waiting for an answer:
    • Cookies for Lee Chen, Friday, December 11, 2026

    Deposits overdue:
    • Cakes for Sam Ortiz: $40 was due Thursday, December 10, 2026

    Balances overdue:
    • Cakes for Priya Sharma: $80 was due Thursday, December 10, 2026

    The order book: https://butterandbloom.example/admin/orders",
        "topic": "owner_digest",
      },
      {
        "emailjs": {
          "call": "send",
          "template": "customer",
          "templateParams": {
            "message": "Hi Priya,

    A reminder that your Cakes is coming to you tomorrow, Saturday, December 12, 2026, 2:00<nbsp>p.m.–4:00<nbsp>p.m.

    To: 12 Maple Street, Toronto M4C 1A1

    Still to pay: $80.

    Your order: https://butterandbloom.example/requests/<token 1>

    Questions? Just reply to this email.

    Nadia Ferreira, Butter & Bloom Bakery",
            "status_url": "https://butterandbloom.example/requests/<token 1>",
            "subject": "See you tomorrow — your Cakes from Butter & Bloom Bakery",
            "to_email": "priya@example.com",
            "to_name": "Priya Sharma",
          },
        },
        "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>See you tomorrow — your Cakes from Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">Your Cakes is due tomorrow, Saturday, December 12, 2026.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">See you tomorrow, Priya!</h1><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Treat</th><td style="padding:4px 0;white-space:pre-wrap">Cakes</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Saturday, December 12, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">How</th><td style="padding:4px 0;white-space:pre-wrap">We deliver it to you</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Time</th><td style="padding:4px 0;white-space:pre-wrap">2:00<nbsp>p.m.–4:00<nbsp>p.m.</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">To</th><td style="padding:4px 0;white-space:pre-wrap">12 Maple Street, Toronto M4C 1A1</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Still to pay</th><td style="padding:4px 0;white-space:pre-wrap">$80</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token 1>" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
        "key": "reminder:1:2026-12-12",
        "subject": "See you tomorrow — your Cakes from Butter & Bloom Bakery",
        "text": "Hi Priya,

    A reminder that your Cakes is coming to you tomorrow, Saturday, December 12, 2026, 2:00<nbsp>p.m.–4:00<nbsp>p.m.

    To: 12 Maple Street, Toronto M4C 1A1

    Still to pay: $80.

    Your order: https://butterandbloom.example/requests/<token 1>

    Questions? Just reply to this email.

    Nadia Ferreira, Butter & Bloom Bakery",
        "to": {
          "address": "priya@example.com",
          "name": "Priya Sharma",
        },
        "topic": "request_reminder",
      },
      {
        "emailjs": {
          "call": "send",
          "template": "customer",
          "templateParams": {
            "message": "Hi Priya,

    The balance for your cakes order on Saturday, December 12, 2026 was due Thursday, December 10, 2026, and $80 is still to pay. If you have just sent it, thank you, and please ignore this email.

    Deposit: $40, when you accept (paid, thank you)
    Balance: $80, due Thursday, December 10, 2026 (overdue: $80 to pay)
    Paid so far: $40
    Payment reference: <reference 1>

    How to pay:
    Interac e-Transfer to hello@butterandbloom.example
    Put <reference 1> in the e-Transfer message, so we know the payment is yours.

    Your order: https://butterandbloom.example/requests/<token 1>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
            "status_url": "https://butterandbloom.example/requests/<token 1>",
            "subject": "Your balance of $80 was due Thursday, December 10, 2026 — Butter & Bloom Bakery",
            "to_email": "priya@example.com",
            "to_name": "Priya Sharma",
          },
        },
        "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>Your balance of $80 was due Thursday, December 10, 2026 — Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">The balance for your cakes order on Saturday, December 12, 2026 was due Thursday, December 10, 2026, and $80 is still to pay. If you have just sent it, thank you, and please ignore this email.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">Your balance is overdue</h1><p style="margin:0 0 16px">Hi Priya,</p><p style="margin:0 0 16px">The balance for your cakes order on Saturday, December 12, 2026 was due Thursday, December 10, 2026, and $80 is still to pay. If you have just sent it, thank you, and please ignore this email.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Deposit</th><td style="padding:4px 0;white-space:pre-wrap">$40, when you accept (paid, thank you)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Balance</th><td style="padding:4px 0;white-space:pre-wrap">$80, due Thursday, December 10, 2026 (overdue: $80 to pay)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid so far</th><td style="padding:4px 0;white-space:pre-wrap">$40</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap"><reference 1></td></tr></table><p style="margin:0 0 4px;font-weight:bold">How to pay</p><p style="margin:0 0 12px;white-space:pre-wrap">Interac e-Transfer to hello@butterandbloom.example</p><p style="margin:0 0 12px;white-space:pre-wrap">Put <reference 1> in the e-Transfer message, so we know the payment is yours.</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token 1>#waiting-payment-1" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
        "key": "balance-overdue:1:2026-12-10",
        "subject": "Your balance of $80 was due Thursday, December 10, 2026 — Butter & Bloom Bakery",
        "text": "Hi Priya,

    The balance for your cakes order on Saturday, December 12, 2026 was due Thursday, December 10, 2026, and $80 is still to pay. If you have just sent it, thank you, and please ignore this email.

    Deposit: $40, when you accept (paid, thank you)
    Balance: $80, due Thursday, December 10, 2026 (overdue: $80 to pay)
    Paid so far: $40
    Payment reference: <reference 1>

    How to pay:
    Interac e-Transfer to hello@butterandbloom.example
    Put <reference 1> in the e-Transfer message, so we know the payment is yours.

    Your order: https://butterandbloom.example/requests/<token 1>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
        "to": {
          "address": "priya@example.com",
          "name": "Priya Sharma",
        },
        "topic": "payment_notice",
      },
      {
        "emailjs": {
          "call": "send",
          "template": "customer",
          "templateParams": {
            "message": "Hi Ana,

    The balance for your cupcakes order on Saturday, December 19, 2026 is due Monday, December 14, 2026: $80.

    Deposit: $40, when you accept (paid, thank you)
    Balance: $80, due Monday, December 14, 2026 ($80 to pay)
    Paid so far: $40
    Payment reference: <reference 2>

    How to pay:
    Interac e-Transfer to hello@butterandbloom.example
    Put <reference 2> in the e-Transfer message, so we know the payment is yours.

    Your order: https://butterandbloom.example/requests/<token 2>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
            "status_url": "https://butterandbloom.example/requests/<token 2>",
            "subject": "Your balance of $80 is due Monday, December 14, 2026 — Butter & Bloom Bakery",
            "to_email": "ana@example.com",
            "to_name": "Ana Lima",
          },
        },
        "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>Your balance of $80 is due Monday, December 14, 2026 — Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">The balance for your cupcakes order on Saturday, December 19, 2026 is due Monday, December 14, 2026: $80.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">A reminder about your balance</h1><p style="margin:0 0 16px">Hi Ana,</p><p style="margin:0 0 16px">The balance for your cupcakes order on Saturday, December 19, 2026 is due Monday, December 14, 2026: $80.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Deposit</th><td style="padding:4px 0;white-space:pre-wrap">$40, when you accept (paid, thank you)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Balance</th><td style="padding:4px 0;white-space:pre-wrap">$80, due Monday, December 14, 2026 ($80 to pay)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Paid so far</th><td style="padding:4px 0;white-space:pre-wrap">$40</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap"><reference 2></td></tr></table><p style="margin:0 0 4px;font-weight:bold">How to pay</p><p style="margin:0 0 12px;white-space:pre-wrap">Interac e-Transfer to hello@butterandbloom.example</p><p style="margin:0 0 12px;white-space:pre-wrap">Put <reference 2> in the e-Transfer message, so we know the payment is yours.</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token 2>#waiting-payment-1" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
        "key": "balance-reminder:2:2026-12-14",
        "subject": "Your balance of $80 is due Monday, December 14, 2026 — Butter & Bloom Bakery",
        "text": "Hi Ana,

    The balance for your cupcakes order on Saturday, December 19, 2026 is due Monday, December 14, 2026: $80.

    Deposit: $40, when you accept (paid, thank you)
    Balance: $80, due Monday, December 14, 2026 ($80 to pay)
    Paid so far: $40
    Payment reference: <reference 2>

    How to pay:
    Interac e-Transfer to hello@butterandbloom.example
    Put <reference 2> in the e-Transfer message, so we know the payment is yours.

    Your order: https://butterandbloom.example/requests/<token 2>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
        "to": {
          "address": "ana@example.com",
          "name": "Ana Lima",
        },
        "topic": "payment_notice",
      },
      {
        "emailjs": {
          "call": "send",
          "template": "customer",
          "templateParams": {
            "message": "Hi Sam,

    The deposit that holds your date for your cakes order on Tuesday, December 22, 2026 was due Thursday, December 10, 2026, and $40 is still to pay. If you have just sent it, thank you, and please ignore this email.

    Deposit: $40, due Thursday, December 10, 2026 (overdue: $40 to pay)
    Balance: $80, due Tuesday, December 15, 2026 ($80 to pay)
    Payment reference: <reference 3>

    How to pay:
    Interac e-Transfer to hello@butterandbloom.example
    Put <reference 3> in the e-Transfer message, so we know the payment is yours.

    Your order: https://butterandbloom.example/requests/<token 3>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
            "status_url": "https://butterandbloom.example/requests/<token 3>",
            "subject": "Your deposit of $40 was due Thursday, December 10, 2026 — Butter & Bloom Bakery",
            "to_email": "sam@example.com",
            "to_name": "Sam Ortiz",
          },
        },
        "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>Your deposit of $40 was due Thursday, December 10, 2026 — Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">The deposit that holds your date for your cakes order on Tuesday, December 22, 2026 was due Thursday, December 10, 2026, and $40 is still to pay. If you have just sent it, thank you, and please ignore this email.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">Your deposit is overdue</h1><p style="margin:0 0 16px">Hi Sam,</p><p style="margin:0 0 16px">The deposit that holds your date for your cakes order on Tuesday, December 22, 2026 was due Thursday, December 10, 2026, and $40 is still to pay. If you have just sent it, thank you, and please ignore this email.</p><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Deposit</th><td style="padding:4px 0;white-space:pre-wrap">$40, due Thursday, December 10, 2026 (overdue: $40 to pay)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Balance</th><td style="padding:4px 0;white-space:pre-wrap">$80, due Tuesday, December 15, 2026 ($80 to pay)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Payment reference</th><td style="padding:4px 0;white-space:pre-wrap"><reference 3></td></tr></table><p style="margin:0 0 4px;font-weight:bold">How to pay</p><p style="margin:0 0 12px;white-space:pre-wrap">Interac e-Transfer to hello@butterandbloom.example</p><p style="margin:0 0 12px;white-space:pre-wrap">Put <reference 3> in the e-Transfer message, so we know the payment is yours.</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/<token 3>#waiting-payment-1" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
        "key": "deposit-overdue:3:2026-12-10",
        "subject": "Your deposit of $40 was due Thursday, December 10, 2026 — Butter & Bloom Bakery",
        "text": "Hi Sam,

    The deposit that holds your date for your cakes order on Tuesday, December 22, 2026 was due Thursday, December 10, 2026, and $40 is still to pay. If you have just sent it, thank you, and please ignore this email.

    Deposit: $40, due Thursday, December 10, 2026 (overdue: $40 to pay)
    Balance: $80, due Tuesday, December 15, 2026 ($80 to pay)
    Payment reference: <reference 3>

    How to pay:
    Interac e-Transfer to hello@butterandbloom.example
    Put <reference 3> in the e-Transfer message, so we know the payment is yours.

    Your order: https://butterandbloom.example/requests/<token 3>

    Questions? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

    Nadia Ferreira, Butter & Bloom Bakery",
        "to": {
          "address": "sam@example.com",
          "name": "Sam Ortiz",
        },
        "topic": "payment_notice",
      },
    ]
  `)
})

test('a party’s reminder whose treats come at their own times, word for word', () => {
  const reminder = composeReminder({
    name: 'Priya Sharma',
    email: 'priya@example.com',
    product_type: 'Cupcakes and Cookies',
    due_date: '2026-12-13',
    fulfilment: 'pickup',
    treats: [
      {
        productType: 'Cupcakes',
        fulfilment: 'pickup',
        window: '10:00-12:00',
        place: '12 Rosewood Avenue',
      },
      {
        productType: 'Cookies',
        fulfilment: 'delivery',
        window: '14:00-16:00',
        place: '88 Lilac Lane, Oakville',
      },
    ],
    stillOwed: 2_500,
    statusUrl: 'https://butterandbloom.example/requests/token',
  })
  expect(showSpaces(JSON.stringify(reminder))).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "customer",
        "templateParams": {
          "message": "Hi Priya,

    A reminder that your Cupcakes and Cookies are due tomorrow, Sunday, December 13, 2026, each at its own time:
    • Cupcakes: Pickup, 10:00<nbsp>a.m.–12:00<nbsp>p.m., at 12 Rosewood Avenue
    • Cookies: Delivery, 2:00<nbsp>p.m.–4:00<nbsp>p.m., to 88 Lilac Lane, Oakville

    Still to pay: $25.

    Your order: https://butterandbloom.example/requests/token

    Questions? Just reply to this email.

    Nadia Ferreira, Butter & Bloom Bakery",
          "status_url": "https://butterandbloom.example/requests/token",
          "subject": "See you tomorrow — your Cupcakes and Cookies from Butter & Bloom Bakery",
          "to_email": "priya@example.com",
          "to_name": "Priya Sharma",
        },
      },
      "html": "<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>See you tomorrow — your Cupcakes and Cookies from Butter &amp; Bloom Bakery</title></head>
    <body style="margin:0;padding:0;background:#fff8f0;color:#3b2418;font-family:Helvetica,Arial,sans-serif">
    <div style="display:none;max-height:0;overflow:hidden;opacity:0">Your Cupcakes and Cookies are due tomorrow, Sunday, December 13, 2026.</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f0"><tr><td align="center" style="padding:24px 10px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
    <tr><td style="padding:0 8px 16px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:22px;font-weight:bold;color:#862634">Butter &amp; Bloom Bakery</td></tr>
    <tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:#3b2418"><h1 style="margin:0 0 12px;font-family:Fraunces,Georgia,&#39;Times New Roman&#39;,serif;font-size:26px;line-height:1.25;color:#3b2418">See you tomorrow, Priya!</h1><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Date</th><td style="padding:4px 0;white-space:pre-wrap">Sunday, December 13, 2026</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Cupcakes</th><td style="padding:4px 0;white-space:pre-wrap">Pickup, 10:00<nbsp>a.m.–12:00<nbsp>p.m., at 12 Rosewood Avenue</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Cookies</th><td style="padding:4px 0;white-space:pre-wrap">Delivery, 2:00<nbsp>p.m.–4:00<nbsp>p.m., to 88 Lilac Lane, Oakville</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Still to pay</th><td style="padding:4px 0;white-space:pre-wrap">$25</td></tr></table><table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:#a93443"><a href="https://butterandbloom.example/requests/token" style="display:inline-block;padding:14px 26px;border-radius:999px;background:#a93443;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">See your order</a></td></tr></table></td></tr>
    <tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:#6b3e2e">Butter &amp; Bloom Bakery · a home bakery in Toronto<br>Questions? Reply to this email or write to <a href="mailto:hello@butterandbloom.ca" style="color:#862634">hello@butterandbloom.ca</a>.</td></tr>
    </table>
    </td></tr></table>
    </body></html>",
      "subject": "See you tomorrow — your Cupcakes and Cookies from Butter & Bloom Bakery",
      "text": "Hi Priya,

    A reminder that your Cupcakes and Cookies are due tomorrow, Sunday, December 13, 2026, each at its own time:
    • Cupcakes: Pickup, 10:00<nbsp>a.m.–12:00<nbsp>p.m., at 12 Rosewood Avenue
    • Cookies: Delivery, 2:00<nbsp>p.m.–4:00<nbsp>p.m., to 88 Lilac Lane, Oakville

    Still to pay: $25.

    Your order: https://butterandbloom.example/requests/token

    Questions? Just reply to this email.

    Nadia Ferreira, Butter & Bloom Bakery",
      "to": {
        "address": "priya@example.com",
        "name": "Priya Sharma",
      },
    }
  `)
})
