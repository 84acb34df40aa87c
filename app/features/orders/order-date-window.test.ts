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
