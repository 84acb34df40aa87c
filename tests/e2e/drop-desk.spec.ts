import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { expect, test } from './fixtures.ts'
import { photographBetween, takingPhotographs } from './guide-photos.ts'
import { addDays } from './money-journey.ts'
import { shoot } from './shots.ts'

// The browser notes the first try refused with 400 (what to change comes with it).
test.use({ allowedConsoleErrors: [/status of 400/] })

test('on her phone the owner makes a drop, sees a customer’s order on its packing list as it comes in, and copies it to next week', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 375, height: 812 })
  const stamp = `${Date.now()}`.slice(-7)
  // The guide's picture is taken on a fresh server, with the name a bakery would give it.
  const dropName = takingPhotographs ? 'Pie day' : `Pie day ${stamp}`
  const today = todayIn(site.timeZone)
  const pickup = addDays(today, 5)
  await signInOwner(page)
  await page.goto('/admin/drops')
  await page.getByRole('link', { name: 'New drop' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New drop')

  // A first try without items: told beside the field, her words kept.
  await page.getByLabel('Name').fill(dropName)
  await page.getByLabel('Pickup day').fill(pickup)
  await page.getByLabel('Opens on').fill(today)
  await page.getByLabel('Opens at').fill('00:00')
  await page.getByLabel('Closes on').fill(addDays(pickup, -1))
  await page.getByLabel('Customers may pay at pickup').check()
  await page.getByLabel('From').first().fill('10:00')
  await page.getByLabel('Until').first().fill('11:00')
  await page.getByLabel('Orders').first().fill('5')
  await page.getByRole('button', { name: 'Create drop' }).click()
  await expect(page.getByText('Add at least one item.')).toBeVisible()
  await expect(page.getByLabel('Item 1')).toBeFocused()
  await expect(page.getByLabel('Name')).toHaveValue(dropName)

  await page.getByLabel('Item 1').fill('Apple pie')
  await page
    .getByLabel(/^Price/)
    .first()
    .fill('24')
  await page.getByLabel('Stock').first().fill('6')
  await shoot(page, 'drop-desk-new-form')
  await page.getByRole('button', { name: 'Create drop' }).click()
  await page.waitForURL(/\/admin\/drops\/\d+$/)
  const deskUrl = page.url()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dropName)
  await expect(page.getByText('Open', { exact: true })).toBeVisible()
  const items = page.getByRole('table', { name: 'Items' })
  await expect(items.getByRole('row', { name: /Apple pie/ })).toContainText('6')

  // A customer orders two pies to pay at pickup.
  const publicPath = await page
    .getByRole('link', { name: 'Open its public page' })
    .getAttribute('href')
  const shopper = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await shopper.goto(`${baseURL}${publicPath}`)
  await shopper.getByLabel('How many Apple pie').fill('2')
  await shopper.getByLabel(/10:00/).check()
  await shopper.getByLabel('Name').fill('Priya Pie')
  await shopper.getByLabel('Email').fill(`priya.${stamp}@example.com`)
  await shopper.getByLabel('Phone Number').fill('416-555-0177')
  await shopper.getByRole('button', { name: 'Reserve' }).click()
  const orderForm = shopper.getByRole('form', { name: 'Order them' })
  await orderForm.getByLabel('Pay at pickup').check()
  await orderForm.getByLabel('I have read the order policies').check()
  await orderForm.getByRole('button', { name: 'Order for $48' }).click()
  await shopper.waitForURL(/\/requests\//)
  await shopper.close()

  // Her page counts it without a reload, and it is on the packing list.
  const row = items.getByRole('row', { name: /Apple pie/ })
  await expect(row.getByRole('cell').nth(0)).toHaveText('2', { timeout: 20_000 })
  await expect(row.getByRole('cell').nth(2)).toHaveText('4')
  const packing = page.getByRole('region', { name: /^Pickup 10:00/ })
  await expect(packing).toContainText('Priya Pie')
  await expect(packing).toContainText('2 × Apple pie')
  await expect(packing).toContainText('To pay $48')
  // Her number as she would dial it.
  await expect(packing).toContainText('416-555-0177')
  await shoot(page, 'drop-desk-packing')
  // The guide's picture: from the drop's name to its packing list, on a screen tall enough for both.
  await page.setViewportSize({ width: 375, height: 1800 })
  await photographBetween(
    page,
    page.getByRole('heading', { level: 1 }),
    packing,
    '41-drop-page',
    testInfo,
  )
  await page.setViewportSize({ width: 375, height: 812 })

  // Two more pies: on sale at once.
  await page.getByRole('link', { name: 'Change it' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change the drop')
  await expect(page.getByLabel('Item 1')).toHaveValue('Apple pie')
  await page.getByLabel('Stock').first().fill('8')
  await shoot(page, 'drop-desk-edit')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.waitForURL(/\/admin\/drops\/\d+\?saved=1$/)
  await expect(page.getByRole('status')).toHaveText('Changes saved.')
  await expect(row.getByRole('cell').nth(2)).toHaveText('6')

  await page.getByRole('button', { name: 'Duplicate for next week' }).click()
  await expect(page.getByRole('status')).toContainText('Copied to next week')
  expect(page.url()).not.toBe(deskUrl)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dropName)
  await expect(page.getByText('Coming', { exact: true })).toBeVisible()
  await page.goto('/admin/drops')
  await expect(page.getByRole('link', { name: new RegExp(dropName) })).toHaveCount(2)
  await shoot(page, 'drop-desk-list')
})
