import { expect, test } from 'vitest'
import { CURRENCY_CHOICES } from '#app/content/local-choices.ts'
import { CARD_MINIMUM_CENTS, cardMinimumCents } from './card-minimum.ts'

test('every currency a bakery may choose has Stripe’s smallest charge written down', () => {
  for (const { code } of CURRENCY_CHOICES) expect(CARD_MINIMUM_CENTS[code], code).toBeGreaterThan(0)
  expect(cardMinimumCents('GBP')).toBe(30)
  expect(cardMinimumCents('cad')).toBe(50)
})
