/**
 * Her bakery's name in the mail itself: the From name and the footer of the
 * owner's emails follow a rename in Settings › Your site on the very next
 * email, with the server still running (the worker reads it per send).
 */
import type { ParsedMail } from 'mailparser'
import { expect, onTestFinished, test } from 'vitest'
import { parseEnv } from '#app/config/env.server.ts'
import { SEED_WORDS } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { startDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { escapeHtml } from '#app/features/mail/html.ts'
import { createTransportFromEnv } from '#app/features/mail/transports/select-transport.server.ts'
import {
  readSiteSection,
  saveSiteSection,
  seedSiteContent,
} from '#app/features/site-content/site-content.server.ts'
import { receiveSiteSettingsAction } from '#app/features/site-content/site-settings-action.server.ts'
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

/** One running worker sending through a loopback SMTP server, as the server runs it. */
async function sendingBakery() {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const sink = await startSmtpSink()
  const env = parseEnv({ SITE_URL, SMTP_URL: sink.url })
  const worker = startDeliveryWorker({
    db,
    transport: createTransportFromEnv(env, { warn: () => {} }),
    retryMinMs: 20,
    siteUrl: SITE_URL,
    addresses: bakeryMailAddresses(db, env),
    log: () => {},
  })
  onTestFinished(() => worker.stop())
  /** The next email the owner gets, once a customer writes. */
  const nextEmail = async () => {
    const count = sink.messages.length
    await submitContactMessage(db, question('Omar'))
    worker.kick()
    return waitFor(() => {
      expect(sink.messages).toHaveLength(count + 1)
      return sink.messages[count]!
    })
  }
  return { db, nextEmail }
}

/** Settings › Your site's name and contact group, posted as her phone posts it. */
function renameBakery(db: Db, name: string) {
  const identity = SEED_WORDS.identity
  return receiveSiteSettingsAction({
    request: new Request('http://localhost/admin/settings/site', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent: 'identity',
        name,
        owner_name: identity.ownerName,
        tagline: identity.tagline,
        title_words: identity.titleWords.join('\n'),
        email: 'mira@crumb.example',
        phone: '',
        instagram_url: '',
        instagram_handle: '',
        tiktok_url: '',
        tiktok_handle: '',
        facebook_url: '',
        facebook_handle: '',
        service_area: identity.serviceArea,
        reply_time: identity.replyTime,
        footer_line: '',
      }).toString(),
    }),
    db,
    savePolicies: async () => {},
    moneyRecorded: async () => false,
  })
}

/** The From header as it arrived, and the name a mail program shows from it. */
function fromOf(mail: ParsedMail) {
  return {
    line: mail.headerLines.find((header) => header.key === 'from')!.line,
    name: mail.from!.value[0]!.name,
  }
}

test('a bakery name with a line break is refused; one with a right-to-left override is stored and sent without it', async () => {
  const { db, nextEmail } = await sendingBakery()
  const injected = await renameBakery(db, 'Crumb & Co\r\nBcc: eve@evil.test')
  expect(injected.status).toBe(400)
  expect(injected.body.errors).toEqual({ name: 'Bakery name must fit on one line.' })
  expect((await readSiteSection(db, 'identity')).name).toBe(SEED_WORDS.identity.name)

  // "Crumb & oC" with its last letters overridden to read right to left.
  const saved = await renameBakery(db, 'Crumb & \u202EoC\u202C')
  expect(saved.status).toBe(200)
  expect((await readSiteSection(db, 'identity')).name).toBe('Crumb & oC')

  const mail = await nextEmail()
  expect(fromOf(mail)).toEqual({
    line: 'From: "Crumb & oC" <no-reply@butterandbloom.ca>',
    name: 'Crumb & oC',
  })
  expect(mail.headers.has('bcc')).toBe(false)
  expect(mail.to).toMatchObject({ text: 'mira@crumb.example' })
})

test('a name stored with a line break and an override before names were checked still sends a plain From', async () => {
  const { db, nextEmail } = await sendingBakery()
  // As an older release could have stored it.
  await db
    .updateTable('site_content')
    .set({
      value: JSON.stringify({
        ...SEED_WORDS.identity,
        name: 'Crumb\r\nBcc: eve@evil.test \u202Eoc',
        email: 'mira@crumb.example',
      }),
    })
    .where('key', '=', 'identity')
    .execute()

  const mail = await nextEmail()
  const from = fromOf(mail)
  expect(from.name).toBe('Crumb Bcc: eve@evil.test oc')
  expect(from.line).not.toMatch(/[\r\n\u202E]/)
  expect(mail.headers.has('bcc')).toBe(false)
  // Her own address still gets her mail: the stored words stay hers, not the seed's.
  expect(mail.to).toMatchObject({ text: 'mira@crumb.example' })
})
