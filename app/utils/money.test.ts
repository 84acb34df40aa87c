import { expect, test } from 'vitest'
import { centsToInput, formatMoney, moneyProblemMessage, readMoney } from './money.ts'

test.each([
  ['45', 4_500],
  ['$45', 4_500],
  ['45 $', 4_500],
  ['10.50', 1_050],
  ['10,50', 1_050],
  ['10.5', 1_050],
  ['10,5', 1_050],
  ['.50', 50],
  ['0', 0],
  ['$1,050.00', 105_000],
  ['1.050,00', 105_000],
  ['1 050,50', 105_050],
  ['1\u00a0050,50', 105_050],
  ['1,050', 105_000],
  ['1.050', 105_000],
  ['1 050', 105_000],
  ['12,345.6', 1_234_560],
  ['  $ 99,999.99 ', 9_999_999],
])('“%s” is %i cents', (typed, cents) => {
  expect(readMoney(typed)).toEqual({ ok: true, cents })
})

test.each([
  ['1,05,0', 'unclear'],
  ['10 50', 'unclear'],
  ['1,0500', 'unclear'],
  ['12.345.6', 'unclear'],
  ['10.505.5', 'unclear'],
  ['1,050 000', 'unclear'],
  ['10.', 'unclear'],
  ['', 'not-money'],
  ['$', 'not-money'],
  ['-5', 'not-money'],
  ['forty', 'not-money'],
  ['12e3', 'not-money'],
  ['100000', 'too-much'],
  ['100,000.00', 'too-much'],
])('“%s” is refused as %s', (typed, problem) => {
  expect(readMoney(typed)).toEqual({ ok: false, problem })
})

test('what is shown reads back as the same amount', () => {
  for (const cents of [0, 5, 50, 1_050, 4_500, 105_050, 9_999_999]) {
    expect(readMoney(formatMoney(cents))).toEqual({ ok: true, cents })
    expect(readMoney(centsToInput(cents))).toEqual({ ok: true, cents })
  }
  expect([formatMoney(4_500), formatMoney(1_250), formatMoney(105_005)]).toEqual([
    '$45',
    '$12.50',
    '$1,050.05',
  ])
})

test('a refusal says what to write instead', () => {
  expect(moneyProblemMessage('The amount', 'unclear')).toBe(
    'The amount is unclear: write it like 1050 or 10.50, with the cents after one point or comma.',
  )
  expect(moneyProblemMessage('The price', 'too-much')).toBe('The price must be at most $99,999.')
})
