import { expect, test } from 'vitest'
import { productHint, productLabel } from './order-options.ts'

test('a treat shows what it costs from and the notice it needs', () => {
  expect(productLabel('Cakes', 4500)).toBe('Cakes — from $45')
  expect(productLabel('Cake Pops', null)).toBe('Cake Pops')
  expect(productHint(4500, 3)).toBe("From $45 · Needs 3 days' notice")
  expect(productHint(1250, 1)).toBe("From $12.50 · Needs 1 day's notice")
  expect(productHint(null, 7)).toBe("Needs 7 days' notice")
  expect(productHint(4500, 0)).toBe('From $45')
  expect(productHint(null, 0)).toBeUndefined()
  expect(productHint(undefined, undefined)).toBeUndefined()
})
