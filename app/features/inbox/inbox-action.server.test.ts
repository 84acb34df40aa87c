import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveInboxAction } from './inbox-action.server.ts'
import { listInbox } from './inbox.server.ts'

const message = {
  name: 'Marcus Lee',
  email: 'marcus@example.com',
  phone_number: '4165550142',
  message: 'Do you make egg-free cupcakes?',
}

function post(db: Db, body: BodyInit, contentType?: string) {
  return receiveInboxAction({
    request: new Request('http://localhost/admin/inbox', {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body,
    }),
    db,
  })
}

async function messageWaiting(db: Db) {
  await submitContactMessage(db, message)
  const [item] = await listInbox(db)
  return String(item!.id)
}

test('the inbox buttons’ form marks an item handled', async () => {
  const { db } = await openTestDatabase()
  const id = await messageWaiting(db)
  const form = new URLSearchParams({ intent: 'handled', kind: 'message', id })
  expect(
    await post(db, form.toString(), 'application/x-www-form-urlencoded;charset=UTF-8'),
  ).toEqual({ status: 200, body: { ok: true } })
  expect((await listInbox(db))[0]?.handled).toBe(true)
})

test.each([
  ['JSON', 'application/json', '{"intent":"handled","kind":"message","id":1}'],
  ['plain text', 'text/plain', 'intent=handled&kind=message&id=1'],
  ['no type', undefined, 'intent=handled&kind=message&id=1'],
  ['malformed multipart', 'multipart/form-data; boundary=zzz', '--zzz\r\nbroken'],
  ['multipart without a boundary', 'multipart/form-data', 'intent=handled'],
  ['an unknown intent', 'application/x-www-form-urlencoded', 'intent=delete&kind=message&id=1'],
  ['an unknown kind', 'application/x-www-form-urlencoded', 'intent=handled&kind=photo&id=1'],
  // Order requests are moved along in the order book, never from the inbox.
  ['an order send', 'application/x-www-form-urlencoded', 'intent=handled&kind=orders&id=1'],
  ['a fractional id', 'application/x-www-form-urlencoded', 'intent=handled&kind=message&id=1.5'],
  [
    'an id in exponent form',
    'application/x-www-form-urlencoded',
    'intent=handled&kind=message&id=1e0',
  ],
  ['no id', 'application/x-www-form-urlencoded', 'intent=handled&kind=message'],
  [
    'an oversized body',
    'application/x-www-form-urlencoded',
    `intent=handled&x=${'y'.repeat(5000)}`,
  ],
])('%s is answered 400 with a message and changes nothing', async (_label, contentType, body) => {
  const { db } = await openTestDatabase()
  await messageWaiting(db)
  expect(await post(db, body, contentType)).toEqual({
    status: 400,
    body: { ok: false, error: 'That request could not be understood.' },
  })
  expect((await listInbox(db))[0]?.handled).toBe(false)
})

test('a message that is not there is a 409', async () => {
  const { db } = await openTestDatabase()
  const form = new URLSearchParams({ intent: 'handled', kind: 'message', id: '99' })
  expect((await post(db, form.toString(), 'application/x-www-form-urlencoded')).status).toBe(409)
})
