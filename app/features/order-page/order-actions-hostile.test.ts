import { expect, test } from 'vitest'
import { z } from 'zod/mini'
import {
  CancelFormSchema,
  DeclineFormSchema,
  PaymentFormSchema,
  QuoteFormSchema,
} from './order-actions.ts'

const messages = (result: { success: boolean; error?: z.core.$ZodError }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message)

test('a payment received in year 9999 is refused with the years the book takes', () => {
  const form = { intent: 'payment', amount: '50', method: 'e-Transfer', received_on: '9999-12-31' }
  expect(messages(z.safeParse(PaymentFormSchema, form))).toEqual([
    'Choose a date from the year 2000 to 2100.',
  ])
  expect(z.safeParse(PaymentFormSchema, { ...form, received_on: '2026-12-01' }).success).toBe(true)
})

test('a deposit due in year 9999 is refused with the years the book takes', () => {
  const form = {
    intent: 'quote',
    price: '120',
    deposit_kind: 'amount',
    deposit: '40',
    deposit_due: '9999-12-31',
    expires_in_days: '7',
  }
  expect(messages(z.safeParse(QuoteFormSchema, form))).toContain(
    'Choose a date from the year 2000 to 2100.',
  )
})

test('the owner’s quote message, how to pay, payment method and notes are stored without bidi controls', () => {
  const quote = z.safeParse(QuoteFormSchema, {
    intent: 'quote',
    price: '120',
    deposit_kind: 'amount',
    deposit: '40',
    expires_in_days: '7',
    message: 'Thank you \u202Eyou\u202C!',
    payment_instructions: 'e-Transfer to \u2066owner@example.com\u2069',
  })
  expect(quote.success && quote.data).toMatchObject({
    message: 'Thank you you!',
    payment_instructions: 'e-Transfer to owner@example.com',
  })
  const payment = z.safeParse(PaymentFormSchema, {
    intent: 'payment',
    amount: '40',
    received_on: '2026-12-01',
    method: '\u202Eh\u202Csac',
  })
  expect(payment.success && payment.data.method).toBe('hsac')
  const cancel = z.safeParse(CancelFormSchema, { intent: 'cancel', note: '\u202Enote' })
  expect(cancel.success && cancel.data.note).toBe('note')
  const decline = z.safeParse(DeclineFormSchema, {
    intent: 'decline',
    reason: 'Fully \u202Ebooked',
  })
  expect(decline.success && decline.data.reason).toBe('Fully booked')
})
