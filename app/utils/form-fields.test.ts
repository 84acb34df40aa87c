import { expect, test } from 'vitest'
import { z as full } from 'zod'
import { z } from 'zod/mini'
import { isEmailAddress } from './email-address.ts'
import { fieldErrorsOf } from './field-errors.ts'
import {
  emailAddress,
  multiLine,
  optionalLine,
  personName,
  plainText,
  singleLine,
} from './form-fields.ts'
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

test('the one rule for typed text: plain, composed, trimmed; controls and stray lines refused with a sentence', () => {
  const line = z.string().check(...plainText('Banner text', 'line', z.maxLength(20, 'Too long.')))
  const lines = z.string().check(...plainText('Story', 'lines'))
  const name = z.string().check(...plainText('Bakery name', 'name'))
  const problems = (schema: z.ZodMiniType, value: string) => {
    const result = z.safeParse(schema, value)
    return result.success ? [] : result.error.issues.map((issue) => issue.message)
  }

  // Bidi overrides, embeddings and isolates are removed; "e" and a combining accent become "é".
  expect(z.parse(line, ' Cr\u202Eumb\u2066 \u2069& Co\u202C ')).toBe('Crumb & Co')
  expect(z.parse(line, 'Cafe\u0301')).toBe('Caf\u00E9')
  // A name loses the zero-width characters too; free text keeps an emoji's joiner.
  expect(z.parse(name, 'Cr\u200Bumb\uFEFF & Co')).toBe('Crumb & Co')
  expect(z.parse(line, 'Chef 👩\u200D🍳')).toBe('Chef 👩\u200D🍳')
  // Several lines keep their line breaks and tabs.
  expect(z.parse(lines, 'One\r\n\tTwo')).toBe('One\r\n\tTwo')

  for (const control of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B']) {
    expect(problems(line, `Closed${control} today`)).toEqual([
      'Banner text cannot contain control characters.',
    ])
    expect(problems(lines, `Closed${control} today`)).toEqual([
      'Story cannot contain control characters.',
    ])
  }
  expect(problems(name, 'Crumb\r\nBcc: eve@evil.test')).toEqual([
    'Bakery name must fit on one line.',
  ])
  expect(problems(line, 'Closed\ttoday')).toEqual([
    'Banner text cannot contain control characters.',
  ])
  // The field's own bounds come between: after the cleaning, before the refusals.
  expect(problems(line, `\u202E${'x'.repeat(20)}\u202C`)).toEqual([])
  expect(problems(line, 'x'.repeat(21))).toEqual(['Too long.'])
})

test('the same rule holds in the owner’s schemas, which are written with zod’s full build', () => {
  const banner = full
    .string()
    .check(...plainText('Banner text', 'line', full.maxLength(200, 'Too long.')))
    .refine((value) => value !== 'No', 'Say more.')
  expect(banner.parse('Closed \u202Eyadot\u202C, Cafe\u0301 open')).toBe(
    'Closed yadot, Caf\u00E9 open',
  )
  expect(banner.safeParse('Closed\u0000').error?.issues.map((issue) => issue.message)).toEqual([
    'Banner text cannot contain control characters.',
  ])
})
