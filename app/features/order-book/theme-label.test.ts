import { expect, test } from 'vitest'
import { themeLabel } from './theme-label.ts'

test('an order at a set price names what she chose; a custom request, her event', () => {
  expect(themeLabel({ setPrice: true })).toBe('Choices')
  expect(themeLabel({ setPrice: false })).toBe('Event/Theme')
})
