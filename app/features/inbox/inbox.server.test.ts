import { expect, test } from 'vitest'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { claimDueEmail } from '#app/features/mail/outbox-claims.server.ts'
import { markEmailFailed, markEmailSent } from '#app/features/mail/outbox-retries.server.ts'
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

test('the inbox lists contact messages only, newest first, with their delivery state', async () => {
  const { db } = await openTestDatabase()
  await submitOrderRequests(db, [order], {
    products: [],
    siteUrl: 'https://butterandbloom.example',
    now: new Date('2026-11-22T10:00:00Z'),
  })
  await submitContactMessage(db, message, new Date('2026-11-20T09:00:00Z'))
  await submitContactMessage(
    db,
    { ...message, name: 'Ana Silva' },
    new Date('2026-11-21T09:00:00Z'),
  )
  // The oldest email due goes out first: Marcus's.
  await markEmailSent(db, (await claimDueEmail(db))!)

  const items = await listInbox(db)
  expect(
    items.map((item) => [item.kind, item.name, item.receivedAt, item.delivery?.status]),
  ).toEqual([
    ['message', 'Ana Silva', '2026-11-21T09:00:00.000Z', 'queued'],
    ['message', 'Marcus Lee', '2026-11-20T09:00:00.000Z', 'sent'],
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
  expect(await setHandled(db, { kind: 'message', id: 999, handled: true })).toBe(false)
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
