import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { SEED_WORDS } from '#app/content/site-words.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { composeRequestUpdate } from '#app/features/order-book/update-emails.ts'
import { composeReminder } from '#app/features/scheduled-work/reminder-email.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { EXIF_MARKER, gpsTaggedJpeg, photoJpeg } from '#tests/support/images.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { readSiteSection, saveSiteSection, seedSiteContent } from './site-content.server.ts'
import { receiveSitePictureAction } from './site-pictures-action.server.ts'
import {
  publicPictures,
  removeSitePicture,
  replaceSitePicture,
  sweepStraySitePictures,
} from './site-pictures.server.ts'

async function setUp() {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const dataDir = await makeTempDir()
  const store = createLocalMediaStore(dataDir)
  const folder = path.join(dataDir, 'media', 'site')
  const files = async () => (await readdir(folder).catch(() => [])).sort()
  return { db, store, folder, files }
}

/** A phone's multipart post of one picture's form. */
function picturePost(fields: Record<string, string>, file?: Buffer) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append(
    'file',
    file ? new Blob([new Uint8Array(file)], { type: 'image/jpeg' }) : new Blob([]),
    file ? 'IMG_2040.jpg' : '',
  )
  return new Request('http://localhost/admin/settings/site', { method: 'POST', body: form })
}

test('a hero upload stores sized variants without metadata, and the pages follow at once', async () => {
  const { db, store, folder, files } = await setUp()
  const before = await readPageVersion(db)

  const outcome = await replaceSitePicture(db, { store }, 'hero', {
    input: await gpsTaggedJpeg({ width: 2400, height: 1500 }),
    alt: '  A lemon cake  on a stand ',
  })
  expect(outcome.ok).toBe(true)
  const { hero } = await readSiteSection(db, 'pictures')
  expect(hero.alt).toBe('A lemon cake on a stand')
  expect(hero.upload).toMatchObject({ width: 1920, height: 1200 })
  // AVIF and WebP at each of the hero's widths, one JPEG at the largest.
  const widths = hero.upload!.variants.map((variant) => `${variant.format}@${variant.width}`)
  expect(widths.sort()).toEqual(
    [
      'avif@640',
      'avif@960',
      'avif@1280',
      'avif@1920',
      'webp@640',
      'webp@960',
      'webp@1280',
      'webp@1920',
      'jpeg@1920',
    ].sort(),
  )
  const stored = await files()
  expect(stored).toHaveLength(9)
  for (const name of stored) {
    const bytes = await readFile(path.join(folder, name))
    expect(bytes.includes(Buffer.from(EXIF_MARKER))).toBe(false)
  }
  expect(await readPageVersion(db)).not.toBe(before)
  // The pages ask for the files where visitors fetch them.
  expect(publicPictures({ ...SEED_WORDS.pictures, hero }).hero.upload!.variants[0]!.src).toMatch(
    /^\/media\/site\/hero-\d+-[0-9a-f]+-\d+w\.(avif|webp|jpg)$/,
  )
})

test('a photo without a description is refused with a sentence, and nothing is stored', async () => {
  const { db, store, files } = await setUp()
  const outcome = await replaceSitePicture(db, { store }, 'about', {
    input: await photoJpeg(),
    alt: '   ',
  })
  expect(outcome).toEqual({
    ok: false,
    errors: { alt: 'Please describe the photo for people who cannot see it.' },
  })
  expect(await files()).toEqual([])
  expect((await readSiteSection(db, 'pictures')).about.upload).toBeNull()

  // The form's post says the same, beside the field, with a 400.
  const answer = await receiveSitePictureAction({
    request: picturePost({ intent: 'pictures', slot: 'hero', alt: '' }, await photoJpeg()),
    settings: { db, store },
  })
  expect(answer.status).toBe(400)
  expect(answer.body.errors.alt).toBe('Please describe the photo for people who cannot see it.')
  expect(await files()).toEqual([])

  // The logo may go without one: the bakery's name is said.
  const logo = await replaceSitePicture(db, { store }, 'logo', {
    input: await photoJpeg({ width: 600, height: 600 }),
    alt: '',
  })
  expect(logo.ok).toBe(true)
  expect((await readSiteSection(db, 'pictures')).logo.upload?.width).toBe(512)
})

test('replacing a picture removes the old files; removing it brings the built-in one back', async () => {
  const { db, store, files } = await setUp()
  const post = async (alt: string, file?: Buffer, mode = 'save') =>
    receiveSitePictureAction({
      request: picturePost({ intent: 'pictures', slot: 'about', alt, mode }, file),
      settings: { db, store },
    })

  expect((await post('Nadia in her kitchen', await photoJpeg())).status).toBe(200)
  const first = await files()
  expect(first.length).toBeGreaterThan(0)

  expect(
    (await post('Nadia icing a cake', await photoJpeg({ width: 900, height: 1200 }))).status,
  ).toBe(200)
  const second = await files()
  expect(second.length).toBeGreaterThan(0)
  expect(second.filter((name) => first.includes(name))).toEqual([])
  const { about } = await readSiteSection(db, 'pictures')
  expect(about.alt).toBe('Nadia icing a cake')
  expect(about.upload!.height).toBe(1200 * (about.upload!.width / 900))

  // A new description alone keeps the files.
  expect((await post('Nadia with a lemon cake')).status).toBe(200)
  expect(await files()).toEqual(second)
  expect((await readSiteSection(db, 'pictures')).about.alt).toBe('Nadia with a lemon cake')

  expect((await removeSitePicture(db, { store }, 'about')).ok).toBe(true)
  expect(await files()).toEqual([])
  expect((await readSiteSection(db, 'pictures')).about).toEqual({ alt: '', upload: null })

  // The built-in picture has nothing to describe: the form asks for a photo.
  const noPhoto = await post('A photo I forgot to choose')
  expect(noPhoto.status).toBe(400)
  expect(noPhoto.body.errors.file).toBe('Please choose a photo to upload.')
})

test('files no picture names are swept; hers stay', async () => {
  const { db, store, files } = await setUp()
  await replaceSitePicture(db, { store }, 'logo', {
    input: await photoJpeg({ width: 300, height: 300 }),
    alt: 'A whisk and a flower',
  })
  const kept = await files()
  await store.put('site/hero-1-abc-640w.avif', Buffer.from('left by a crash'), 'image/avif')
  // A sweep a moment later: a file's modified time can fall in the same
  // millisecond as the sweep's clock and read as not yet older than it.
  const later = new Date(Date.now() + 1000)
  expect(await sweepStraySitePictures(db, { store, now: later })).toEqual(['hero-1-abc-640w.avif'])
  expect(await files()).toEqual(kept)
})

test('emails say the bakery name and sign with the owner’s name she wrote', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  await saveSiteSection(db, 'identity', {
    ...SEED_WORDS.identity,
    name: 'Crumb & Co',
    ownerName: 'Mira Okafor',
  })
  const bakery = await readSiteSection(db, 'identity')

  const quote = composeRequestUpdate('ready', {
    bakery,
    request: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      product_type: 'Cakes',
      due_date: '2027-03-14',
      fulfilment: 'pickup',
      customer_token: 'tok',
    },
    money: {
      priceCents: 8000,
      deliveryFeeCents: 0,
      depositCents: 4000,
      paidCents: 4000,
      depositWaived: false,
      discount: null,
      taxes: [],
    },
    siteUrl: 'https://crumb.example',
  })
  expect(quote.subject).toMatch(/— Crumb & Co$/)
  expect(quote.text).toContain('it reaches Mira Okafor at Crumb & Co.')
  expect(quote.text).toMatch(/Warmly,\nMira Okafor, Crumb & Co$/)
  expect(quote.html).toContain('Warmly,<br>Mira Okafor')
  expect(quote.html).not.toContain('Nadia')

  const reminder = composeReminder({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    product_type: 'Cakes',
    due_date: '2027-03-14',
    fulfilment: 'pickup',
    stillOwed: 0,
    statusUrl: undefined,
    bakery,
  })
  expect(reminder.subject).toBe('See you tomorrow — your Cakes from Crumb & Co')
  expect(reminder.text).toContain('Mira Okafor, Crumb & Co')
  expect(reminder.html).toContain('Crumb &amp; Co')
})
