/**
 * Her bakery's name in the mail itself: the From name and the footer of the
 * owner's emails follow a rename in Settings › Your site on the very next
 * email, with the server still running (the worker reads it per send).
 */
import { expect, onTestFinished, test } from 'vitest'
import { parseEnv } from '#app/config/env.server.ts'
import { SEED_WORDS } from '#app/content/site-words.ts'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { startDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { escapeHtml } from '#app/features/mail/html.ts'
import { createTransportFromEnv } from '#app/features/mail/transports/select-transport.server.ts'
import { saveSiteSection, seedSiteContent } from '#app/features/site-content/site-content.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { startSmtpSink, waitFor } from '#tests/support/mail.ts'
import { bakeryMailAddresses } from './mail-addresses.ts'

const SITE_URL = 'https://butterandbloom.ca'

const question = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone_number: '4165550123',
  message: 'Do you make gluten-free cupcakes?',
})

test('a renamed bakery’s next email comes from its new name and says it in the footer, without a restart', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const sink = await startSmtpSink()
  const env = parseEnv({ SITE_URL, SMTP_URL: sink.url })
  // As the server starts it: one transport and one worker for the whole run.
  const worker = startDeliveryWorker({
    db,
    transport: createTransportFromEnv(env, { warn: () => {} }),
    retryMinMs: 20,
    siteUrl: SITE_URL,
    addresses: bakeryMailAddresses(db, env),
    log: () => {},
  })
  onTestFinished(() => worker.stop())

  await submitContactMessage(db, question('Omar'))
  worker.kick()
  const before = await waitFor(() => {
    expect(sink.messages).toHaveLength(1)
    return sink.messages[0]!
  })
  const seed = SEED_WORDS.identity
  expect(before.from?.value[0]).toMatchObject({
    name: seed.name,
    address: 'no-reply@butterandbloom.ca',
  })
  expect(before.to).toMatchObject({ text: seed.email })
  expect(before.html).toContain(`Sent by the ${escapeHtml(seed.name)} website.`)

  // She renames her bakery and changes its email on her phone; nothing restarts.
  const renamed = await saveSiteSection(db, 'identity', {
    ...seed,
    name: 'Crumb & Co',
    email: 'mira@crumb.example',
  })
  expect(renamed.ok).toBe(true)

  await submitContactMessage(db, question('Lena'))
  worker.kick()
  const after = await waitFor(() => {
    expect(sink.messages).toHaveLength(2)
    return sink.messages[1]!
  })
  expect(after.subject).toBe('New message from Lena')
  expect(after.from?.text).toBe('"Crumb & Co" <no-reply@butterandbloom.ca>')
  expect(after.to).toMatchObject({ text: 'mira@crumb.example' })
  expect(after.html).toContain('Sent by the Crumb &amp; Co website.')
  expect(after.html).not.toContain(escapeHtml(seed.name))
})

test('MAIL_FROM and MAIL_TO, when set, stay as written whatever the bakery is called', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  await saveSiteSection(db, 'identity', { ...SEED_WORDS.identity, name: 'Crumb & Co' })
  const addresses = bakeryMailAddresses(
    db,
    parseEnv({
      SITE_URL,
      MAIL_FROM: 'Orders <orders@butterandbloom.ca>',
      MAIL_TO: 'nadia@example.com',
    }),
  )
  expect(await addresses()).toEqual({
    from: 'Orders <orders@butterandbloom.ca>',
    to: 'nadia@example.com',
  })
})
