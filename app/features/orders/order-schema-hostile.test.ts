import { expect, test } from 'vitest'
import { fieldErrorsOf } from '#app/utils/field-errors.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { orderRequestSchema } from './order-schema.ts'

const options = { today: '2026-11-21', products: ['Cakes', 'Cupcakes'], deliveryEnabled: false }

test('an order date in year 9999 is refused with the years we take orders for', () => {
  const result = orderRequestSchema(options).safeParse({
    ...birthdayCakeOrder,
    due_date: '9999-12-31',
  })
  expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({
    due_date: 'Choose a date from the year 2000 to 2100.',
  })
})

test('bidi controls are taken out of every field the owner reads, so allergies read as typed', () => {
  const result = orderRequestSchema(options).safeParse({
    ...birthdayCakeOrder,
    name: 'Priya \u202ESharma\u202C',
    phone_number: '416\u202E-555-0199',
    event_theme: 'Unicorn \u2067birthday\u2069',
    comments: 'Lemon\u200F sponge\nwith \u202Dberries\u202C',
    servings: '24\u061C',
    allergies: 'nuts \u202Eeerf-tun\u202C',
  })
  expect(result.success && result.data).toMatchObject({
    name: 'Priya Sharma',
    phone_number: '4165550199',
    event_theme: 'Unicorn birthday',
    comments: 'Lemon sponge\nwith berries',
    servings: '24',
    allergies: 'nuts eerf-tun',
  })
})
