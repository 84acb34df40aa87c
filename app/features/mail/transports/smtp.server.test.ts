import { expect, test } from 'vitest'
import { buildCustomerEmail, buildOrderEmail, startSmtpSink } from '#tests/support/mail.ts'
import { createSmtpTransport } from './smtp.server.ts'
import { DeliveryError } from './transport.ts'

test('an email reaches the SMTP server from the site, to the owner, with the customer in Reply-To', async () => {
  const sink = await startSmtpSink()
  const transport = createSmtpTransport({
    url: sink.url,
    from: { name: 'Butter & Bloom Bakery', address: 'no-reply@butterandbloom.ca' },
    to: 'hello@butterandbloom.ca',
  })

  await transport.send(buildOrderEmail(), { messageId: '<outbox-1-abc@butterandbloom.ca>' })

  expect(sink.messages).toHaveLength(1)
  const mail = sink.messages[0]!
  expect(mail.from?.value).toEqual([
    { name: 'Butter & Bloom Bakery', address: 'no-reply@butterandbloom.ca' },
  ])
  expect(mail.to).toMatchObject({ value: [{ address: 'hello@butterandbloom.ca' }] })
  expect(mail.replyTo?.value).toEqual([{ name: 'Maya Chen', address: 'maya@example.com' }])
  expect(mail.subject).toBe('New order request (2 orders)')
  expect(mail.text?.trim()).toBe('Order 1\nName: Maya Chen\nProduct type: Cake')
  expect(mail.html).toContain('<p>Order 1<br>Name: Maya Chen<br>Product type: Cake</p>')
  expect(mail.messageId).toBe('<outbox-1-abc@butterandbloom.ca>')
})

test("a customer's email goes to the customer, from the site, with the owner in Reply-To", async () => {
  const sink = await startSmtpSink()
  const transport = createSmtpTransport({
    url: sink.url,
    from: { name: 'Butter & Bloom Bakery', address: 'no-reply@butterandbloom.ca' },
    to: 'hello@butterandbloom.ca',
  })

  await transport.send(buildCustomerEmail(), { messageId: '<outbox-2-abc@butterandbloom.ca>' })

  expect(sink.messages).toHaveLength(1)
  const mail = sink.messages[0]!
  expect(mail.to).toMatchObject({ value: [{ name: 'Priya Sharma', address: 'priya@example.com' }] })
  expect(mail.from?.value).toEqual([
    { name: 'Butter & Bloom Bakery', address: 'no-reply@butterandbloom.ca' },
  ])
  expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hello@butterandbloom.ca' }])
  expect(mail.subject).toBe('We got your order — Butter & Bloom Bakery')
  expect(mail.html).toContain('See your order')
  // The envelope too: the SMTP server is asked to deliver to the customer alone.
  expect(sink.recipients).toEqual([['priya@example.com']])
})

test('the Reply-To display name never carries controls, bidi overrides or zero-width characters', async () => {
  const sink = await startSmtpSink()
  const transport = createSmtpTransport({
    url: sink.url,
    from: 'a@example.com',
    to: 'b@example.com',
  })
  const replyTo = { name: '\u202EMaya\u200B Chen\u0000\u2066', address: 'maya@example.com' }

  await transport.send(buildOrderEmail({ replyTo }), { messageId: '<m1@example.com>' })

  expect(sink.messages[0]!.replyTo?.value).toEqual([
    { name: 'Maya Chen', address: 'maya@example.com' },
  ])
})

test('the user and password in SMTP_URL are used to log in', async () => {
  const sink = await startSmtpSink({ auth: { user: 'bakery', pass: 's3cret' } })
  const transport = createSmtpTransport({
    url: sink.url,
    from: 'a@example.com',
    to: 'b@example.com',
  })

  await transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' })

  expect(sink.messages).toHaveLength(1)
})

test('a 5xx reply is a permanent failure', async () => {
  const sink = await startSmtpSink({ reject: { code: 550, message: 'Mailbox unavailable' } })
  const transport = createSmtpTransport({
    url: sink.url,
    from: 'a@example.com',
    to: 'b@example.com',
  })

  const error = await transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' }).then(
    () => undefined,
    (error: unknown) => error,
  )

  expect(error).toBeInstanceOf(DeliveryError)
  expect(error).toMatchObject({ permanent: true, message: expect.stringContaining('550') })
})

test('a 4xx reply is a passing failure', async () => {
  const sink = await startSmtpSink({ reject: { code: 451, message: 'Try again later' } })
  const transport = createSmtpTransport({
    url: sink.url,
    from: 'a@example.com',
    to: 'b@example.com',
  })

  await expect(
    transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' }),
  ).rejects.toMatchObject({ name: 'DeliveryError', permanent: false })
})

test('a server that is not there is a passing failure', async () => {
  const sink = await startSmtpSink()
  await sink.close()
  const transport = createSmtpTransport({
    url: sink.url,
    from: 'a@example.com',
    to: 'b@example.com',
  })

  await expect(
    transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' }),
  ).rejects.toMatchObject({ name: 'DeliveryError', permanent: false })
})
