import { expect, test } from 'vitest'
import { runWithLocalSettings } from './local-settings.server.ts'
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
  ['1 050', 105_000],
  ['$42.00', 4_200],
  ['42', 4_200],
  ['1,250', 125_000],
  ['1,250.50', 125_050],
  ['10,999', 1_099_900],
  ['1.250,50', 125_050],
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
  ['10.5555', 'unclear'],
  ['1,250.505', 'unclear'],
  ['0.999', 'unclear'],
  ['.999', 'unclear'],
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
  ['1.250.000', 'too-much'],
])('“%s” is refused as %s', (typed, problem) => {
  expect(readMoney(typed)).toEqual({ ok: false, problem })
})

test.each([
  ['10.999', '10.99', '10,999'],
  ['1.000', '1.00', '1,000'],
  ['$1.050', '1.05', '1,050'],
  ['42.001 $', '42.00', '42,001'],
])('“%s” can be read two ways and is refused, offering both', (typed, cents, thousands) => {
  const reading = readMoney(typed)
  expect(reading).toEqual({ ok: false, problem: 'two-ways', ways: [cents, thousands] })
  expect(!reading.ok && moneyProblemMessage('The price', reading)).toBe(
    `The price can be read two ways: write it as ${cents} or ${thousands}.`,
  )
})

test('with a decimal comma (fr-CA, de-DE) the comma is the one that can be read two ways', () => {
  const read = (locale: string, typed: string) =>
    runWithLocalSettings({ timeZone: 'America/Toronto', currency: 'EUR', locale }, () =>
      readMoney(typed),
    )
  // In German the dot groups thousands, so "1.250" is clear; "1,250" is not.
  expect(read('de-DE', '1.250')).toEqual({ ok: true, cents: 125_000 })
  expect(read('de-DE', '10,999')).toEqual({
    ok: false,
    problem: 'two-ways',
    ways: ['10,99', '10.999'],
  })
  expect(read('de-DE', '10,50 €')).toEqual({ ok: true, cents: 1_050 })
  // In Canadian French spaces group thousands: a lone comma or dot before three digits is unclear either way.
  expect(read('fr-CA', '1 250')).toEqual({ ok: true, cents: 125_000 })
  expect(read('fr-CA', '1,250')).toEqual({
    ok: false,
    problem: 'two-ways',
    ways: ['1,25', '1 250'],
  })
  expect(read('fr-CA', '1.250')).toMatchObject({ ok: false, problem: 'two-ways' })
  expect(read('fr-CA', '12,50 $')).toEqual({ ok: true, cents: 1_250 })
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
  expect(moneyProblemMessage('The amount', { problem: 'unclear' })).toBe(
    'The amount is unclear: write it like 1050 or 10.50, with the cents after one point or comma.',
  )
  expect(moneyProblemMessage('The price', { problem: 'too-much' })).toBe(
    'The price must be at most $99,999.',
  )
})

test('an amount that is not money is asked for in the bakery’s own currency, not in dollars', () => {
  const refused = (currency: string, locale: string) =>
    runWithLocalSettings({ timeZone: 'Europe/Berlin', currency, locale }, () => {
      const read = readMoney('a lot')
      if (read.ok) throw new Error('“a lot” was read as money.')
      return moneyProblemMessage('The price', read)
    })
  expect(refused('EUR', 'de-DE')).toBe(
    'The price must be an amount of money, like 45\u00a0€ or 12,50\u00a0€.',
  )
  expect(refused('CAD', 'en-CA')).toBe('The price must be an amount of money, like $45 or $12.50.')
})
