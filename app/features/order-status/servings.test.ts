import { expect, test } from 'vitest'
import { servingsPhrase } from './servings.ts'

test('a bare number reads as servings, and the customer’s own words stay as she wrote them', () => {
  expect(servingsPhrase('20')).toBe('serves 20')
  expect(servingsPhrase(' 040 ')).toBe('serves 40')
  expect(servingsPhrase('24 cupcakes')).toBe('24 cupcakes')
  expect(servingsPhrase('serves 40')).toBe('serves 40')
  expect(servingsPhrase('12 people')).toBe('12 people')
})
