import { expect, test } from 'vitest'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import type { UpdateKind } from '#app/features/order-status/owner-intents.ts'
import { composeRequestConfirmation } from '#app/features/orders/confirmation-email.ts'
import {
  type PaymentNoticeKind,
  composePaymentNotice,
} from '#app/features/payments/payment-notices.ts'
import { orderName } from '#app/utils/order-name.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { composeQuoteExpired } from './quote-answer-emails.ts'
import { composeRequestUpdate } from './update-emails.ts'

const request = {
  name: 'Priya Sharma',
  email: 'priya@example.com',
  product_type: 'Cakes',
  due_date: '2026-12-12',
  fulfilment: 'delivery' as const,
  customer_token: 'tok3n',
}
const money = {
  priceCents: 12_000,
  deliveryFeeCents: 0,
  depositCents: 6_000,
  paidCents: 6_000,
  depositWaived: false,
  discount: null,
  taxes: [],
}
const siteUrl = 'https://butterandbloom.example'

test('ready for a delivery says it is out for delivery and what is owed on delivery', () => {
  const email = composeRequestUpdate('ready', { request, money, siteUrl })
  expect(email.text).toContain('Your cakes order is out for delivery')
  expect(email.text).toContain('Owed on delivery: $60')
  expect(email.text).toContain(`${siteUrl}/requests/tok3n`)
  const paid = composeRequestUpdate('ready', {
    request: { ...request, fulfilment: 'pickup' },
    money: { ...money, paidCents: 12_000 },
    siteUrl,
  })
  expect(paid.text).toContain('is ready for pickup')
  expect(paid.text).toContain('Owed at pickup: Nothing: it is all paid.')
})

test('a quote with no deposit says none is needed; the owner’s words are escaped in the HTML', () => {
  const email = composeRequestUpdate('quoted', {
    request: { ...request, name: '<Priya>' },
    money: { ...money, depositCents: 0, paidCents: 0 },
    siteUrl,
    quote: {
      depositDue: null,
      paymentInstructions: 'Pay at <a href="x">this link</a>',
      message: 'See you & yours',
      expiresAt: Date.parse('2026-11-26T20:00:00Z'),
    },
  })
  expect(email.text).toContain('Deposit: None needed')
  expect(email.text).toContain('Pay at <a href="x">this link</a>')
  expect(email.html).toContain('Pay at &lt;a href=&quot;x&quot;&gt;this link&lt;/a&gt;')
  expect(email.html).toContain('See you &amp; yours')
  expect(email.html).not.toContain('<Priya>')
  expect(email.html).toContain('Accept or decline')
})

test('a quote email needs its quote', () => {
  expect(() => composeRequestUpdate('quoted', { request, money, siteUrl })).toThrow()
})

const quote = {
  depositDue: '2026-12-01',
  paymentInstructions: 'Interac e-Transfer',
  message: '',
  expiresAt: Date.parse('2026-11-26T20:00:00Z'),
}
const statusUrl = `${siteUrl}/requests/tok3n`

/** Every email a customer can get, by name. */
function everyCustomerEmail(productType = 'Cakes'): [string, OutgoingEmail][] {
  const kinds: UpdateKind[] = [
    'quoted',
    'confirmed',
    'ready',
    'declined',
    'cancelled',
    'paid',
    'refunded',
  ]
  return [
    [
      'confirmation',
      composeRequestConfirmation({
        orders: [{ ...birthdayCakeOrder, product_type: productType }],
        statusUrl,
      }),
    ],
    ...kinds.map((kind): [string, OutgoingEmail] => [
      kind,
      composeRequestUpdate(kind, {
        request: { ...request, product_type: productType },
        money,
        siteUrl,
        quote,
        note: 'We are fully booked that weekend.',
        refund: {
          amountCents: 4000,
          refundedOn: '2026-11-26',
          method: 'e-Transfer',
          reason: 'We are fully booked that weekend.',
        },
      }),
    ]),
    [
      'expired',
      composeQuoteExpired(
        { name: request.name, email: request.email, productType, dueDate: request.due_date },
        { statusUrl },
      ),
    ],
  ]
}

test('every email to a customer links her private page, in its text and as a link', () => {
  for (const [kind, email] of everyCustomerEmail()) {
    expect(email.text, kind).toContain(statusUrl)
    expect(email.html, kind).toContain(`href="${statusUrl}"`)
    expect(email.emailjs, kind).toMatchObject({ templateParams: { status_url: statusUrl } })
  }
})

test('every email to a customer greets her once', () => {
  for (const [kind, email] of everyCustomerEmail()) {
    expect(email.text.match(/Priya/g), kind).toHaveLength(1)
    expect(email.text, kind).toMatch(/^Hi Priya,\n/)
  }
})

test('the treat is named grammatically, whatever the owner calls it', () => {
  expect(orderName('Cakes')).toBe('cakes order')
  expect(orderName('Wedding cake')).toBe('wedding cake order')
  expect(orderName('French Macarons')).toBe('French Macarons order')
  // A day, a month or a holiday keeps its capital: drops are often named for one.
  expect(orderName('Saturday bake')).toBe('Saturday bake order')
  expect(orderName('Christmas cookies')).toBe('Christmas cookies order')
  expect(orderName("Mother's Day box")).toBe("Mother's Day box order")
  expect(orderName('Mayonnaise cake')).toBe('mayonnaise cake order')
  expect(orderName('Other')).toBe('order')
  // A party whose treat has a comma of its own reads as one order, not a list.
  expect(orderName('Cake and Cupcakes, a dozen')).toBe('order (Cake and Cupcakes, a dozen)')
  const subjects = (product: string) =>
    everyCustomerEmail(product).map(([, email]) => email.subject.replace(/ — .*/, ''))
  expect(subjects('Cakes')).toEqual([
    'We got your order',
    'A quote for your cakes order',
    'Your cakes order is booked',
    'Your cakes order is ready',
    'About your cakes order',
    'Your cakes order is cancelled',
    'Your cakes order is paid in full',
    'A refund for your cakes order',
    'Your quote has expired',
  ])
  expect(subjects('Other').slice(1, 3)).toEqual(['A quote for your order', 'Your order is booked'])
  for (const [kind, email] of everyCustomerEmail()) {
    expect(email.text, kind).not.toMatch(/[Yy]our Cakes\b|a Cakes\b/)
  }
  const booked = everyCustomerEmail()[2]![1]
  expect(booked.text).toContain('Your cakes order for Saturday, December 12, 2026 is booked.')
})

test('the quote email and the private page say the same about when the date is held', () => {
  const email = composeRequestUpdate('quoted', { request, money, siteUrl, quote })
  expect(email.text).toContain(
    'Your date is held for you until Thursday, November 26, 2026 at 3:00 p.m. After that the quote expires and the date may go to someone else.',
  )
})

test('with card payments on, the quote and the payment notices say "Pay … now" with her page; off, they do not', () => {
  const unpaid = { ...money, paidCents: 0 }
  const on = composeRequestUpdate('quoted', {
    request,
    money: unpaid,
    siteUrl,
    quote,
    cardPayments: true,
  })
  expect(on.text).toContain(`Pay the deposit now: ${statusUrl}`)
  expect(on.html).toContain(`Pay the deposit now: ${statusUrl}`)
  const off = composeRequestUpdate('quoted', { request, money: unpaid, siteUrl, quote })
  expect(off.text).not.toContain('Pay the deposit now')
  // No deposit asked, nothing to pay by card before the date is booked.
  const noDeposit = composeRequestUpdate('quoted', {
    request,
    money: { ...unpaid, depositCents: 0 },
    siteUrl,
    quote,
    cardPayments: true,
  })
  expect(noDeposit.text).not.toContain('Pay the deposit now')
  // A deposit smaller than Stripe charges is paid as her instructions say, not by card.
  const tiny = composeRequestUpdate('quoted', {
    request,
    money: { ...unpaid, depositCents: 40 },
    siteUrl,
    quote,
    cardPayments: true,
  })
  expect(tiny.text).not.toContain('Pay the deposit now')

  const notice = (kind: PaymentNoticeKind, cardPayments: boolean, owed = unpaid) =>
    composePaymentNotice(kind, {
      request: { ...request, status: 'quoted', payment_reference: 'BB-4821' },
      quote: { depositDue: '2026-12-01', balanceDue: '2026-12-05', paymentInstructions: '' },
      money: owed,
      owedCents: 6_000,
      due: '2026-12-01',
      today: '2026-12-02',
      siteUrl,
      cardPayments,
    })
  expect(notice('deposit-overdue', true).text).toContain(`Pay the deposit now: ${statusUrl}`)
  expect(notice('balance-reminder', true).text).toContain(`Pay the balance now: ${statusUrl}`)
  expect(notice('deposit-overdue', false).text).not.toContain('Pay the deposit now')
  // Less than Stripe charges is not offered by card: her page would not offer it either.
  const almostPaid = { ...unpaid, depositCents: 40, paidCents: 0, priceCents: 40 }
  expect(notice('deposit-overdue', true, almostPaid).text).not.toContain('Pay the deposit now')
})
