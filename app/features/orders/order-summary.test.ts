import { expect, test } from 'vitest'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import type { OrderRequest } from './order-schema.ts'
import { ordersSummary } from './order-summary.ts'

const birthdayCake: OrderRequest = {
  ...birthdayCakeOrder,
  comments: 'Lemon sponge, no nuts please.',
}

const cakePops: OrderRequest = {
  name: 'Priya Sharma',
  email: 'priya@example.com',
  phone_number: '416-555-0199',
  product_type: 'Cake Pops',
  event_theme: 'Unicorn birthday',
  due_date: '2026-12-12',
  hear_about_us: 'Instagram',
}

test('the orders summary numbers each order, lists its details and separates orders with a dashed line', () => {
  expect(ordersSummary([birthdayCake, cakePops])).toBe(
    `Order 1
Name: Priya Sharma
Email: priya@example.com
Phone: 416-555-0199
Product Type: Cakes
Event/Theme: Unicorn birthday
Due Date: Saturday, December 12, 2026
How did you hear about us: Instagram
Comments: Lemon sponge, no nuts please.

------------------------------

Order 2
Name: Priya Sharma
Email: priya@example.com
Phone: 416-555-0199
Product Type: Cake Pops
Event/Theme: Unicorn birthday
Due Date: Saturday, December 12, 2026
How did you hear about us: Instagram
Comments: N/A`,
  )
})

test('blank comments read N/A', () => {
  expect(ordersSummary([{ ...cakePops, comments: '   ' }])).toContain('Comments: N/A')
})

test('the due date reads as people write it', () => {
  const order = { ...cakePops, due_date: '2027-01-01' }
  expect(ordersSummary([order])).toContain('Due Date: Friday, January 1, 2027')
})
