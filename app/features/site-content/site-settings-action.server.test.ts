import { expect, test } from 'vitest'
import { SEED_WORDS, toPublicWords } from '#app/content/site-words.ts'
import {
  readBookingSettings,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { readSiteWords, seedSiteContent } from './site-content.server.ts'
import { receiveSiteSettingsAction } from './site-settings-action.server.ts'

/** No quote or payment recorded yet: the currency may change. */
const moneyRecorded = async () => false

function post(fields: Record<string, string>) {
  return new Request('http://localhost/admin/settings/site', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

const identityForm = {
  intent: 'identity',
  name: 'Crumb & Co',
  owner_name: 'Mira Okafor',
  tagline: 'Cakes from Leslieville',
  title_words: 'CRUMB & CO\nLESLIEVILLE',
  email: 'hi@crumb.example',
  phone: '',
  instagram_url: 'https://instagram.com/crumb',
  instagram_handle: '@crumb',
  tiktok_url: '',
  tiktok_handle: '',
  facebook_url: '',
  facebook_handle: '',
  service_area: 'Leslieville',
  since: '2019',
  reply_time: 'by the next morning',
  footer_line: '',
}

test('a group saves on its own; a refusal names the form’s field and keeps what she typed', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  let policies = ''
  const savePolicies = async ({ markdown }: { markdown: string }) => void (policies = markdown)

  const refused = await receiveSiteSettingsAction({
    request: post({ ...identityForm, instagram_url: 'javascript:alert(1)', email: 'nope' }),
    db,
    savePolicies,
    moneyRecorded,
  })
  expect(refused.status).toBe(400)
  expect(refused.body.errors).toEqual({
    email: 'Please write an email address like hello@example.com.',
    instagram_url: 'The Instagram address must be a web address starting with https://.',
  })
  expect(refused.body.values.name).toBe('Crumb & Co')
  expect((await readSiteWords(db)).identity).toEqual(SEED_WORDS.identity)

  const saved = await receiveSiteSettingsAction({
    request: post(identityForm),
    db,
    savePolicies,
    moneyRecorded,
  })
  expect(saved).toMatchObject({ status: 200, body: { section: 'identity', status: 'saved' } })
  const { identity } = await readSiteWords(db)
  expect(identity).toMatchObject({
    name: 'Crumb & Co',
    ownerName: 'Mira Okafor',
    titleWords: ['CRUMB & CO', 'LESLIEVILLE'],
    social: { instagram: { url: 'https://instagram.com/crumb', handle: '@crumb' } },
    replyTime: 'by the next morning',
  })
  // Only the identity changed.
  expect((await readSiteWords(db)).words).toEqual(SEED_WORDS.words)
  expect(policies).toBe('')
})

test('the year she started and where she bakes are hers to say or leave empty', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const send = (fields: Record<string, string>) =>
    receiveSiteSettingsAction({
      request: post({ ...identityForm, ...fields }),
      db,
      savePolicies: async () => {},
      moneyRecorded,
    })
  const badYear = await send({ since: '19' })
  expect(badYear.status).toBe(400)
  expect(badYear.body.errors).toEqual({
    since: 'Please write the year you started as four digits, like 2019, or leave it empty.',
  })
  expect((await send({})).status).toBe(200)
  expect((await readSiteWords(db)).identity).toMatchObject({
    since: '2019',
    serviceArea: 'Leslieville',
  })
  expect((await send({ since: '', service_area: '' })).status).toBe(200)
  expect((await readSiteWords(db)).identity).toMatchObject({ since: '', serviceArea: '' })
})

test('a preview renders on the server and saves nothing; Publish saves', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  let policies = 'Old rules.'
  const savePolicies = async ({ markdown }: { markdown: string }) => void (policies = markdown)
  const markdown = '## Deposits\n\n<script>alert(1)</script>Half holds the date.'

  const preview = await receiveSiteSettingsAction({
    request: post({ intent: 'faq', mode: 'preview', markdown }),
    db,
    savePolicies,
    moneyRecorded,
  })
  expect(preview.body).toMatchObject({ status: 'preview', values: { markdown } })
  expect(preview.body.previewHtml).toContain('<h2>Deposits</h2>')
  expect(preview.body.previewHtml).not.toContain('script')
  expect((await readSiteWords(db)).faq).toEqual(SEED_WORDS.faq)

  const words = await receiveSiteSettingsAction({
    request: post({
      intent: 'words',
      mode: 'preview',
      home_story: 'New.',
      about_story: 'A.\r\n\r\nB.',
      treats_intro: '',
      gallery_heading: 'Our cakes',
      gallery_intro: '',
    }),
    db,
    savePolicies,
    moneyRecorded,
  })
  expect(words.body.previewWords).toEqual({
    homeStory: 'New.',
    aboutStory: 'A.\n\nB.',
    treatsIntro: '',
    galleryHeading: 'Our cakes',
    galleryIntro: '',
  })
  expect((await readSiteWords(db)).words).toEqual(SEED_WORDS.words)

  const policiesPreview = await receiveSiteSettingsAction({
    request: post({ intent: 'policies', mode: 'preview', markdown }),
    db,
    savePolicies,
    moneyRecorded,
  })
  expect(policiesPreview.body.status).toBe('preview')
  expect(policies).toBe('Old rules.')
  await receiveSiteSettingsAction({
    request: post({ intent: 'policies', mode: 'publish', markdown }),
    db,
    savePolicies,
    moneyRecorded,
  })
  expect(policies).toBe(markdown)
  const tooLong = await receiveSiteSettingsAction({
    request: post({ intent: 'policies', markdown: 'x'.repeat(4001) }),
    db,
    savePolicies,
    moneyRecorded,
  })
  expect(tooLong.status).toBe(400)
  expect(tooLong.body.errors.markdown).toBe('The policies can be at most 4000 characters.')
})

test('Markdown nested 5,000 deep is refused at preview and publish with a sentence, and nothing changes', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const before = await readBookingSettings(db)
  const action = (fields: Record<string, string>) =>
    receiveSiteSettingsAction({
      request: post(fields),
      db,
      // As the route saves them: into the booking settings.
      savePolicies: (policies) => updateBookingSettings(db, { policies }),
      moneyRecorded,
    })
  // The policies take at most 4,000 characters, the FAQ 20,000.
  const levels = { faq: 5000, policies: 3900 }
  for (const [intent, depth] of Object.entries(levels)) {
    const deep = `${'>'.repeat(depth)} Deposits hold your date.`
    const sentence = `Line 1 puts ${depth} quotes, lists or indents inside one another; the page takes at most 16. Please make it flatter.`
    for (const mode of ['preview', 'publish']) {
      const refused = await action({ intent, mode, markdown: deep })
      expect(refused.status, `${intent} ${mode}`).toBe(400)
      expect(refused.body).toMatchObject({
        section: intent,
        status: 'refused',
        errors: { markdown: sentence },
        values: { markdown: deep },
      })
    }
  }
  expect((await readSiteWords(db)).faq).toEqual(SEED_WORDS.faq)
  const after = await readBookingSettings(db)
  expect(after.policies).toBe(before.policies)
  expect(after.policiesHtml).toBe(before.policiesHtml)
})

test('the banner stores plain words: a control character is refused, direction overrides removed', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const banner = (text: string) =>
    receiveSiteSettingsAction({
      request: post({ intent: 'announcement', on: 'on', text, link: '/ordernow', ends_on: '' }),
      db,
      savePolicies: async () => {},
      moneyRecorded,
    })

  for (const control of ['\u0007', '\u001B[2J', '\u0000', '\u0085', '\n']) {
    const refused = await banner(`Closed${control} for the holidays`)
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({
      text:
        control === '\n'
          ? 'Banner text must fit on one line.'
          : 'Banner text cannot contain control characters.',
    })
  }
  expect((await readSiteWords(db)).announcement).toEqual(SEED_WORDS.announcement)

  // "nepo \u202Eyadot\u202C" would read "nepo today" backwards; an accent typed apart is composed.
  const saved = await banner('\u202ECafe\u0301 closed\u202C \u2067until Jan 5\u2069')
  expect(saved.status).toBe(200)
  const words = await readSiteWords(db)
  expect(words.announcement.text).toBe('Caf\u00E9 closed until Jan 5')
  // What every page's banner shows.
  expect(toPublicWords(words, '2026-12-01').banner).toEqual({
    text: 'Caf\u00E9 closed until Jan 5',
    link: '/ordernow',
  })
})

test('her words in every group are stored plain, names without invisible characters', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const send = (fields: Record<string, string>) =>
    receiveSiteSettingsAction({
      request: post(fields),
      db,
      savePolicies: async () => {},
      moneyRecorded,
    })
  const identity = await send({
    ...identityForm,
    name: 'Crumb \u202E& Co',
    owner_name: 'Mira\u200B Okafor',
    tagline: 'Cakes from Leslieville\u2066',
    reply_time: 'by the next \u202Emorning',
    instagram_handle: '@cru\u202Emb',
    footer_line: 'Baked with care in Caf\u0065\u0301 Street',
  })
  expect(identity.status).toBe(200)
  expect((await readSiteWords(db)).identity).toMatchObject({
    name: 'Crumb & Co',
    ownerName: 'Mira Okafor',
    tagline: 'Cakes from Leslieville',
    replyTime: 'by the next morning',
    social: { instagram: { handle: '@crumb' } },
    footerLine: 'Baked with care in Caf\u00E9 Street',
  })
  const story = await send({
    intent: 'words',
    home_story: 'Fresh \u202Edaily.',
    about_story: 'One.\r\n\r\nTwo\u0000.',
    treats_intro: '',
    gallery_heading: 'Our Gallery',
    gallery_intro: '',
  })
  expect(story.body.errors).toEqual({
    about_story: 'About story cannot contain control characters.',
  })
  const replyTime = await send({ ...identityForm, reply_time: 'soon\r\nBcc: eve@evil.test' })
  expect(replyTime.body.errors).toEqual({ reply_time: 'Reply time must fit on one line.' })
})

test('a post that is not one of the forms is refused with a sentence', async () => {
  const { db } = await openTestDatabase()
  const answer = await receiveSiteSettingsAction({
    request: post({ intent: 'everything' }),
    db,
    savePolicies: async () => {},
    moneyRecorded,
  })
  expect(answer.status).toBe(400)
  expect(answer.body.error).toBe('That request could not be understood.')
})

test('the local settings form saves, and a refusal names its own fields; money keeps the currency', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const form = { intent: 'local', time_zone: 'Pacific/Auckland', currency: 'NZD', locale: 'en-NZ' }
  const refused = await receiveSiteSettingsAction({
    request: post({ ...form, time_zone: 'Middle Earth', currency: 'JPY' }),
    db,
    savePolicies: async () => {},
    moneyRecorded,
  })
  expect(refused.status).toBe(400)
  expect(Object.keys(refused.body.errors).sort()).toEqual(['currency', 'time_zone'])
  expect(refused.body.values.time_zone).toBe('Middle Earth')

  const locked = await receiveSiteSettingsAction({
    request: post(form),
    db,
    savePolicies: async () => {},
    moneyRecorded: async () => true,
  })
  expect(locked.status).toBe(400)
  expect(locked.body.errors.currency).toMatch(/^The currency cannot change once a quote/)

  const saved = await receiveSiteSettingsAction({
    request: post(form),
    db,
    savePolicies: async () => {},
    moneyRecorded,
  })
  expect(saved).toMatchObject({ status: 200, body: { section: 'local', status: 'saved' } })
  expect((await readSiteWords(db)).local).toEqual({
    timeZone: 'Pacific/Auckland',
    currency: 'NZD',
    locale: 'en-NZ',
  })
})

test('her phone is read the way every form reads one: "(604) 555-0182" is taken and kept as 604-555-0182', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const save = (phone: string) =>
    receiveSiteSettingsAction({
      request: post({ ...identityForm, phone }),
      db,
      savePolicies: async () => {},
      moneyRecorded,
    })
  expect(await save('(604) 555-0182')).toMatchObject({ status: 200 })
  expect((await readSiteWords(db)).identity.phone).toBe('604-555-0182')
  expect(await save('+1 604.555.0183')).toMatchObject({ status: 200 })
  expect((await readSiteWords(db)).identity.phone).toBe('604-555-0183')
  const refused = await save('call me')
  expect(refused.status).toBe(400)
  expect(refused.body.errors).toEqual({
    phone: 'Enter a 10-digit phone number, e.g. 416-555-0123.',
  })
  expect((await readSiteWords(db)).identity.phone).toBe('604-555-0183')
})
