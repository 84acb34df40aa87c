import { expect, test } from 'vitest'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { parseStoredCart } from './cart.ts'

test('a stored cart gives back its orders', () => {
  const withComments = { ...birthdayCakeOrder, comments: 'No nuts.' }
  expect(parseStoredCart(JSON.stringify([birthdayCakeOrder, withComments]))).toEqual([
    birthdayCakeOrder,
    withComments,
  ])
})

test('entries that are not orders are dropped, and the orders beside them kept', () => {
  const { email: _email, ...withoutEmail } = birthdayCakeOrder
  const stored = [
    null,
    'Cakes',
    [birthdayCakeOrder],
    withoutEmail,
    { ...birthdayCakeOrder, phone_number: 4165550199 },
    { ...birthdayCakeOrder, comments: { text: 'hi' } },
    { ...birthdayCakeOrder, product_type: 'Pizza' },
    { ...birthdayCakeOrder, hear_about_us: 'Radio' },
    birthdayCakeOrder,
  ]
  expect(parseStoredCart(JSON.stringify(stored))).toEqual([birthdayCakeOrder])
})

test('storage that is not a list of orders is an empty cart', () => {
  expect(parseStoredCart(null)).toEqual([])
  expect(parseStoredCart('{not json')).toEqual([])
  expect(parseStoredCart(JSON.stringify({ orders: [birthdayCakeOrder] }))).toEqual([])
})
