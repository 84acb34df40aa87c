import { expect, test } from 'vitest'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { eraseCustomer } from '#app/features/erasure/erase-customer.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { customerPath } from './customer-groups.ts'
import { readCustomerMessages } from './customer-messages.server.ts'
import { listCustomers, readCustomer } from './customers.server.ts'

test('her customer’s page lists what they wrote from any of their addresses, and erasing them removes it', async () => {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const first = await sendRequest(db)
  await sendRequest(db, {
    email: 'p.sharma@work.example',
    phone_number: '(416) 555 0199',
    due_date: '2026-12-19',
  })
  const wrote = (email: string, message: string, minutes: number) =>
    submitContactMessage(
      db,
      { name: 'Priya Sharma', email, phone_number: '', message },
      new Date(BOOK_NOW + minutes * 60_000),
    )
  await wrote('PRIYA@example.com', 'Do you make gluten-free sponges?', 0)
  await wrote('sam@example.com', 'Someone else’s question.', 1)
  await wrote('p.sharma@work.example', 'Could the cake be\nready by noon?', 2)

  const priya = (await readCustomer(db, first))!
  const messages = await readCustomerMessages(db, priya.emails)
  expect(messages.map(({ message, handled }) => [message, handled])).toEqual([
    ['Could the cake be\nready by noon?', false],
    ['Do you make gluten-free sponges?', false],
  ])
  // Written in the bakery's time (Toronto), not the server's.
  expect(messages[1]!.receivedLabel).toBe('Nov 23, 2026, 3:00 p.m.')

  await eraseCustomer(
    db,
    { store: createLocalMediaStore(dataDir), dataDir },
    { email: 'priya@example.com' },
  )
  expect(await readCustomerMessages(db, priya.emails)).toEqual([
    expect.objectContaining({ message: 'Could the cake be\nready by noon?' }),
  ])
})

test('someone who has only written is in the book with what she wrote, and her first order joins her to it', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await sendRequest(db)
  await submitContactMessage(
    db,
    {
      name: 'Lena Park',
      email: 'Lena@example.com',
      phone_number: '905 555 0123',
      message: 'Do you deliver?',
    },
    new Date(BOOK_NOW + 60_000),
  )
  const { customers } = await listCustomers(db)
  // She wrote after Priya sent her order: she is first.
  expect(customers[0]).toMatchObject({
    name: 'Lena Park',
    emails: ['lena@example.com'],
    phones: ['9055550123'],
    orders: 0,
    lastDate: null,
    messages: 1,
    paidCents: 0,
  })
  expect(customerPath(customers[0]!.key)).toMatch(/^\/admin\/customers\/m\d+$/)
  const lena = (await readCustomer(db, customers[0]!.key))!
  expect(lena).toMatchObject({ name: 'Lena Park', requests: [], allergies: [] })
  expect((await readCustomerMessages(db, lena.emails)).map((message) => message.message)).toEqual([
    'Do you deliver?',
  ])
  expect(await listCustomers(db, { q: '905-555-0123' })).toMatchObject({ matching: 1 })

  // Her first order, by her number: one customer, led by the order.
  const order = await sendRequest(db, {
    name: 'Lena Park',
    email: 'lena.p@example.com',
    phone_number: '9055550123',
  })
  const joined = (await readCustomer(db, order))!
  expect(joined).toMatchObject({ key: order, orders: 1, messages: 1 })
  expect((await readCustomer(db, customers[0]!.key))!.key).toBe(order)
})
