import { expect, test } from 'vitest'
import { z } from 'zod/mini'
import { PaymentFormSchema, QuoteFormSchema } from './order-actions.ts'

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
