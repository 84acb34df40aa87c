import { expect, test } from 'vitest'
import { fieldErrorsOf } from '#app/utils/field-errors.ts'
import { ContactMessageSchema } from './contact-schema.ts'

const contact = {
  name: 'Marcus Lee',
  email: 'marcus@example.com',
  phone_number: '4165550142',
  message: 'Do you make egg-free cupcakes?',
}

function contactErrors(change: Record<string, string>) {
  const result = ContactMessageSchema.safeParse({ ...contact, ...change })
  return result.success ? {} : fieldErrorsOf(result.error)
}

// NUL, BEL, ESC, VT, FF, DEL and a C1 control (CSI), each in the middle of a value.
const controls = ['\u0000', '\u0007', '\u001B', '\u000B', '\u000C', '\u007F', '\u009B']

test.each(controls.map((char) => [JSON.stringify(char), char]))(
  'the control character %s is refused in every contact field with that field’s message',
  (_, char) => {
    expect(contactErrors({ name: `Marcus${char}Lee` })).toEqual({
      name: 'Name cannot contain control characters.',
    })
    expect(contactErrors({ email: `marcus${char}@example.com` })).toEqual({
      email: 'Enter an email address like name@example.com.',
    })
    expect(contactErrors({ phone_number: `41655${char}50142` })).toEqual({
      phone_number: 'Phone number cannot contain control characters.',
    })
    expect(contactErrors({ message: `Hello${char}there` })).toEqual({
      message: 'Message cannot contain control characters.',
    })
  },
)

test('a message keeps its line breaks and tabs', () => {
  const text = 'Two tiers:\n\tvanilla\r\n\tchocolate'
  expect(ContactMessageSchema.parse({ ...contact, message: text }).message).toBe(text)
})

test('bidi controls and zero-width characters are removed from the name', () => {
  expect(ContactMessageSchema.parse({ ...contact, name: '\u202AMarcus Lee\u202C' }).name).toBe(
    'Marcus Lee',
  )
  expect(contactErrors({ name: ' \u200B\u200D\uFEFF ' })).toEqual({ name: 'Name is required.' })
})

test('the phone is read as people write it and kept as its ten digits', () => {
  for (const written of ['416-555-0123', '+1 416 555 0123', '(416) 555-0123', '4165550123']) {
    expect(ContactMessageSchema.parse({ ...contact, phone_number: written }).phone_number).toBe(
      '4165550123',
    )
  }
  for (const written of ['416555012', '41655501234', '416-555-O123']) {
    expect(contactErrors({ phone_number: written })).toEqual({
      phone_number: 'Enter a 10-digit phone number, e.g. 416-555-0123.',
    })
  }
})
