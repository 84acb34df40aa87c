import { expect, test } from 'vitest'
import { z } from 'zod/mini'
import { isEmailAddress } from './email-address.ts'
import { fieldErrorsOf } from './field-errors.ts'
import { emailAddress } from './form-fields.ts'
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
