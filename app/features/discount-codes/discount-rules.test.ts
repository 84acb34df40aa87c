import { expect, test } from 'vitest'
import {
  type CodeTerms,
  codeOf,
  discountCents,
  refusalOf,
  standingOf,
  termsWords,
  withCode,
} from './discount-rules.ts'

const spring: CodeTerms = {
  code: 'SPRING15',
  kind: 'percent',
  value: 15,
  minPriceCents: null,
  firstOrderOnly: false,
  oncePerCustomer: false,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  uses: 0,
  retired: false,
}

test('a percent is of the price in cents, to the nearest cent with a half cent up; an amount never passes the price', () => {
  // 15% of $12.50 is $1.875: $1.88 off.
  expect(discountCents(spring, 1_250)).toBe(188)
  // 15% of $12.30 is $1.845: $1.85 off; of $12.20, $1.83 exactly.
  expect(discountCents(spring, 1_230)).toBe(185)
  expect(discountCents(spring, 1_220)).toBe(183)
  // 15% of 3 cents is 0.45 of a cent: nothing off.
  expect(discountCents(spring, 3)).toBe(0)
  expect(discountCents({ kind: 'percent', value: 100 }, 4_599)).toBe(4_599)
  expect(discountCents({ kind: 'amount', value: 500 }, 4_599)).toBe(500)
  expect(discountCents({ kind: 'amount', value: 5_000 }, 4_599)).toBe(4_599)
  expect(discountCents({ kind: 'amount', value: 500 }, 0)).toBe(0)
})

test('a code is typed in any case with spaces around, and nothing else is a code', () => {
  expect(codeOf('  spring15 ')).toBe('SPRING15')
  expect(codeOf('first-order')).toBe('FIRST-ORDER')
  expect(codeOf('ab')).toBeNull()
  expect(codeOf('spring 15')).toBeNull()
  expect(codeOf('-SPRING')).toBeNull()
  expect(codeOf('x'.repeat(25))).toBeNull()
})

test('where a code stands, and why it cannot be used, in her customer’s words', () => {
  const dated = { ...spring, startsOn: '2026-12-01', endsOn: '2026-12-24' }
  expect(standingOf(dated, '2026-11-30')).toBe('not yet')
  expect(refusalOf(dated, 5_000, '2026-11-30')).toBe(
    'The code SPRING15 starts on Tuesday, December 1, 2026.',
  )
  expect(refusalOf(dated, 5_000, '2026-12-24')).toBeNull()
  expect(refusalOf(dated, 5_000, '2026-12-25')).toBe('The code SPRING15 has ended.')
  expect(refusalOf({ ...spring, maxUses: 10, uses: 10 }, 5_000, '2026-12-01')).toBe(
    'The code SPRING15 has been used up.',
  )
  expect(refusalOf({ ...spring, retired: true }, 5_000, '2026-12-01')).toBe(
    'The code SPRING15 has ended.',
  )
  expect(refusalOf({ ...spring, minPriceCents: 4_000 }, 3_999, '2026-12-01')).toBe(
    'The code SPRING15 is for orders of $40 or more.',
  )
  expect(
    termsWords({ ...spring, firstOrderOnly: true, minPriceCents: 4_000, endsOn: '2026-12-24' }),
  ).toBe('15% off · first orders only · orders of $40 or more · until Thursday, December 24, 2026')
})

test('a price with a code: its line below the others, the delivery fee never discounted', () => {
  const price = {
    totalCents: 4_050 + 900,
    deliveryFeeCents: 900,
    lines: [
      { label: 'Cupcakes', cents: 3_600 },
      { label: 'Frosting: Cream cheese', cents: 450 },
      { label: 'Delivery', cents: 900 },
    ],
  }
  const coded = withCode(price, spring)
  // 15% of $40.50 is $6.075: $6.08 off.
  expect(coded.lines.at(-1)).toEqual({ label: 'Code SPRING15', cents: -608 })
  expect(coded.totalCents).toBe(4_950 - 608)
  // Under its smallest order, the price stands as it was; the server says why.
  expect(withCode(price, { ...spring, minPriceCents: 5_000 })).toBe(price)
  expect(withCode(price, null)).toBe(price)
})
