import { expect, test } from 'vitest'
import { SEED_WORDS } from '#app/content/site-words.ts'
import { waitingId } from '#app/features/order-status/customer-links.ts'
import {
  type PaymentNoticeKind,
  composePaymentNotice,
} from '#app/features/payments/payment-notices.ts'
import { composeProofSent } from '#app/features/proof-steps/proof-emails.ts'
import { composeRequestUpdate } from './update-emails.ts'

// The emails that ask her to act take her to the card on her page where she acts.
const siteUrl = 'https://butterandbloom.example'
const page = `${siteUrl}/requests/tok3n`
const request = {
  name: 'Priya Sharma',
  email: 'priya@example.com',
  product_type: 'Cakes',
  due_date: '2026-12-12',
  fulfilment: 'pickup' as const,
  customer_token: 'tok3n',
  position: 2,
}
const unpaid = {
  priceCents: 12_000,
  deliveryFeeCents: 0,
  depositCents: 6_000,
  paidCents: 0,
  depositWaived: false,
  discount: null,
  taxes: [],
}
const quote = {
  depositDue: '2026-12-01',
  paymentInstructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: '',
  expiresAt: Date.parse('2026-11-26T20:00:00Z'),
}

/** The href of each button in an email's HTML. */
const buttons = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" style="display:inline-block/g)].map((match) => match[1])

test('the quote email’s button lands on the quote to answer, and its card link too', () => {
  const email = composeRequestUpdate('quoted', {
    request,
    money: unpaid,
    siteUrl,
    quote,
    cardPayments: true,
  })
  expect(buttons(email.html)).toEqual([`${page}#waiting-quote-2`])
  expect(email.text).toContain(`Accept or decline the quote on your page:\n${page}#waiting-quote-2`)
  // She pays by card once she has accepted, on the same card.
  expect(email.text).toContain(`Pay the deposit now: ${page}#waiting-quote-2\n`)
})

test('each payment notice’s button lands on what she has to pay', () => {
  for (const kind of ['balance-reminder', 'balance-overdue', 'deposit-overdue'] as const) {
    const email = notice(kind)
    expect(buttons(email.html), kind).toEqual([`${page}#waiting-payment-2`])
    expect(email.text, kind).toContain(`now: ${page}#waiting-payment-2`)
  }
})

test('the proof email’s button lands on the proof to approve', () => {
  const email = composeProofSent(
    {
      name: 'Priya Sharma',
      email: 'priya@example.com',
      productType: 'Cakes',
      dueDate: '2026-12-12',
      position: 3,
    },
    { round: 1, note: '', statusUrl: page, bakery: SEED_WORDS.identity },
  )
  expect(buttons(email.html)).toEqual([`${page}#waiting-proof-3`])
  expect(email.text).toContain(`See your proof:\n${page}#waiting-proof-3`)
  expect(waitingId({ kind: 'proof', position: 3 })).toBe('waiting-proof-3')
})

function notice(kind: PaymentNoticeKind) {
  return composePaymentNotice(kind, {
    request: { ...request, status: 'confirmed', payment_reference: 'BB-4821' },
    quote: { depositDue: '2026-12-01', balanceDue: '2026-12-05', paymentInstructions: '' },
    money: unpaid,
    owedCents: 6_000,
    due: '2026-12-01',
    today: '2026-12-02',
    siteUrl,
    cardPayments: true,
  })
}
