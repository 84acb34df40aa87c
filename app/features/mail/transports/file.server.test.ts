import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { expect, test } from 'vitest'
import { buildCustomerEmail, buildOrderEmail } from '#tests/support/mail.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { createFileTransport } from './file.server.ts'

test('each email becomes a readable .eml file in DATA_DIR/mail, announced in one line that names the file, not the customer', async () => {
  const dataDir = await makeTempDir()
  const lines: string[] = []
  const transport = createFileTransport({
    dataDir,
    from: { name: 'Butter & Bloom Bakery', address: 'no-reply@localhost' },
    to: 'hello@butterandbloom.ca',
    log: (line) => lines.push(line),
  })

  await transport.send(buildOrderEmail(), { messageId: '<outbox-7-abc@localhost>' })

  const files = await readdir(path.join(dataDir, 'mail'))
  expect(files).toHaveLength(1)
  const file = files[0]!
  expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-outbox-7-abc\.eml$/)
  const raw = await readFile(path.join(dataDir, 'mail', file))
  expect(raw.toString('utf8')).toContain('\r\n')
  const mail = await simpleParser(raw)
  expect(mail.subject).toBe('New order request (2 orders)')
  expect(mail.from?.text).toBe('"Butter & Bloom Bakery" <no-reply@localhost>')
  expect(mail.to).toMatchObject({ text: 'hello@butterandbloom.ca' })
  expect(mail.replyTo?.value).toEqual([{ name: 'Maya Chen', address: 'maya@example.com' }])
  expect(mail.messageId).toBe('<outbox-7-abc@localhost>')
  expect(mail.text?.trim()).toBe('Order 1\nName: Maya Chen\nProduct type: Cake')
  expect(mail.html).toContain('Name: Maya Chen')
  expect(lines).toEqual([
    `mail: wrote ${path.relative(process.cwd(), path.join(dataDir, 'mail', file))}`,
  ])
})

test("a customer's email is written to the customer, from the site, with the owner in Reply-To", async () => {
  const dataDir = await makeTempDir()
  const transport = createFileTransport({
    dataDir,
    from: 'Butter & Bloom website <website@butterandbloom.ca>',
    to: 'hello@butterandbloom.ca',
    log: () => {},
  })

  await transport.send(buildCustomerEmail(), { messageId: '<outbox-8-abc@localhost>' })

  const [file] = await readdir(path.join(dataDir, 'mail'))
  const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', file!)))
  expect(mail.subject).toBe('We got your order — Butter & Bloom Bakery')
  expect(mail.to).toMatchObject({ value: [{ name: 'Priya Sharma', address: 'priya@example.com' }] })
  expect(mail.from?.value).toEqual([
    { name: 'Butter & Bloom website', address: 'website@butterandbloom.ca' },
  ])
  expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hello@butterandbloom.ca' }])
  expect(mail.html).toContain('See your order')
})

test("an email erased after it was written takes its files with it, a crashed attempt's included, and no other email's", async () => {
  const dataDir = await makeTempDir()
  const transport = createFileTransport({
    dataDir,
    from: 'no-reply@localhost',
    to: 'hello@butterandbloom.ca',
    log: () => {},
  })
  await transport.send(buildCustomerEmail(), { messageId: '<outbox-7-abc@localhost>' })
  await transport.send(buildOrderEmail(), { messageId: '<outbox-70-abc@localhost>' })
  // An earlier attempt at outbox 7 that died mid-write.
  const crashed = path.join(dataDir, 'mail', '2026-11-21T09-30-00-000Z-outbox-7-abc.eml.partial')
  await writeFile(crashed, 'To: priya@example.com')

  await transport.discard!({ messageId: '<outbox-7-abc@localhost>' })

  expect(await readdir(path.join(dataDir, 'mail'))).toEqual([
    expect.stringMatching(/-outbox-70-abc\.eml$/),
  ])
})
