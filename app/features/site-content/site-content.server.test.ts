import { expect, test } from 'vitest'
import {
  SEED_WORDS,
  SITE_WORDS_KEYS,
  bannerShowing,
  toPublicWords,
} from '#app/content/site-words.ts'
import { site } from '#app/content/site.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { todayIn } from '#app/utils/dates.ts'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import {
  checkSiteSection,
  plainWords,
  readFaqHtml,
  readSiteSection,
  readSiteWords,
  renderStoredFaq,
  saveSiteSection,
  seedSiteContent,
} from './site-content.server.ts'

const identity = (change: Partial<typeof SEED_WORDS.identity>) => ({
  ...SEED_WORDS.identity,
  ...change,
})

test('the first start writes site.ts’s words once, and a restart never writes over hers', async () => {
  const { db } = await openTestDatabase()
  expect(await seedSiteContent(db)).toBe(SITE_WORDS_KEYS.length)
  expect((await readSiteWords(db)).identity.name).toBe(site.brandTitle)

  const saved = await saveSiteSection(db, 'identity', identity({ name: 'Crumb & Co' }))
  expect(saved.ok).toBe(true)
  // A restart finds every section and writes none.
  expect(await seedSiteContent(db)).toBe(0)
  expect((await readSiteWords(db)).identity.name).toBe('Crumb & Co')
})

test('two instances starting at once write each section once between them', async () => {
  const [first, second] = await openTwoInstances()
  const added = await Promise.all([
    seedSiteContent(first),
    seedSiteContent(second),
    seedSiteContent(first),
  ])
  expect(added.reduce((sum, count) => sum + count, 0)).toBe(SITE_WORDS_KEYS.length)
  const rows = await second.selectFrom('site_content').select('key').execute()
  expect(rows.map((row) => row.key).sort()).toEqual([...SITE_WORDS_KEYS].sort())
})

test('a section a later release adds is written on its first start; one she edited stays hers', async () => {
  const { db } = await openTestDatabase()
  await saveSiteSection(db, 'words', { ...SEED_WORDS.words, homeStory: 'Her own story.' })
  expect(await seedSiteContent(db)).toBe(SITE_WORDS_KEYS.length - 1)
  expect((await readSiteSection(db, 'words')).homeStory).toBe('Her own story.')
})

test('a field the stored words lack reads as a plain bakery’s, never the demo’s, so a new field needs no migration', async () => {
  const { db } = await openTestDatabase()
  // Sections as an earlier release stored them, before "since" and the gallery's words were hers.
  const { since: _since, replyTime: _replyTime, ...olderIdentity } = SEED_WORDS.identity
  const { galleryHeading: _heading, galleryIntro: _intro, ...olderWords } = SEED_WORDS.words
  const { builtIn: _builtIn, ...olderPictures } = SEED_WORDS.pictures
  await db
    .insertInto('site_content')
    .values([
      {
        key: 'identity',
        value: JSON.stringify({ ...olderIdentity, name: 'Older' }),
        updated_at: 1,
      },
      { key: 'words', value: JSON.stringify(olderWords), updated_at: 1 },
      { key: 'pictures', value: JSON.stringify(olderPictures), updated_at: 1 },
    ])
    .execute()
  const read = await readSiteWords(db)
  expect(read.identity.name).toBe('Older')
  expect(read.identity.since).toBe('')
  expect(read.identity.replyTime).toBe('within two days')
  expect(read.words).toMatchObject({ galleryHeading: 'Our Gallery', galleryIntro: '' })
  expect(read.words.homeStory).toBe(SEED_WORDS.words.homeStory)
  expect(read.pictures.builtIn).toBe('plain')
})

test('plain words say nothing she has not said, and each passes its section’s schema', () => {
  const words = plainWords({
    name: 'Crumb & Co',
    ownerName: 'Mira Okafor',
    email: 'hi@crumb.example',
  })
  expect(words.identity).toMatchObject({ serviceArea: '', since: '', footerLine: '' })
  expect(words.words.galleryIntro).toBe('')
  expect(words.pictures.builtIn).toBe('plain')
  for (const key of SITE_WORDS_KEYS) {
    expect(checkSiteSection(key, words[key]), key).toEqual({ ok: true, value: words[key] })
  }
})

test('refused words say why beside each field and write nothing', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const before = await readPageVersion(db)
  const refused = await saveSiteSection(db, 'identity', {
    ...identity({
      name: '   ',
      email: 'not an email',
      serviceArea: '12 Queen Street East',
      tagline: 'x'.repeat(500),
    }),
    social: {
      ...SEED_WORDS.identity.social,
      instagram: { url: 'javascript:alert(1)', handle: '@x' },
    },
  })
  expect(refused).toEqual({
    ok: false,
    errors: {
      name: 'Please write the bakery name.',
      tagline: 'Tagline can be at most 160 characters.',
      email: 'Please write an email address like hello@example.com.',
      'social.instagram.url': 'The Instagram address must be a web address starting with https://.',
      serviceArea: 'Please give a neighbourhood or city, not a street address.',
    },
  })
  expect((await readSiteWords(db)).identity).toEqual(SEED_WORDS.identity)
  expect(await readPageVersion(db)).toBe(before)

  const banner = await saveSiteSection(db, 'announcement', {
    on: true,
    text: '',
    link: 'javascript:alert(1)',
    endsOn: '2027-02-30',
  })
  expect(banner.ok ? {} : banner.errors).toEqual({
    link: 'The link must be a page of the site (like /ordernow) or start with https://.',
    endsOn: 'Please choose the last day as a date, like 2027-01-05.',
    text: 'Please write what the banner says, or switch it off.',
  })
  // Not an object at all: refused, not thrown.
  expect((await saveSiteSection(db, 'faq', 'just text')).ok).toBe(false)
  expect((await saveSiteSection(db, 'faq', { markdown: 'x'.repeat(20001) })).ok).toBe(false)
})

test('a saved change replaces the public pages’ token at once, for every instance', async () => {
  const [first, second] = await openTwoInstances()
  await seedSiteContent(first)
  const before = await readPageVersion(second)
  await saveSiteSection(first, 'identity', identity({ replyTime: 'within a day' }))
  expect(await readPageVersion(second)).not.toBe(before)
  // Read from the database by the other instance: nothing is kept in memory.
  expect((await readSiteWords(second)).identity.replyTime).toBe('within a day')
})

test('words are trimmed and line breaks kept as the owner typed them', async () => {
  const { db } = await openTestDatabase()
  const saved = await saveSiteSection(db, 'words', {
    homeStory: '  Baked with love.  ',
    aboutStory: 'First.\r\n\r\nSecond.',
    treatsIntro: '',
    galleryHeading: ' Our cakes ',
    galleryIntro: '',
  })
  expect(saved).toEqual({
    ok: true,
    value: {
      homeStory: 'Baked with love.',
      aboutStory: 'First.\n\nSecond.',
      treatsIntro: '',
      galleryHeading: 'Our cakes',
      galleryIntro: '',
    },
  })
})

test('the banner shows through its last day, bakery time, and stops by itself after it', async () => {
  const announcement = { on: true, text: 'Closed until January 5', link: '', endsOn: '2027-01-05' }
  // 04:30 UTC on January 6 is still January 5 in Toronto.
  const lateOnTheLastDay = new Date('2027-01-06T04:30:00Z')
  const nextMorning = new Date('2027-01-06T05:30:00Z')
  const today = (now: Date) => todayIn(site.timeZone, now)
  expect(bannerShowing(announcement, today(lateOnTheLastDay))).toBe(true)
  expect(bannerShowing(announcement, today(nextMorning))).toBe(false)
  expect(bannerShowing({ ...announcement, endsOn: '' }, today(nextMorning))).toBe(true)
  expect(bannerShowing({ ...announcement, on: false }, today(lateOnTheLastDay))).toBe(false)

  const words = { ...SEED_WORDS, announcement }
  expect(toPublicWords(words, today(lateOnTheLastDay)).banner).toEqual({
    text: 'Closed until January 5',
    link: '',
  })
  expect(toPublicWords(words, today(nextMorning)).banner).toBeNull()
  expect(toPublicWords({ ...words, faq: { markdown: ' ' } }, '2027-01-01').hasFaq).toBe(false)
})

test('the FAQ is rendered as it is written, /faq reads that, and a FAQ stored before is rendered at boot', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  expect(await readFaqHtml(db)).toContain('<h2>How do I order?</h2>')

  // As migration 041 leaves a FAQ saved before: the text as paragraphs until the boot renders it.
  await db.updateTable('site_content').set({ html: null }).where('key', '=', 'faq').execute()
  expect(await readFaqHtml(db)).toContain('<p>## How do I order?</p>')
  expect(await renderStoredFaq(db)).toBe(true)
  expect(await readFaqHtml(db)).toContain('<h2>How do I order?</h2>')
  expect(await renderStoredFaq(db)).toBe(false)

  const saved = await saveSiteSection(db, 'faq', { markdown: '## Cakes\n\n**Yes**, we bake them.' })
  expect(saved.ok).toBe(true)
  expect(await readFaqHtml(db)).toBe('<h2>Cakes</h2>\n<p><strong>Yes</strong>, we bake them.</p>')

  const deep = `${'>'.repeat(5000)} Cakes`
  expect(await saveSiteSection(db, 'faq', { markdown: deep })).toEqual({
    ok: false,
    errors: {
      markdown:
        'Line 1 puts 5000 quotes, lists or indents inside one another; the page takes at most 16. Please make it flatter.',
    },
  })
  // One written by hand keeps no rendering, and /faq shows it as a paragraph.
  await db
    .updateTable('site_content')
    .set({ value: JSON.stringify({ markdown: deep }), html: null })
    .where('key', '=', 'faq')
    .execute()
  expect(await renderStoredFaq(db)).toBe(false)
  expect(await readFaqHtml(db)).toBe(`<p>${'&gt;'.repeat(5000)} Cakes</p>`)
})
