import { expect, test } from 'vitest'
import { giftCardsOn, saveGiftCardsOn } from '#app/features/gift-cards/gift-card-book.server.ts'
import { readLabelSettings, saveLabelSettings } from '#app/features/labels/labels.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { seedSiteContent } from '#app/features/site-content/site-content.server.ts'
import { readTextSettings, saveTextSettings } from '#app/features/texts/text-settings.server.ts'
import { DEFAULT_TEXT_SETTINGS } from '#app/features/texts/text-settings.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { checkSiteFile, exportSiteFile, importSiteFile } from './site-file.server.ts'

async function install() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await seedSiteContent(db)
  return db
}

/** A bakery in Quebec with her own sales cap, quiet from 20:30, 150 texts a month at $0.0079, selling gift cards. */
async function quebecInstall() {
  const db = await install()
  await saveLabelSettings(db, {
    region: 'QC',
    maker: 'Beurre & Fleur\n12 rue du Boulanger, Montréal',
    permit: 'MAPAQ 12345',
    layout: 'thermal-2x1',
    salesCapCents: 5_000_000,
  })
  await saveTextSettings(db, {
    quiet: { from: '20:30', to: '08:00' },
    rateMilliCents: 790,
    monthlyCap: 150,
  })
  // GST and QST on her cakes, as her Taxes page would save them.
  await db
    .insertInto('tax_rate')
    .values([
      { name: 'GST', ppm: 50_000, position: 1 },
      { name: 'QST', ppm: 99_750, position: 2 },
    ])
    .execute()
  const { id } = await db
    .insertInto('tax_class')
    .values({ name: 'Taxable treats', rule: 'Single servings (Revenu Québec).', position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const rates = await db.selectFrom('tax_rate').select('id').execute()
  await db
    .insertInto('tax_class_rate')
    .values(rates.map((rate) => ({ class_id: id, rate_id: rate.id })))
    .execute()
  await db.updateTable('product').set({ tax_class_id: id }).where('name', '=', 'Cakes').execute()
  await saveGiftCardsOn(db, true)
  return db
}

test('her label and texts settings, her taxes and her gift card shop move with the site file, exactly as she set them', async () => {
  const from = await quebecInstall()
  const file = await exportSiteFile(from)
  expect(file.labels).toEqual({
    region: 'QC',
    maker: 'Beurre & Fleur\n12 rue du Boulanger, Montréal',
    permit: 'MAPAQ 12345',
    layout: 'thermal-2x1',
    sales_cap: '50000',
  })
  expect(file.texts).toEqual({
    quiet_from: '20:30',
    quiet_to: '08:00',
    rate: '0.0079',
    monthly_cap: '150',
  })
  const to = await install()
  const checked = checkSiteFile(JSON.stringify(file))
  if (!checked.ok) throw new Error(checked.error)
  // The preview names them before she confirms.
  expect(checked.summary.carries).toEqual([
    'your kitchen',
    'label settings',
    'texts settings',
    'taxes',
    'whether you sell gift cards',
  ])
  expect(file.giftCards).toEqual({ sell: 'on' })
  expect(file.taxes).toEqual({
    rates: [
      { name: 'GST', rate: '5%' },
      { name: 'QST', rate: '9.975%' },
    ],
    classes: [
      {
        name: 'Taxable treats',
        rule: 'Single servings (Revenu Québec).',
        rates: ['GST 5%', 'QST 9.975%'],
        drop_items: false,
      },
    ],
    treats: { Cakes: 'Taxable treats' },
  })
  await importSiteFile(to, checked)
  expect(await readLabelSettings(to)).toEqual(await readLabelSettings(from))
  expect(await readTextSettings(to)).toEqual(await readTextSettings(from))
  expect((await exportSiteFile(to)).taxes).toEqual(file.taxes)
  expect(await giftCardsOn(to)).toBe(true)
  // A file from a site that stopped selling them stops them.
  await saveGiftCardsOn(from, false)
  const stopped = checkSiteFile(JSON.stringify(await exportSiteFile(from)))
  if (!stopped.ok) throw new Error(stopped.error)
  await importSiteFile(to, stopped)
  expect(await giftCardsOn(to)).toBe(false)
})

test('a setting her forms would refuse keeps the whole file out, and a file without them keeps hers', async () => {
  const db = await quebecInstall()
  const file = await exportSiteFile(db)
  expect(
    checkSiteFile(JSON.stringify({ ...file, labels: { ...file.labels, region: 'XX' } })),
  ).toEqual({ ok: false, error: 'Label settings (region): Choose your region from the list.' })
  expect(
    checkSiteFile(JSON.stringify({ ...file, texts: { ...file.texts, rate: 'a penny' } })),
  ).toEqual({
    ok: false,
    error: 'Texts settings (rate): Write what a text costs you in dollars, like 0.0083.',
  })
  expect(
    checkSiteFile(
      JSON.stringify({ ...file, taxes: { ...file.taxes, treats: { Cakes: 'Nowhere' } } }),
    ),
  ).toEqual({
    ok: false,
    error: 'Taxes: a treat is in Nowhere, which is not one of the classes.',
  })

  expect(
    checkSiteFile(JSON.stringify({ ...file, giftCards: { sell: 'yes please' } })),
  ).toMatchObject({ ok: false })

  const { labels: _labels, texts: _texts, taxes: _taxes, giftCards: _giftCards, ...older } = file
  const fresh = await install()
  const checked = checkSiteFile(JSON.stringify(older))
  if (!checked.ok) throw new Error(checked.error)
  expect(checked.summary.carries).toEqual(['your kitchen'])
  await importSiteFile(fresh, checked)
  expect(await readTextSettings(fresh)).toEqual(DEFAULT_TEXT_SETTINGS)
  await importSiteFile(db, checked)
  expect((await readLabelSettings(db)).region).toBe('QC')
  expect((await readTextSettings(db)).monthlyCap).toBe(150)
  expect(await giftCardsOn(db)).toBe(true)
  expect(await giftCardsOn(fresh)).toBe(false)
})
