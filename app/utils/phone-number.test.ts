import { expect, test } from 'vitest'
import { formatPhoneNumber, phoneDigits } from './phone-number.ts'

test('a number is read as people write it, and its ten digits are kept', () => {
  for (const written of [
    '4165550123',
    '416-555-0123',
    '416.555.0123',
    '416 555 0123',
    '(416) 555-0123',
    '+1 416 555 0123',
    '1-416-555-0123',
    '+1 (416) 555-0123',
    ' 416\u00A0555\u00A00123 ',
  ]) {
    expect(phoneDigits(written), written).toBe('4165550123')
  }
})

test('fewer or more than ten digits, letters or another country code are refused', () => {
  for (const written of [
    '',
    '416555012',
    '41655501234',
    '+44 20 7946 0958 12',
    '2-416-555-0123',
    '416-555-O123',
    '416-555-0123 ext 4',
    '416+555+0123',
    '416/555/0123',
  ]) {
    expect(phoneDigits(written), written).toBeNull()
  }
})

test('a stored number reads as 416-555-0123 for the owner; one kept as typed before stays as it is', () => {
  expect(formatPhoneNumber('4165550123')).toBe('416-555-0123')
  expect(formatPhoneNumber('416 555 0123')).toBe('416 555 0123')
})
