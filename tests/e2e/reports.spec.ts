import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { unzipSync } from 'fflate'
import { expect, expectOrderAnswer, test } from './fixtures.ts'
import { photographBetween } from './guide-photos.ts'
import { journeyCustomer, openOrderOf, sendCakeRequest, sendQuote } from './money-journey.ts'
import { shoot } from './shots.ts'

// A year no other journey on this server records money in, so its numbers are this test's alone.
const YEAR = 2004

test('on her phone the owner reads a year’s numbers, and the year-end pack says the same', async ({
  signInOwner,
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const { customer, stamp, due } = journeyCustomer('Rita Ledger', 140)
  await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Retirement' })
  await signInOwner(page)
  await openOrderOf(page, customer.email)
  await sendQuote(page, { price: '180', deposit: '60' })
  // Two payments she enters late, from an old notebook: March and May of that year.
  const payment = page.getByRole('region', { name: 'Record a payment' })
  for (const [amount, on] of [
    ['60', `${YEAR}-03-15`],
    ['45.50', `${YEAR}-05-02`],
  ] as const) {
    await payment.getByLabel('Amount ($)').fill(amount)
    await payment.getByLabel('Received on').fill(on)
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await expectOrderAnswer(page, 'Payment recorded.')
  }

  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Owner' })
    .getByRole('link', { name: 'Reports' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports')
  const years = page.getByRole('navigation', { name: 'Years' })
  await years.getByRole('link', { name: String(YEAR), exact: true }).click()
  await expect(page).toHaveURL(`/admin/reports?year=${YEAR}`)
  await expect(years.getByRole('link', { name: String(YEAR) })).toHaveAttribute(
    'aria-current',
    'page',
  )

  const totals = page.getByRole('definition')
  await expect(page.getByText('Net sales', { exact: true })).toBeVisible()
  await expect(totals.first()).toHaveText('$105.50')
  const bars = page.getByRole('list', { name: 'Net sales by month' }).getByRole('listitem')
  await expect(bars).toHaveCount(12)
  await expect(bars.nth(2)).toHaveText('MarMarch$60')
  await expect(bars.nth(4)).toHaveText('MayMay$45.50')
  const channels = page.getByRole('region', { name: 'By channel' })
  await expect(channels).toContainText('Custom orders')
  await expect(channels).toContainText('1 order')
  const table = page.getByRole('region', { name: `Every month’s figures for ${YEAR}` })
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('$105.50')
  await shoot(page, 'reports')
  // The owner's guide's picture: the year from its heading to the last month's bar.
  await page.setViewportSize({ width: 375, height: 1600 })
  await photographBetween(
    page,
    page.getByRole('heading', { level: 1 }),
    page.getByRole('list', { name: 'Net sales by month' }),
    '38-reports',
    testInfo,
  )
  await page.setViewportSize({ width: 375, height: 812 })

  // The pack for her accountant: the same year, the same figures.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: /^Download year-end pack/ }).click()
  const pack = await download
  expect(pack.suggestedFilename()).toBe(`year-end-${YEAR}.zip`)
  const files = unzipSync(new Uint8Array(await readFile((await pack.path())!)))
  const months = parse(new TextDecoder().decode(files[`${YEAR}-months.csv`])) as string[][]
  // Sales, refunds, net, ingredients, card fees (none: paid by e-Transfer), tax (none set), margin.
  expect(months.at(-1)).toEqual([
    `Total ${YEAR}`,
    '105.50',
    '0.00',
    '105.50',
    '0.00',
    '0.00',
    '0.00',
    '105.50',
  ])
  const ledger = parse(
    new TextDecoder().decode(files[`${YEAR}-payments-and-refunds.csv`]),
  ) as string[][]
  expect(ledger.slice(1).map((line) => [line[0], line[4], line[8]])).toEqual([
    [`${YEAR}-03-15`, customer.name, '60.00'],
    [`${YEAR}-05-02`, customer.name, '45.50'],
  ])

  // A year the calendar does not hold is no page.
  expect((await page.request.get('/admin/reports?year=1999')).status()).toBe(404)
})
