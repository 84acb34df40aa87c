import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveContactMessage } from './contact-send.server.ts'

const message = {
  name: 'Marcus Lee',
  email: 'marcus@example.com',
  phone_number: '4165550142',
  message: 'Do you make egg-free cupcakes?\nMy son is allergic.',
}

let ipCounter = 0
const freshIp = () => `192.0.2.${++ipCounter}`

function post(db: Db, fields: Record<string, string>, clientIp = freshIp()) {
  return receiveContactMessage({
    request: new Request('http://localhost/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    }),
    clientIp,
    db,
  })
}

async function storedCounts(db: Db) {
  const messages = await db.selectFrom('contact_message').selectAll().execute()
  const emails = await db.selectFrom('outbox').selectAll().execute()
  return { messages: messages.length, emails: emails.length }
}

test('a message is stored with one queued email addressed for a reply to the visitor', async () => {
  const { db } = await openTestDatabase()
  expect(await post(db, { ...message, website: '' })).toEqual({ status: 200, body: { ok: true } })
  const stored = await db.selectFrom('contact_message').selectAll().executeTakeFirstOrThrow()
  expect(stored).toMatchObject({ ...message, handled_at: null })
  const email = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  expect(email).toMatchObject({ topic: 'contact_message', subject_id: stored.id, status: 'queued' })
  const payload = JSON.parse(email.payload)
  expect(payload.subject).toBe('New message from Marcus Lee')
  expect(payload.replyTo).toEqual({ name: 'Marcus Lee', address: 'marcus@example.com' })
  expect(payload.emailjs).toEqual({ call: 'send-form', template: 'contact', fields: message })
})

test.each([
  [
    'a 9-digit phone',
    { phone_number: '416-555-014' },
    'phone_number',
    'Enter a 10-digit phone number, e.g. 416-555-0123.',
  ],
  [
    'an 11-digit phone without the country code 1',
    { phone_number: '24165550142' },
    'phone_number',
    'Enter a 10-digit phone number, e.g. 416-555-0123.',
  ],
  ['a missing message', { message: '   ' }, 'message', 'Message is required.'],
  ['a missing email', { email: '' }, 'email', 'Email is required.'],
  [
    'a header injection in the name',
    { name: 'Marcus\nBcc: all@example.com' },
    'name',
    'Name must fit on one line.',
  ],
  [
    'an oversized message',
    { message: 'x'.repeat(5001) },
    'message',
    'Message must be at most 5000 characters.',
  ],
])(
  '%s is refused with 400 and a message for the field, keeping what was typed',
  async (_, change, field, error) => {
    const { db } = await openTestDatabase()
    const outcome = await post(db, { ...message, ...change })
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({
      ok: false,
      fieldErrors: { [field]: error },
      values: { name: expect.any(String), email: expect.any(String) },
    })
    expect(await storedCounts(db)).toEqual({ messages: 0, emails: 0 })
  },
)

test('a missing field altogether is refused, not crashed on', async () => {
  const { db } = await openTestDatabase()
  const outcome = await post(db, { name: 'Marcus Lee' })
  expect(outcome.status).toBe(400)
  expect(outcome.body).toMatchObject({
    fieldErrors: {
      email: 'Email is required.',
      phone_number: 'Phone number is required.',
      message: 'Message is required.',
    },
  })
})

test('a body over the size cap gets 413 and stores nothing', async () => {
  const { db } = await openTestDatabase()
  const outcome = await post(db, { ...message, message: 'x'.repeat(20_000) })
  expect(outcome.status).toBe(413)
  expect(await storedCounts(db)).toEqual({ messages: 0, emails: 0 })
})

test('a filled honeypot looks like success but stores and sends nothing', async () => {
  const { db } = await openTestDatabase()
  expect(await post(db, { ...message, website: 'cheap-pills.example' })).toEqual({
    status: 200,
    body: { ok: true },
  })
  expect(await storedCounts(db)).toEqual({ messages: 0, emails: 0 })
})

test('more than ten messages a minute from one address get 429', async () => {
  const { db } = await openTestDatabase()
  const ip = freshIp()
  for (let i = 0; i < 10; i++) expect((await post(db, message, ip)).status).toBe(200)
  const refused = await post(db, message, ip)
  expect(refused.status).toBe(429)
  expect(refused.body).toMatchObject({
    ok: false,
    error: expect.stringContaining('Please try again in'),
  })
})

test.each(['PUT', 'PATCH', 'DELETE'])(
  '%s is not a send: 405 with Allow, nothing stored',
  async (method) => {
    const { db } = await openTestDatabase()
    const outcome = await receiveContactMessage({
      request: new Request('http://localhost/contact', {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(message),
      }),
      clientIp: freshIp(),
      db,
    })
    expect(outcome.status).toBe(405)
    expect(outcome.headers?.get('Allow')).toBe('GET, HEAD, POST')
    expect(await storedCounts(db)).toEqual({ messages: 0, emails: 0 })
  },
)

test.each([
  ['JSON', 'application/json'],
  ['plain text', 'text/plain'],
  ['multipart', 'multipart/form-data; boundary=x'],
  ['a type merely mentioning the form’s', 'text/plain; x="application/x-www-form-urlencoded"'],
  ['no type', undefined],
])('a body sent as %s gets 415 and stores nothing', async (_label, contentType) => {
  const { db } = await openTestDatabase()
  const outcome = await receiveContactMessage({
    request: new Request('http://localhost/contact', {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body: new URLSearchParams(message).toString(),
    }),
    clientIp: freshIp(),
    db,
  })
  expect(outcome.status).toBe(415)
  expect(outcome.body).toMatchObject({
    ok: false,
    error: expect.stringContaining('cannot be read'),
  })
  expect(await storedCounts(db)).toEqual({ messages: 0, emails: 0 })
})

test('the form as the browser and React Router’s fetcher send it, charset and all, is taken', async () => {
  const { db } = await openTestDatabase()
  const outcome = await receiveContactMessage({
    request: new Request('http://localhost/contact.data', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams(message).toString(),
    }),
    clientIp: freshIp(),
    db,
  })
  expect(outcome).toEqual({ status: 200, body: { ok: true } })
})

test('a message with control characters or a second address is refused, storing nothing', async () => {
  const { db } = await openTestDatabase()
  const bell = await post(db, { ...message, message: 'Hello\u0007\u0000' })
  expect(bell).toMatchObject({
    status: 400,
    body: { fieldErrors: { message: 'Message cannot contain control characters.' } },
  })
  const script = await post(db, { ...message, email: '<script>@x.com' })
  expect(script).toMatchObject({
    status: 400,
    body: { fieldErrors: { email: 'Enter an email address like name@example.com.' } },
  })
  expect(await storedCounts(db)).toEqual({ messages: 0, emails: 0 })
})

test('a phone written as people write it is taken, and its ten digits are stored', async () => {
  const { db } = await openTestDatabase()
  for (const written of ['416-555-0142', '+1 416 555 0142']) {
    expect(await post(db, { ...message, phone_number: written })).toEqual({
      status: 200,
      body: { ok: true },
    })
  }
  const stored = await db.selectFrom('contact_message').select('phone_number').execute()
  expect(stored.map((row) => row.phone_number)).toEqual(['4165550142', '4165550142'])
})
