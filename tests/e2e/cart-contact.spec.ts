import type { Page } from '@playwright/test'
import { addToCart, expect, test } from './fixtures.ts'
import { picture } from './shots.ts'

// A phone: her details fold into one line once a treat is in the cart.
test.use({ viewport: { width: 375, height: 812 } })

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

async function fillTreat(page: Page, product: string, date: string) {
  await page.getByLabel('Product Type').selectOption(product)
  await page.getByLabel('Event / Theme').fill('Garden party')
  await page.getByLabel('Order Date').fill(date)
}

test('a second treat asks only for the treat; her details show once, stay after a reload, and Change opens them', async ({
  page,
}) => {
  const name = `Jane Doe ${Date.now()}`
  await page.goto('/ordernow')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('jane@example.com')
  await page.getByLabel('Phone Number').fill('604 555 0182')
  await fillTreat(page, 'Cakes', daysFromNow(30))
  await page.getByLabel('How did you hear about us?').selectOption('Instagram')
  await addToCart(page)

  const line = page.getByTestId('party-line')
  await expect(line).toContainText(`For ${name} · jane@example.com · 604-555-0182`)
  await expect(line.getByRole('button', { name: 'Change' })).toBeVisible()
  for (const label of ['Name', 'Email', 'Phone Number', 'How did you hear about us?']) {
    await expect(page.getByLabel(label)).toBeHidden()
  }

  // The next treat is only the treat.
  await fillTreat(page, 'Cupcakes', daysFromNow(31))
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByTestId('cart-count')).toHaveText('2')
  await page.getByRole('button', { name: 'View cart (2)' }).click()
  const panel = page.getByRole('region', { name: 'Your Orders' })
  await expect(panel.getByTestId('cart-party')).toHaveText(
    `For ${name} · jane@example.com · 604-555-0182`,
  )
  // Each treat without her details again.
  const treats = panel.locator('ol > li')
  await expect(treats).toHaveCount(2)
  for (const treat of await treats.all()) {
    await expect(treat).not.toContainText('jane@example.com')
    await expect(treat).not.toContainText('604-555-0182')
    await expect(treat).not.toContainText('Instagram')
  }
  await expect(treats.nth(1)).toContainText('Cupcakes')
  await picture(page, 'cart-contact-375.png', { fullPage: true })

  // Kept as the cart is.
  await page.reload()
  await expect(page.getByTestId('cart-count')).toHaveText('2')
  await expect(line).toContainText(`For ${name} · jane@example.com · 604-555-0182`)
  await expect(page.getByLabel('Name')).toBeHidden()

  // "Change" opens them with her details, the name first; kept, every treat has the new ones.
  await line.getByRole('button', { name: 'Change' }).click()
  await expect(page.getByLabel('Name')).toBeFocused()
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await expect(page.getByLabel('How did you hear about us?')).toHaveValue('Instagram')
  await page.getByLabel('Phone Number').fill('604 555 0199')
  await page.getByRole('button', { name: 'Keep these details' }).click()
  await expect(line).toContainText(`For ${name} · jane@example.com · 604-555-0199`)
  await page.getByRole('button', { name: /Your cart/ }).click()
  await expect(panel.getByTestId('cart-party')).toContainText('604-555-0199')
  await expect(treats).toHaveCount(2)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the order form asks for everything and posts the order itself', async ({ page }) => {
    const name = `Sam Lee ${Date.now()}`
    await page.goto('/ordernow')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Email').fill('sam@example.com')
    await page.getByLabel('Phone Number').fill('416-555-0134')
    await fillTreat(page, 'Cupcakes', daysFromNow(32))
    await page.getByLabel('How did you hear about us?').selectOption('Facebook')
    await expect(page.getByTestId('party-line')).toHaveCount(0)
    await page.getByRole('checkbox', { name: 'I have read the order policies' }).check()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Orders sent successfully!' }),
    ).toBeVisible()
  })
})
