import { expect, test } from 'vitest'
import { composeRequestUpdate } from './update-emails.ts'

const request = {
  name: 'Priya Sharma',
  email: 'priya@example.com',
  product_type: 'Cakes',
  due_date: '2026-12-12',
  fulfilment: 'delivery' as const,
  customer_token: 'tok3n',
}
const money = { priceCents: 12_000, depositCents: 6_000, paidCents: 6_000, depositWaived: false }
const siteUrl = 'https://butterandbloom.example'

test('ready for a delivery says it is out for delivery and what is owed on delivery', () => {
  const email = composeRequestUpdate('ready', { request, money, siteUrl })
  expect(email.text).toContain('Your Cakes is out for delivery')
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
