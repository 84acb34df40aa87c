import { expect, test } from 'vitest'
import {
  CODE_LENGTH,
  formatGiftCardCode,
  giftCardEnding,
  newGiftCardCode,
  purchaseCents,
  readGiftCardCode,
} from './gift-card-rules.ts'

test('a code is sixteen of the letters and digits nobody mistakes, read back however she types it', () => {
  let draw = 0
  const code = newGiftCardCode((below) => draw++ % below)
  expect(code).toHaveLength(CODE_LENGTH)
  expect(code).not.toMatch(/[01ILO]/)
  expect(formatGiftCardCode(code)).toBe('ABCD-EFGH-JKMN-PQRS')
  expect(giftCardEnding(code)).toBe('····PQRS')
  for (const typed of ['abcd-efgh-jkmn-pqrs', ' ABCD EFGH JKMN PQRS ', 'ABCD–EFGH—JKMNPQRS']) {
    expect(readGiftCardCode(typed)).toBe(code)
  }
  // A letter the codes leave out, or a code too short, is no code: nothing is looked up.
  expect(readGiftCardCode('ABCD-EFGH-JKMN-PQR0')).toBeNull()
  expect(readGiftCardCode('ABCD-EFGH-JKMN')).toBeNull()
})

test('an amount is one of the choices, or one written within the bounds, as people write money', () => {
  expect(purchaseCents({ amount: '5000' })).toEqual({ ok: true, cents: 5_000 })
  expect(purchaseCents({ amount: '4999' })).toEqual({
    ok: false,
    field: 'amount',
    error: 'Choose an amount.',
  })
  // Without scripts the $50 chip may stay chosen beside a written amount: she is asked which.
  expect(purchaseCents({ amount: '5000', other_amount: '30' })).toEqual({
    ok: false,
    field: 'other_amount',
    error:
      'You chose $50 and wrote another amount: choose “Another amount” to pay it, or clear it.',
  })
  expect(purchaseCents({ amount: 'other', other_amount: '$62.50' })).toEqual({
    ok: true,
    cents: 6_250,
  })
  expect(purchaseCents({ amount: 'other', other_amount: '' })).toMatchObject({
    field: 'other_amount',
    error: 'Write the amount.',
  })
  expect(purchaseCents({ amount: 'other', other_amount: '9.99' })).toMatchObject({
    error: 'A gift card can be from $10 to $500.',
  })
  expect(purchaseCents({ amount: 'other', other_amount: '500.01' })).toMatchObject({
    error: 'A gift card can be from $10 to $500.',
  })
  expect(purchaseCents({ amount: 'other', other_amount: 'fifty' })).toMatchObject({
    error: 'The amount must be an amount of money, like $45 or $12.50.',
  })
})
