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
    { ...birthdayCakeOrder, product_type: '' },
    { ...birthdayCakeOrder, hear_about_us: 'Radio' },
    birthdayCakeOrder,
  ]
  expect(parseStoredCart(JSON.stringify(stored))).toEqual([birthdayCakeOrder])
})

test('a queued order for a product the owner has since renamed stays in the cart', () => {
  // The server names it when the cart is sent, so the visitor can change it.
  const renamed = { ...birthdayCakeOrder, product_type: 'Layer Cakes' }
  expect(parseStoredCart(JSON.stringify([renamed]))).toEqual([renamed])
})

test('storage that is not a list of orders is an empty cart', () => {
  expect(parseStoredCart(null)).toEqual([])
  expect(parseStoredCart('{not json')).toEqual([])
  expect(parseStoredCart(JSON.stringify({ orders: [birthdayCakeOrder] }))).toEqual([])
})

const photo = { key: 'AAAAAAAAAAAAAAAAAAAAAA', preview: 'data:image/webp;base64,UklGRg==' }

test('new optional fields and photos are kept; a photo that is not a key and a preview is dropped, not its order', () => {
  const detailed = {
    ...birthdayCakeOrder,
    servings: 'serves 40',
    allergies: 'nut-free',
    fulfilment: 'delivery',
    photos: [
      photo,
      { key: 3 },
      'loose',
      // Only the inline WebP our server made: never a link the cart would fetch.
      { key: 'AAAAAAAAAAAAAAAAAAAAAB', preview: 'https://tracker.example/p.gif' },
    ],
  }
  expect(parseStoredCart(JSON.stringify([detailed]))).toEqual([{ ...detailed, photos: [photo] }])
  expect(parseStoredCart(JSON.stringify([{ ...birthdayCakeOrder, servings: 40 }]))).toEqual([])
})
