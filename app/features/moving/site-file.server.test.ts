import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import {
  readBookingSettings,
  setWeekdayCapacity,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import {
  readDeliveryFees,
  replaceDeliveryFees,
} from '#app/features/availability/delivery-fees.server.ts'
import { addPickupWindow } from '#app/features/availability/pickup-windows.server.ts'
import {
  addProduct,
  listProducts,
  seedMenu,
  setProductActive,
} from '#app/features/menu/menu.server.ts'
import { readSetPriceSettings, saveSetPrice } from '#app/features/menu/set-prices.server.ts'
import {
  readSiteWords,
  saveSiteSection,
  seedSiteContent,
} from '#app/features/site-content/site-content.server.ts'
import { cupcakes } from '#tests/support/buy-now.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { rendered } from '#tests/support/markdown.ts'
import { receiveSiteFile } from './moving-action.server.ts'
import { exportSiteFile } from './site-file.server.ts'
import { FILE_FIELD, MAX_SITE_FILE_BYTES } from './site-file.ts'

/** An install whose owner has made the site hers: words, settings, windows and menu. */
async function ownersInstall(): Promise<Db> {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await seedSiteContent(db)
  const words = await readSiteWords(db)
  await saveSiteSection(db, 'identity', {
    ...words.identity,
    name: 'Maya’s Kitchen',
    tagline: 'Sourdough and celebration cakes',
    serviceArea: 'Leslieville',
  })
  await saveSiteSection(db, 'words', {
    homeStory: 'We bake from a small kitchen by the lake.',
    aboutStory: 'It began with one loaf.\n\nNow it is a few hundred a year.',
    treatsIntro: 'Ask about gluten-friendly sponges.',
  })
  await saveSiteSection(db, 'faq', { markdown: '## Do you deliver?\n\nOn Saturdays.' })
  await saveSiteSection(db, 'announcement', {
    on: true,
    text: 'Closed for holidays until January 5',
    link: '/ordernow',
    endsOn: '2027-01-05',
  })
  await setWeekdayCapacity(db, [0, 2, 2, 3, 3, 6, 6])
  await updateBookingSettings(db, {
    horizonDays: 120,
    policies: rendered('A 50% deposit holds your date.\nCancel a week ahead for a refund.'),
    deliveryEnabled: true,
    deliveryNote: 'Within 10 km, $15.',
    pickupAddress: '12 Example Street',
  })
  await addPickupWindow(db, { weekday: 6, start: '10:00', end: '11:00', capacity: 3 })
  await addPickupWindow(db, { weekday: 6, start: '14:00', end: '15:30', capacity: 2 })
  await addPickupWindow(db, { weekday: 3, start: '17:00', end: '18:00', capacity: 1 })
  await addProduct(db, {
    name: 'Rye sourdough',
    description: 'A dark loaf.',
    priceFromCents: 1250,
    noticeDays: 2,
    effort: 1,
  })
  const products = await listProducts(db)
  // The first treat sells now with its options; it is then taken off the menu, its price kept.
  await saveSetPrice(db, products[0]!.id, cupcakes)
  await setProductActive(db, products[0]!.id, false)
  await saveSetPrice(db, products[1]!.id, { ...cupcakes, sellsNow: false, groups: [] })
  await replaceDeliveryFees(db, [
    { prefix: 'M4C', feeCents: 800 },
    { prefix: 'M', feeCents: 1_500 },
  ])
  return db
}

/** What a move must carry over, read back as the pages and settings read it. */
async function siteOf(db: Db) {
  const settings = await readBookingSettings(db)
  return {
    words: await readSiteWords(db),
    weekdayCapacity: settings.weekdayCapacity,
    horizonDays: settings.horizonDays,
    policies: settings.policies,
    policiesHtml: settings.policiesHtml,
    deliveryEnabled: settings.deliveryEnabled,
    deliveryNote: settings.deliveryNote,
    pickupAddress: settings.pickupAddress,
    pickupWindows: settings.pickupWindows.map(({ id: _id, ...window }) => window),
    menu: (await listProducts(db)).map(({ id: _id, ...product }) => product),
    // Options' keys are made again from their names, as the owner's form makes them.
    setPrices: (
      await Promise.all(
        (await listProducts(db)).map((product) =>
          readSetPriceSettings(db, product.id, { anyState: true }),
        ),
      )
    ).map((kept) =>
      kept
        ? {
            ...kept,
            groups: kept.groups.map(({ key: _key, choices, ...group }) => ({
              ...group,
              choices: choices.map(({ key: _choice, ...choice }) => choice),
            })),
          }
        : null,
    ),
    deliveryFees: await readDeliveryFees(db),
  }
}

function upload(text: string, intent = 'preview') {
  const form = new FormData()
  form.append('intent', intent)
  form.append(FILE_FIELD, new Blob([text], { type: 'application/json' }), 'site.json')
  return new Request('http://localhost:3000/admin/settings/moving', { method: 'POST', body: form })
}

function confirm(text: string) {
  return new Request('http://localhost:3000/admin/settings/moving', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'confirm', [FILE_FIELD]: text }),
  })
}

test('export, then import into a fresh install: the same words, settings, windows and menu', async () => {
  const from = await ownersInstall()
  const file = await exportSiteFile(from)
  expect(file).toMatchObject({ format: 'bakery-site', version: 1 })
  expect(file.leftOut).toMatch(/Photos .* not in this file/)
  const text = JSON.stringify(file)
  // Nothing private beyond the settings: no calendar key, no admin, no customer.
  expect(text).not.toMatch(/ical|password|@bakery\.test|customer_token/i)

  const { db: to } = await openTestDatabase()
  await seedMenu(to)
  await seedSiteContent(to)
  expect(await siteOf(to)).not.toEqual(await siteOf(from))
  const versionBefore = await readPageVersion(to)

  const preview = await receiveSiteFile({ request: upload(text), db: to })
  expect(preview.status).toBe(200)
  expect(preview.body).toMatchObject({
    ok: true,
    step: 'preview',
    summary: { bakeryName: 'Maya’s Kitchen', pickupWindows: 3, openWeekdays: 6 },
  })
  const treats = (preview.body as { summary: { treats: string[] } }).summary.treats
  expect(treats).toEqual((await siteOf(from)).menu.map((product) => product.name))
  // A preview changes nothing.
  expect(await readPageVersion(to)).toBe(versionBefore)

  const imported = await receiveSiteFile({ request: confirm(text), db: to })
  expect(imported.status).toBe(200)
  expect(imported.body).toMatchObject({ ok: true, step: 'imported' })
  expect(await siteOf(to)).toEqual(await siteOf(from))
  // The pages follow at once.
  expect(await readPageVersion(to)).not.toBe(versionBefore)
})

test('a file with one bad field is refused with a sentence, and nothing changes', async () => {
  const from = await ownersInstall()
  const file = await exportSiteFile(from)
  const { db: to } = await openTestDatabase()
  await seedMenu(to)
  await seedSiteContent(to)
  const before = await siteOf(to)

  const badPrice = structuredClone(file)
  badPrice.menu.at(-1)!.priceFromCents = -5
  const refusedPrice = await receiveSiteFile({ request: confirm(JSON.stringify(badPrice)), db: to })
  expect(refusedPrice.status).toBe(400)
  expect(refusedPrice.body).toMatchObject({
    ok: false,
    error: expect.stringMatching(/^Treat “Rye sourdough”: Price/),
  })

  const badWords = structuredClone(file)
  badWords.words.identity.serviceArea = '12 Example Street'
  const refusedWords = await receiveSiteFile({ request: confirm(JSON.stringify(badWords)), db: to })
  expect(refusedWords.body).toMatchObject({
    ok: false,
    error: expect.stringMatching(/street address/),
  })

  const overlap = structuredClone(file)
  overlap.pickupWindows.push({ weekday: 6, start: '10:30', end: '11:30', capacity: 1 })
  const refusedWindow = await receiveSiteFile({ request: confirm(JSON.stringify(overlap)), db: to })
  expect(refusedWindow.body).toMatchObject({ ok: false, error: expect.stringMatching(/overlaps/) })

  const horizon = structuredClone(file)
  horizon.booking.horizonDays = 5000
  const refusedHorizon = await receiveSiteFile({
    request: confirm(JSON.stringify(horizon)),
    db: to,
  })
  expect(refusedHorizon.body).toMatchObject({
    ok: false,
    error: expect.stringMatching(/Days ahead/),
  })

  // Markdown the pages could not lay out, in the FAQ or the policies.
  const deepFaq = structuredClone(file)
  deepFaq.words.faq.markdown = `${'>'.repeat(5000)} Deposits`
  const refusedFaq = await receiveSiteFile({ request: confirm(JSON.stringify(deepFaq)), db: to })
  expect(refusedFaq).toMatchObject({
    status: 400,
    body: {
      ok: false,
      error: expect.stringMatching(/^Your words, FAQ \(markdown\): Line 1 puts 5000/),
    },
  })
  const deepPolicies = structuredClone(file)
  deepPolicies.booking.policies = `${'- '.repeat(1900)}Deposits`
  const refusedPolicies = await receiveSiteFile({
    request: confirm(JSON.stringify(deepPolicies)),
    db: to,
  })
  expect(refusedPolicies).toMatchObject({
    status: 400,
    body: {
      ok: false,
      error: expect.stringMatching(/^Booking settings, order policies: Line 1 puts 1900/),
    },
  })

  const notOurs = await receiveSiteFile({ request: upload('{"hello": "world"}'), db: to })
  expect(notOurs.body).toMatchObject({ ok: false, error: expect.stringMatching(/not a site file/) })
  const notJson = await receiveSiteFile({ request: upload('<html>'), db: to })
  expect(notJson.body).toMatchObject({ ok: false, error: expect.stringMatching(/not JSON/) })

  const tooLarge = await receiveSiteFile({
    request: upload('x'.repeat(MAX_SITE_FILE_BYTES + 1)),
    db: to,
  })
  expect(tooLarge.status).toBe(413)

  expect(await siteOf(to)).toEqual(before)
})

test('her address moves with the site: the street with the pickup address, the rest with her words', async () => {
  const from = await ownersInstall()
  await saveSiteSection(from, 'identity', {
    ...(await readSiteWords(from)).identity,
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
  })
  const file = await exportSiteFile(from)
  expect(file.words.identity).toMatchObject({
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
  })
  expect(file.booking.pickupAddress).toBe('12 Example Street')

  const { db: to } = await openTestDatabase()
  await seedSiteContent(to)
  const imported = await receiveSiteFile({ request: confirm(JSON.stringify(file)), db: to })
  expect(imported.status).toBe(200)
  expect((await readSiteWords(to)).identity).toMatchObject({
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
  })
  expect((await readBookingSettings(to)).pickupAddress).toBe('12 Example Street')

  // A file from before the address was asked says none: nothing of the demo's is put in its place.
  const older = structuredClone(file) as unknown as { words: { identity: Record<string, unknown> } }
  for (const field of ['city', 'region', 'postalCode']) delete older.words.identity[field]
  const { db: other } = await openTestDatabase()
  await seedSiteContent(other)
  expect(
    (await receiveSiteFile({ request: confirm(JSON.stringify(older)), db: other })).status,
  ).toBe(200)
  expect((await readSiteWords(other)).identity).toMatchObject({
    city: '',
    region: '',
    postalCode: '',
  })
})
