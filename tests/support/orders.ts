import type { OrderRequest } from '#app/features/orders/order-schema.ts'

/** One customer's order request, as the form sends it, for the tests of every feature that handles orders. */
export const birthdayCakeOrder: OrderRequest = {
  name: 'Priya Sharma',
  email: 'priya@example.com',
  phone_number: '416-555-0199',
  product_type: 'Cakes',
  event_theme: 'Unicorn birthday',
  due_date: '2026-12-12',
  hear_about_us: 'Instagram',
}
