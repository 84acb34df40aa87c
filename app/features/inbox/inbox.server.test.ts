import { expect, test } from 'vitest'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { claimDueEmail, markEmailFailed, markEmailSent } from '#app/features/mail/outbox.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { listInbox, resendItemEmail, setHandled } from './inbox.server.ts'

const order = birthdayCakeOrder
const message = {
  name: 'Marcus Lee',
  email: 'marcus@example.com',
  phone_number: '4165550142',
  message: 'Egg-free?',
}

test('the inbox lists order batches and messages newest first, with their delivery state', async () => {
  const { db } = await openTestDatabase()
  await submitOrderRequests(db, [order, { ...order, product_type: 'Cupcakes' }], {
    products: [],
    siteUrl: 'https://butterandbloom.example',
    now: new Date('2026-11-20T10:00:00Z'),
  })
  await submitContactMessage(db, message, new Date('2026-11-21T09:00:00Z'))
  const claim = await claimDueEmail(db)
  await markEmailSent(db, claim!)

  const items = await listInbox(db)
  expect(items.map((item) => [item.kind, item.receivedAt, item.delivery?.status])).toEqual([
    ['message', '2026-11-21T09:00:00.000Z', 'queued'],
    ['orders', '2026-11-20T10:00:00.000Z', 'sent'],
  ])
  const batch = items[1]!
  expect(
    batch.kind === 'orders' && batch.orders.map((o) => [o.position, o.product_type, o.due_date]),
  ).toEqual([
    [1, 'Cakes', '2026-12-12'],
    [2, 'Cupcakes', '2026-12-12'],
  ])
})

test('marking an item handled hides it from the open filter; marking it open brings it back', async () => {
  const { db } = await openTestDatabase()
  await submitContactMessage(db, message)
  const [item] = await listInbox(db)
  expect(await setHandled(db, { kind: 'message', id: item!.id, handled: true })).toBe(true)
  expect(await listInbox(db, { openOnly: true })).toEqual([])
  expect((await listInbox(db))[0]?.handled).toBe(true)
  await setHandled(db, { kind: 'message', id: item!.id, handled: false })
  expect(await listInbox(db, { openOnly: true })).toHaveLength(1)
  expect(await setHandled(db, { kind: 'orders', id: 999, handled: true })).toBe(false)
})

test('a failed email shows its error and Resend queues it again', async () => {
  const { db } = await openTestDatabase()
  await submitContactMessage(db, message)
  const claim = await claimDueEmail(db)
  await markEmailFailed(db, claim!, '550 mailbox unavailable')
  const [failed] = await listInbox(db)
  expect(failed?.delivery).toEqual({ status: 'failed', error: '550 mailbox unavailable' })

  expect(await resendItemEmail(db, { kind: 'message', id: failed!.id })).toBe(true)
  expect((await listInbox(db))[0]?.delivery?.status).toBe('queued')
  // Only failed emails can be resent.
  expect(await resendItemEmail(db, { kind: 'message', id: failed!.id })).toBe(false)
})

test("a send's customer confirmations are listed beside it and never taken for the owner's email", async () => {
  const { db } = await openTestDatabase()
  await submitOrderRequests(
    db,
    [
      order,
      { ...order, name: 'Sam Ortiz', email: 'sam@example.com' },
      { ...order, email: 'PRIYA@example.com' },
    ],
    { products: [], siteUrl: 'https://butterandbloom.example' },
  )
  // The owner's email, then Priya's confirmation, then Sam's: in the order they were queued.
  await markEmailSent(db, (await claimDueEmail(db))!)
  await markEmailFailed(db, (await claimDueEmail(db))!, '550 no such mailbox')

  const [batch] = await listInbox(db)
  expect(batch?.kind).toBe('orders')
  if (batch?.kind !== 'orders') return
  expect(batch.delivery).toEqual({ status: 'sent', error: null })
  expect(batch.confirmations).toEqual([
    { to: 'priya@example.com', status: 'failed', error: '550 no such mailbox' },
    { to: 'sam@example.com', status: 'queued', error: null },
  ])
  // Resend is about the owner's email, which went out: a failed confirmation does not make it fail.
  expect(await resendItemEmail(db, { kind: 'orders', id: batch.id })).toBe(false)
  expect((await listInbox(db))[0]).toMatchObject({ delivery: { status: 'sent' } })
})
