import { expect, test } from 'vitest'
import { z } from 'zod/mini'
import { isEmailAddress } from './email-address.ts'
import { fieldErrorsOf } from './field-errors.ts'
import { emailAddress, multiLine, optionalLine, personName, singleLine } from './form-fields.ts'
import { toDisplayName } from './plain-text.ts'

function emailError(value: string) {
  const result = z.object({ email: emailAddress }).safeParse({ email: value })
  return result.success ? undefined : fieldErrorsOf(result.error).email
}

test.each([
  'ada@example.com,victim.example',
  'ada@example.com, eve@evil.test',
  '<script>@x.com',
  'Ada <ada@example.com>',
  '"ada"@example.com',
  'ada lovelace@example.com',
  'ada@localhost',
  'ada@example..com',
  'ada@-example.com',
  'ada@example.com.',
  'ada@exa_mple.com',
  '@example.com',
  'ada@',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
])('%s is not an email address', (value) => {
  expect(isEmailAddress(value)).toBe(false)
  expect(emailError(value)).toMatch(/^(Enter an email address|Email must)/)
})

test.each(['ada@example.com', 'o.brien+cakes@mail.example.co.uk', "o'hara@bakery.ca", 'x@a-b.io'])(
  '%s is an email address',
  (value) => {
    expect(isEmailAddress(value)).toBe(true)
    expect(emailError(value)).toBeUndefined()
  },
)

test('a display name for a mail header loses controls, line breaks and invisible formatting', () => {
  expect(toDisplayName('Eve\u202E\u200B\r\nBcc: x@evil.test\u0000 ')).toBe('Eve Bcc: x@evil.test')
})

// What each free-text helper makes of a value with bidi controls in it.
const BIDI_ALLERGIES = 'nuts \u202Eeerf-tun\u202C'

test.each([
  ['singleLine', singleLine('Event / theme', 200)],
  ['multiLine', multiLine('Message', 5000)],
  ['optionalLine', optionalLine('Allergies', 300)],
  ['personName', personName('Name', 100)],
])('%s stores text without bidi controls, so it reads as it was typed', (_, schema) => {
  expect(z.parse(schema, BIDI_ALLERGIES)).toBe('nuts eerf-tun')
  for (const control of ['\u202A', '\u202B', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069']) {
    expect(z.parse(schema, `${control}Garden${control} party`)).toBe('Garden party')
  }
  expect(z.parse(schema, '\u200Eno\u200F marks\u061C')).toBe('no marks')
})

test('free text keeps the zero-width joiner of an emoji; only names drop it', () => {
  expect(z.parse(singleLine('Event / theme', 200), 'Chef 👩\u200D🍳 party')).toBe(
    'Chef 👩\u200D🍳 party',
  )
  expect(z.parse(personName('Name', 100), 'Pri\u200Dya')).toBe('Priya')
})

test('a value of nothing but bidi controls counts as missing', () => {
  const result = z.safeParse(singleLine('Event / theme', 200), '\u202E\u202C')
  expect(result.success).toBe(false)
})
