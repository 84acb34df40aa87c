import { expect, test } from 'vitest'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { moveToLabel, orderSendBody, sendProblems } from './cart-send.ts'

test('the send carries photos by their keys and the tick only when given', () => {
  const withPhotos = { ...birthdayCakeOrder, photos: [{ key: 'k1', preview: 'p1' }] }
  const honeypot = { field: 'website', value: '' }
  expect(orderSendBody({ orders: [withPhotos], acceptPolicies: true, honeypot })).toEqual({
    orders: [{ ...birthdayCakeOrder, photos: ['k1'] }],
    accept_policies: true,
    website: '',
  })
  const { photos: _photos, ...plain } = birthdayCakeOrder
  expect(orderSendBody({ orders: [plain], acceptPolicies: false, honeypot })).not.toHaveProperty(
    'accept_policies',
  )
})

test('a refused send’s messages go beside the order they name, or beside the tick', () => {
  const problems = sendProblems({
    ok: false,
    error: 'Order 2: …',
    problems: [{ order: 2, field: 'due_date', message: 'Cakes on …: that day is fully booked.' }],
    nextOpenDay: '2026-12-14',
  })
  expect(problems.byOrder.get(1)).toEqual({
    message: 'Cakes on …: that day is fully booked.',
    nextOpenDay: '2026-12-14',
  })
  expect(
    sendProblems({
      ok: false,
      error: 'x',
      problems: [{ message: 'Please confirm that you have read our order policies.' }],
    }).policies,
  ).toBe('Please confirm that you have read our order policies.')
  expect(moveToLabel('2026-12-14')).toBe('Move to Monday, December 14')
})
