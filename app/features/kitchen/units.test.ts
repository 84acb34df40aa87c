import Fraction from 'fraction.js'
import { expect, test } from 'vitest'
import {
  UNIT_KEYS,
  convert,
  formatAmount,
  parseAmount,
  storedAmount,
  amountToStore,
  writtenAmount,
} from './units.ts'

const exact = (text: string) => new Fraction(text)

test('each unit converts to its base by its legal definition, exactly', () => {
  expect(convert(exact('1'), 'lb', 'g')!.equals('453.59237')).toBe(true)
  expect(convert(exact('16'), 'oz', 'lb')!.equals(1)).toBe(true)
  expect(convert(exact('1'), 'cup', 'ml')!.equals('236.5882365')).toBe(true)
  expect(convert(exact('1'), 'cup', 'tbsp')!.equals(16)).toBe(true)
  expect(convert(exact('1'), 'tbsp', 'tsp')!.equals(3)).toBe(true)
  expect(convert(exact('1'), 'cup', 'fl_oz')!.equals(8)).toBe(true)
  expect(convert(exact('2.5'), 'kg', 'g')!.equals(2500)).toBe(true)
  expect(convert(exact('1'), 'dozen', 'each')!.equals(12)).toBe(true)
})

test('a conversion there and back is the amount again, for every pair of units that meet', () => {
  const density = exact('0.53') // flour, grams per millilitre
  const amount = exact('7/3')
  for (const from of UNIT_KEYS) {
    for (const to of UNIT_KEYS) {
      const there = convert(amount, from, to, density)
      if (there === null) continue
      expect(convert(there, to, from, density)!.equals(amount), `${from} → ${to}`).toBe(true)
    }
  }
})

test('mass and volume meet only through a density; pieces never do', () => {
  expect(convert(exact('1'), 'cup', 'g')).toBeNull()
  expect(convert(exact('1'), 'cup', 'g', exact('0'))).toBeNull()
  // A cup of sugar at 0.85 g/ml: 201.100001025 g, exactly.
  expect(convert(exact('1'), 'cup', 'g', exact('0.85'))!.equals('201.100001025')).toBe(true)
  expect(convert(exact('500'), 'g', 'ml', exact('1'))!.equals(500)).toBe(true)
  expect(convert(exact('2'), 'each', 'g', exact('1'))).toBeNull()
})

test('amounts are read as bakers write them, and refused otherwise', () => {
  const read = (text: string) => parseAmount(text)?.toFraction(true) ?? null
  expect(read('2')).toBe('2')
  expect(read('1.5')).toBe('1 1/2')
  expect(read('1,5')).toBe('1 1/2')
  expect(read('3/4')).toBe('3/4')
  expect(read(' 1 1/2 ')).toBe('1 1/2')
  expect(read('1½')).toBe('1 1/2')
  expect(read('¾')).toBe('3/4')
  for (const refused of [
    '',
    '0',
    '-1',
    'abc',
    '1/0',
    '1e3',
    '2 cups',
    '1..5',
    '10000000',
    '1/2/3',
  ]) {
    expect(read(refused), refused).toBeNull()
  }
})

test('a stored amount is the amount, and reads as kitchens write it', () => {
  const third = exact('1/3')
  expect(storedAmount(amountToStore(third)).equals(third)).toBe(true)
  expect(formatAmount(exact('3/2'), 'cup')).toBe('1 1/2 cups')
  expect(formatAmount(exact('0.7'), 'tsp')).toBe('3/4 tsp')
  expect(formatAmount(exact('1'), 'cup')).toBe('1 cup')
  expect(formatAmount(exact('1/3'), 'kg')).toBe('0.33 kg')
  expect(formatAmount(exact('340'), 'g')).toBe('340 g')
  expect(formatAmount(exact('12'), 'each')).toBe('12 pieces')
  expect(formatAmount(exact('1/100'), 'tsp')).toBe('under 1/8 tsp')
})

test('an amount shown again in a form reads back as the same amount', () => {
  for (const typed of [
    '2',
    '1 1/2',
    '3/4',
    '0.907',
    '2.267',
    '0.333',
    '0.593',
    '7/300',
    '1/3',
    '453.59237',
  ]) {
    const amount = parseAmount(typed)!
    const shown = writtenAmount(amount)
    expect(parseAmount(shown)?.equals(amount), `${typed} shown as ${shown}`).toBe(true)
  }
  expect(writtenAmount(parseAmount('0.907')!)).toBe('0.907')
  expect(writtenAmount(parseAmount('1.5')!)).toBe('1 1/2')
})
