import { createServer, type IncomingHttpHeaders } from 'node:http'
import { expect, onTestFinished, test } from 'vitest'
import { buildContactEmail, buildCustomerEmail, buildOrderEmail } from '#tests/support/mail.ts'
import { createEmailJsTransport, EMAILJS_LIB_VERSION } from './emailjs.server.ts'
import { DeliveryError } from './transport.ts'

interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/** Stands in for api.emailjs.com on loopback and keeps every request exactly as it came. */
async function startFakeEmailJs(
  reply: { status: number; text: string } = { status: 200, text: 'OK' },
) {
  const requests: RecordedRequest[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      response.writeHead(reply.status, { 'Content-Type': 'text/plain' }).end(reply.text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  let closed: Promise<void> | undefined
  const close = () => {
    server.closeAllConnections()
    return (closed ??= new Promise<void>((resolve) => server.close(() => resolve())))
  }
  onTestFinished(close)
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return { apiUrl: `http://127.0.0.1:${address.port}`, requests, close }
}

const ids = {
  publicKey: 'user_pk_123',
  serviceId: 'service_bakery',
  orderTemplateId: 'template_orders',
  contactTemplateId: 'template_contact',
}

/** Reads a multipart body back the way a server would. */
async function readForm({ headers, body }: RecordedRequest): Promise<[string, string][]> {
  const request = new Request('http://fake.test/', {
    method: 'POST',
    headers: { 'content-type': String(headers['content-type']) },
    body: new Uint8Array(body),
  })
  const form = await request.formData()
  return [...form.entries()].map(([name, value]) => [name, String(value)])
}

test('orders go to /send as the JSON the original site sent', async () => {
  const fake = await startFakeEmailJs()
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids })

  await transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' })

  expect(fake.requests).toHaveLength(1)
  const request = fake.requests[0]!
  expect(request.method).toBe('POST')
  expect(request.path).toBe('/api/v1.0/email/send')
  expect(request.headers['content-type']).toBe('application/json')
  expect(JSON.parse(request.body.toString('utf8'))).toStrictEqual({
    lib_version: '4.4.1',
    user_id: 'user_pk_123',
    service_id: 'service_bakery',
    template_id: 'template_orders',
    template_params: { order_count: '2', orders_summary: 'Order 1\nName: Maya Chen' },
  })
  expect(request.body.toString('utf8')).toBe(
    '{"lib_version":"4.4.1","user_id":"user_pk_123","service_id":"service_bakery",' +
      '"template_id":"template_orders","template_params":{"order_count":"2",' +
      '"orders_summary":"Order 1\\nName: Maya Chen"}}',
  )
})

test('with a private key, orders carry it as accessToken', async () => {
  const fake = await startFakeEmailJs()
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids, privateKey: 'pk_secret' })

  await transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' })

  expect(JSON.parse(fake.requests[0]!.body.toString('utf8'))).toStrictEqual({
    lib_version: EMAILJS_LIB_VERSION,
    user_id: 'user_pk_123',
    service_id: 'service_bakery',
    template_id: 'template_orders',
    template_params: { order_count: '2', orders_summary: 'Order 1\nName: Maya Chen' },
    accessToken: 'pk_secret',
  })
})

test('contact messages go to /send-form as a form with the contact fields', async () => {
  const fake = await startFakeEmailJs()
  const transport = createEmailJsTransport({ apiUrl: `${fake.apiUrl}/`, ...ids })

  await transport.send(buildContactEmail(), { messageId: '<m1@example.com>' })

  const request = fake.requests[0]!
  expect(request.method).toBe('POST')
  expect(request.path).toBe('/api/v1.0/email/send-form')
  expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
  expect(await readForm(request)).toStrictEqual([
    ['name', 'Omar Haddad'],
    ['email', 'omar@example.com'],
    ['phone_number', '4165550123'],
    ['message', 'Do you make gluten-free cupcakes?'],
    ['lib_version', '4.4.1'],
    ['service_id', 'service_bakery'],
    ['template_id', 'template_contact'],
    ['user_id', 'user_pk_123'],
  ])
})

test('with a private key, contact forms carry it as accessToken', async () => {
  const fake = await startFakeEmailJs()
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids, privateKey: 'pk_secret' })

  await transport.send(buildContactEmail(), { messageId: '<m1@example.com>' })

  const form = await readForm(fake.requests[0]!)
  expect(form.at(-1)).toStrictEqual(['accessToken', 'pk_secret'])
  expect(form).toHaveLength(9)
})

test("a customer's email goes to /send with the customer template, to_email and the whole text", async () => {
  const fake = await startFakeEmailJs()
  const transport = createEmailJsTransport({
    apiUrl: fake.apiUrl,
    ...ids,
    privateKey: 'pk_secret',
    customerTemplateId: 'template_customer',
  })
  const email = buildCustomerEmail()

  await transport.send(email, { messageId: '<m1@example.com>' })

  expect(fake.requests).toHaveLength(1)
  const request = fake.requests[0]!
  expect(request.method).toBe('POST')
  expect(request.path).toBe('/api/v1.0/email/send')
  expect(request.headers['content-type']).toBe('application/json')
  expect(JSON.parse(request.body.toString('utf8'))).toStrictEqual({
    lib_version: '4.4.1',
    user_id: 'user_pk_123',
    service_id: 'service_bakery',
    template_id: 'template_customer',
    template_params: {
      to_name: 'Priya Sharma',
      to_email: 'priya@example.com',
      subject: 'We got your order — Butter & Bloom Bakery',
      message: email.text,
      status_url: 'https://butterandbloom.example/requests/AbCdEfGhIjKlMnOpQrStUvWx',
    },
    accessToken: 'pk_secret',
  })
})

test("without EMAILJS_CUSTOMER_TEMPLATE_ID a customer's email fails for good, saying what to set, and nothing is sent", async () => {
  const fake = await startFakeEmailJs()
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids })

  await expect(
    transport.send(buildCustomerEmail(), { messageId: '<m1@example.com>' }),
  ).rejects.toMatchObject({
    name: 'DeliveryError',
    permanent: true,
    message: 'EmailJS: set EMAILJS_CUSTOMER_TEMPLATE_ID to email customers through EmailJS.',
  })
  expect(fake.requests).toHaveLength(0)
})

test("the text 'OK' is success whatever the status", async () => {
  const fake = await startFakeEmailJs({ status: 202, text: 'OK' })
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids })

  await expect(
    transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' }),
  ).resolves.toBeUndefined()
})

test('a 400 is a permanent failure that keeps what EmailJS said', async () => {
  const fake = await startFakeEmailJs({ status: 400, text: 'The template ID is invalid' })
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids })

  const error = await transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' }).then(
    () => undefined,
    (error: unknown) => error,
  )

  expect(error).toBeInstanceOf(DeliveryError)
  expect(error).toMatchObject({
    permanent: true,
    message: 'EmailJS answered 400: The template ID is invalid',
  })
})

test.each([
  [500, 'Internal error'],
  [429, 'Too many requests'],
])('a %i is a passing failure', async (status, text) => {
  const fake = await startFakeEmailJs({ status, text })
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids })

  await expect(
    transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' }),
  ).rejects.toMatchObject({ name: 'DeliveryError', permanent: false })
})

test('an unreachable EmailJS is a passing failure', async () => {
  const fake = await startFakeEmailJs()
  await fake.close()
  const transport = createEmailJsTransport({ apiUrl: fake.apiUrl, ...ids })

  await expect(
    transport.send(buildOrderEmail(), { messageId: '<m1@example.com>' }),
  ).rejects.toMatchObject({
    name: 'DeliveryError',
    permanent: false,
    message: expect.stringContaining('ECONNREFUSED'),
  })
})
