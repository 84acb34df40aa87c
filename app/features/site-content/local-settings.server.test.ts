import { expect, test } from 'vitest'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { SEED_LOCAL_SETTINGS, localSettings } from '#app/utils/local-settings.ts'
import { formatMoney } from '#app/utils/money.ts'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import {
  CURRENCY_FIXED,
  readLocalSettings,
  saveLocalSettings,
  seedSiteContent,
  withBakeryLocalSettings,
} from './site-content.server.ts'

const AUCKLAND = { timeZone: 'Pacific/Auckland', currency: 'NZD', locale: 'en-NZ' }
const noMoney = { moneyRecorded: async () => false }
const withMoney = { moneyRecorded: async () => true }

test('a new bakery starts with site.ts’s time zone, currency and locale', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  expect(await readLocalSettings(db)).toEqual(SEED_LOCAL_SETTINGS)
  expect(SEED_LOCAL_SETTINGS).toEqual({
    timeZone: 'America/Toronto',
    currency: 'CAD',
    locale: 'en-CA',
  })
})

test('each setting is checked, and a refusal says what to change', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const refused = await saveLocalSettings(
    db,
    { timeZone: 'Auckland', currency: 'Kiwi', locale: 'en_nz' },
    noMoney,
  )
  expect(refused.ok ? {} : refused.errors).toEqual({
    timeZone: 'Please choose a time zone from the list, written like Pacific/Auckland.',
    currency: 'Please write the currency as its three-letter code, like NZD.',
    locale: 'Please choose a language and region from the list.',
  })
  const noCents = await saveLocalSettings(db, { ...AUCKLAND, currency: 'JPY' }, noMoney)
  expect(noCents.ok ? {} : noCents.errors).toEqual({
    currency:
      'The site keeps amounts in cents, so it takes only a currency with two digits after the point (like NZD or EUR, not JPY).',
  })
  const unknown = await saveLocalSettings(db, { ...AUCKLAND, currency: 'XYZ' }, noMoney)
  expect(unknown.ok ? {} : unknown.errors).toEqual({
    currency: 'That is not a currency code we know: write its three-letter ISO code, like NZD.',
  })
  // Nothing was written by any of them.
  expect(await readLocalSettings(db)).toEqual(SEED_LOCAL_SETTINGS)

  // Trimmed, and a code in lower case read as the code; UTC is a time zone too.
  const saved = await saveLocalSettings(
    db,
    { timeZone: ' UTC ', currency: 'nzd', locale: 'en-NZ' },
    noMoney,
  )
  expect(saved).toEqual({ ok: true, value: { timeZone: 'UTC', currency: 'NZD', locale: 'en-NZ' } })
})

test('the currency stays once a quote or payment is recorded; the rest may change', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const refused = await saveLocalSettings(db, AUCKLAND, withMoney)
  expect(refused).toEqual({ ok: false, errors: { currency: CURRENCY_FIXED } })
  expect(await readLocalSettings(db)).toEqual(SEED_LOCAL_SETTINGS)
  const sameMoney = await saveLocalSettings(db, { ...AUCKLAND, currency: 'CAD' }, withMoney)
  expect(sameMoney.ok).toBe(true)
  expect(await readLocalSettings(db)).toEqual({ ...AUCKLAND, currency: 'CAD' })
})

test('a job runs with the settings stored as it starts; another instance reads the same', async () => {
  const [first, second] = await openTwoInstances()
  await seedSiteContent(first)
  const before = await readPageVersion(second)
  expect((await saveLocalSettings(first, AUCKLAND, noMoney)).ok).toBe(true)
  // The public pages' cached copies are replaced: their dates and amounts change.
  expect(await readPageVersion(second)).not.toBe(before)
  const now = new Date('2026-12-01T11:30:00Z')
  const seen = await withBakeryLocalSettings(second, async () => ({
    settings: localSettings(),
    today: bakeryToday(now),
    amount: formatMoney(4_550),
  }))
  expect(seen).toEqual({ settings: AUCKLAND, today: '2026-12-02', amount: '$45.50' })
  // Outside a job, nothing stayed behind in the process.
  expect(localSettings()).toEqual(SEED_LOCAL_SETTINGS)
})
