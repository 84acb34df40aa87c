import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { EnvError, parseEnv } from '#app/config/env.server.ts'
import { buildOrderEmail, startSmtpSink } from '#tests/support/mail.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { createTransportFromEnv, resolveMailAddresses } from './select-transport.server.ts'

const emailJsIds = {
  EMAILJS_PUBLIC_KEY: 'user_pk_123',
  EMAILJS_SERVICE_ID: 'service_bakery',
  EMAILJS_ORDER_TEMPLATE_ID: 'template_orders',
  EMAILJS_CONTACT_TEMPLATE_ID: 'template_contact',
}

const bakery = { name: 'Crumb & Co', email: 'mira@crumb.example' }

test('with SMTP_URL, mail goes by SMTP from no-reply at the site, under her bakery’s name, to her email', async () => {
  const sink = await startSmtpSink()
  const env = parseEnv({ SITE_URL: 'https://butterandbloom.ca', SMTP_URL: sink.url, ...emailJsIds })

  const transport = createTransportFromEnv(env, { warn: () => {} })
  await transport.send(buildOrderEmail(), {
    messageId: '<m1@butterandbloom.ca>',
    addresses: resolveMailAddresses(env, bakery),
  })

  expect(transport.name).toBe('smtp')
  const mail = sink.messages[0]!
  expect(mail.from?.text).toBe('"Crumb & Co" <no-reply@butterandbloom.ca>')
  expect(mail.to).toMatchObject({ text: 'mira@crumb.example' })
})

test('the From name is plain whatever the name it is given: no line break, override or zero-width character', () => {
  const env = parseEnv({ SITE_URL: 'https://butterandbloom.ca' })
  const addresses = resolveMailAddresses(env, {
    name: 'Crumb\r\nBcc: eve@evil.test\u202E oC\u200B\u0000',
    email: 'mira@crumb.example',
  })
  expect(addresses.from).toEqual({
    name: 'Crumb Bcc: eve@evil.test oC',
    address: 'no-reply@butterandbloom.ca',
  })
})

test('SMTP without MAIL_FROM is warned about once, naming the address mail comes from', () => {
  const warnings: string[] = []
  const smtp = { SITE_URL: 'https://butterandbloom.ca/', SMTP_URL: 'smtp://mail.example.com:587' }
  createTransportFromEnv(parseEnv(smtp), { warn: (line) => warnings.push(line) })
  expect(warnings).toEqual([
    'mail: SMTP_URL is set without MAIL_FROM, so mail comes from no-reply@butterandbloom.ca; ' +
      'set MAIL_FROM to an address your SMTP provider lets you send from',
  ])

  createTransportFromEnv(parseEnv({ ...smtp, MAIL_FROM: 'orders@butterandbloom.ca' }), {
    warn: (line) => warnings.push(line),
  })
  createTransportFromEnv(parseEnv({ DATA_DIR: 'data' }), { warn: (line) => warnings.push(line) })
  expect(warnings).toHaveLength(1)
})

test('MAIL_FROM and MAIL_TO replace the default addresses', () => {
  const env = parseEnv({ MAIL_FROM: 'Orders <orders@example.com>', MAIL_TO: 'nadia@example.com' })

  expect(resolveMailAddresses(env, bakery)).toEqual({
    from: 'Orders <orders@example.com>',
    to: 'nadia@example.com',
  })
})

test('with EmailJS ids and no SMTP_URL, mail goes through EmailJS', () => {
  const warnings: string[] = []
  const env = parseEnv({ ...emailJsIds, EMAILJS_CUSTOMER_TEMPLATE_ID: 'template_customer' })
  expect(createTransportFromEnv(env, { warn: (line) => warnings.push(line) }).name).toBe('emailjs')
  expect(warnings).toEqual([])
})

test("EmailJS without a customer template starts, warning that customers' confirmations will fail", () => {
  const warnings: string[] = []
  const transport = createTransportFromEnv(parseEnv(emailJsIds), {
    warn: (line) => warnings.push(line),
  })
  expect(transport.name).toBe('emailjs')
  expect(warnings).toEqual([
    "mail: EMAILJS_CUSTOMER_TEMPLATE_ID is needed to email customers their confirmation (a template whose To Email is {{to_email}}); without it those emails fail, the owner's still go out",
  ])
})

test('the customer template alone also means EmailJS, and the missing ids are named', () => {
  const env = parseEnv({ EMAILJS_CUSTOMER_TEMPLATE_ID: 'template_customer' })
  expect(() => createTransportFromEnv(env)).toThrow(
    '  EMAILJS_PUBLIC_KEY is required to send through EmailJS',
  )
})

test('with no mail service configured, mail is written to files in DATA_DIR/mail', async () => {
  const dataDir = await makeTempDir()
  const lines: string[] = []
  const transport = createTransportFromEnv(parseEnv({ DATA_DIR: dataDir }), {
    log: (line) => lines.push(line),
  })

  await transport.send(buildOrderEmail(), {
    messageId: '<m1@localhost>',
    addresses: resolveMailAddresses(parseEnv({ DATA_DIR: dataDir }), bakery),
  })

  expect(transport.name).toBe('file')
  expect(await readdir(path.join(dataDir, 'mail'))).toHaveLength(1)
  expect(lines).toHaveLength(1)
})

test.each(Object.keys(emailJsIds))('EmailJS without %s stops the boot naming it', (name) => {
  const env = parseEnv({ ...emailJsIds, [name]: '' })

  expect(() => createTransportFromEnv(env)).toThrow(EnvError)
  expect(() => createTransportFromEnv(env)).toThrow(
    `Invalid environment:\n  ${name} is required to send through EmailJS`,
  )
})

test('every missing EmailJS id is named at once', () => {
  const env = parseEnv({ EMAILJS_PRIVATE_KEY: 'pk_secret' })

  expect(() => createTransportFromEnv(env)).toThrow(
    'Invalid environment:\n' +
      '  EMAILJS_PUBLIC_KEY is required to send through EmailJS\n' +
      '  EMAILJS_SERVICE_ID is required to send through EmailJS\n' +
      '  EMAILJS_ORDER_TEMPLATE_ID is required to send through EmailJS\n' +
      '  EMAILJS_CONTACT_TEMPLATE_ID is required to send through EmailJS\n' +
      '  EMAILJS_CUSTOMER_TEMPLATE_ID is needed to email customers their confirmation',
  )
})
