import { expect, test } from 'vitest'
import { themeLabel } from './theme-label.ts'

test('an order at a set price names what she chose; a custom request, her event', () => {
  expect(themeLabel('choices')).toBe('Choices')
  expect(themeLabel('event')).toBe('Event/Theme')
  expect(themeLabel(undefined)).toBe('Event/Theme')
})
