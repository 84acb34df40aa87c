import { expect, test } from 'vitest'
import { fieldErrorsOf } from '#app/utils/field-errors.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { orderRequestSchema } from './order-schema.ts'

const options = { today: '2026-11-21', products: ['Cakes', 'Cupcakes'], deliveryEnabled: false }

const order = { ...birthdayCakeOrder, comments: 'Lemon sponge.' }

function orderErrors(change: Record<string, string>) {
  const result = orderRequestSchema(options).safeParse({ ...order, ...change })
  return result.success ? {} : fieldErrorsOf(result.error)
}

// NUL, BEL, ESC, VT, FF, DEL and a C1 control (CSI), each in the middle of a value.
const controls = ['\u0000', '\u0007', '\u001B', '\u000B', '\u000C', '\u007F', '\u009B']

test.each(controls.map((char) => [JSON.stringify(char), char]))(
  'the control character %s is refused in every order field with that field’s message',
  (_, char) => {
    const cases: [string, string, string][] = [
      ['name', `Priya${char}Sharma`, 'Name cannot contain control characters.'],
      ['email', `priya${char}@example.com`, 'Enter an email address like name@example.com.'],
      ['phone_number', `416-555${char}0199`, 'Phone number cannot contain control characters.'],
      ['product_type', `Cakes${char}`, 'Choose what you would like us to make.'],
      ['event_theme', `Unicorn${char}party`, 'Event / theme cannot contain control characters.'],
      ['due_date', `2026-12-12${char}`, 'Order date cannot contain control characters.'],
      ['hear_about_us', `Instagram${char}`, 'Tell us how you heard about us.'],
      ['comments', `No nuts${char} please`, 'Comments cannot contain control characters.'],
      ['servings', `24${char}cupcakes`, 'Servings or quantity cannot contain control characters.'],
      [
        'allergies',
        `No${char}nuts`,
        'Allergies or dietary needs cannot contain control characters.',
      ],
    ]
    for (const [field, value, message] of cases) {
      expect(orderErrors({ [field]: value })).toEqual({ [field]: message })
    }
  },
)

test('comments keep their line breaks and tabs; one-line fields refuse tabs', () => {
  const text = 'Two tiers:\n\tvanilla\r\n\tchocolate'
  expect(orderRequestSchema(options).parse({ ...order, comments: text }).comments).toBe(text)
  expect(orderErrors({ event_theme: 'Unicorn\tparty' })).toEqual({
    event_theme: 'Event / theme cannot contain control characters.',
  })
})

test('bidi controls and zero-width characters are removed from the name', () => {
  // U+202E would show the rest of the name reversed.
  const name =
    '\u200BPriya\u200D Sh\u2066arma\u2069\u202Eexe.jpg\u202C\u200E\u200F\u061C\u2060\uFEFF'
  expect(orderRequestSchema(options).parse({ ...order, name }).name).toBe('Priya Sharmaexe.jpg')
})

test('an order may name an active product or Other; a product off the menu is refused by name', () => {
  expect(orderErrors({ product_type: 'Cupcakes' })).toEqual({})
  expect(orderErrors({ product_type: 'Other' })).toEqual({})
  expect(orderErrors({ product_type: 'Cake Pops' })).toEqual({
    product_type:
      '“Cake Pops” is not on our menu now. Please choose another treat, or Other and tell us about it.',
  })
  expect(orderErrors({ product_type: '' })).toEqual({
    product_type: 'Choose what you would like us to make.',
  })
})

test('servings, allergies and pickup or delivery are optional; delivery only when the bakery delivers', () => {
  expect(orderErrors({})).toEqual({})
  expect(
    orderErrors({ servings: '24 cupcakes', allergies: 'No peanuts', fulfilment: 'pickup' }),
  ).toEqual({})
  expect(orderErrors({ fulfilment: 'delivery' })).toEqual({
    fulfilment: 'We are not delivering at the moment; please choose pickup.',
  })
  expect(
    orderRequestSchema({ ...options, deliveryEnabled: true }).safeParse({
      ...order,
      fulfilment: 'delivery',
      delivery_street: '88 Lilac Lane',
      delivery_city: 'Oakville',
      delivery_postal_code: 'L6J 2X9',
    }).success,
  ).toBe(true)
  // A delivery needs somewhere to go.
  expect(
    orderRequestSchema({ ...options, deliveryEnabled: true })
      .safeParse({ ...order, fulfilment: 'delivery', delivery_city: 'Oakville' })
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
  ).toEqual([
    ['delivery_street', 'Enter the street address for the delivery.'],
    ['delivery_postal_code', 'Enter the postal code for the delivery.'],
  ])
  expect(orderErrors({ fulfilment: 'drone' })).toEqual({ fulfilment: 'Choose pickup or delivery.' })
  expect(orderErrors({ servings: 'x'.repeat(101) })).toEqual({
    servings: 'Servings or quantity must be at most 100 characters.',
  })
  expect(orderErrors({ allergies: 'Tree nuts\nand sesame' })).toEqual({
    allergies: 'Allergies or dietary needs must fit on one line.',
  })
})

test('the phone is read as people write it and kept as its ten digits, as on the contact form', () => {
  for (const written of ['416-555-0123', '+1 416 555 0123', '(416) 555-0123']) {
    expect(
      orderRequestSchema(options).parse({ ...order, phone_number: written }).phone_number,
    ).toBe('4165550123')
  }
  expect(orderErrors({ phone_number: '555-0123' })).toEqual({
    phone_number: 'Enter a 10-digit phone number, e.g. 416-555-0123.',
  })
})
