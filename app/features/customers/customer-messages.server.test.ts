import { expect, test } from 'vitest'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { eraseCustomer } from '#app/features/owner-desk/erase-customer.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { readCustomerMessages } from './customer-messages.server.ts'
import { readCustomer } from './customers.server.ts'

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
