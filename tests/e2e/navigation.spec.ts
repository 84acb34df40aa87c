import { expect, test } from './fixtures.ts'

test('the desktop navigation links every page and highlights where you are', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [label, path] of [
    ['About Us', '/about'],
    ['Order Now', '/ordernow'],
    ['Gallery', '/gallery'],
    ['Contact', '/contact'],
    ['Home', '/'],
  ] as const) {
    await nav.getByRole('link', { name: label, exact: true }).click()
    await expect(page).toHaveURL(path)
    await expect(nav.locator('[aria-current="page"]:visible')).toHaveText(label)
  }
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('shows Home and a menu toggle that opens, navigates and closes', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Gallery', exact: true })).toBeHidden()

    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    const menu = nav.locator('.mobile-menu')
    await expect(menu.getByRole('link')).toHaveText(['About Us', 'Order Now', 'Gallery', 'Contact'])

    await menu.getByRole('link', { name: 'Gallery' }).click()
    await expect(page).toHaveURL('/gallery')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    // The page you are on is still marked when the menu opens again.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu.locator('[aria-current="page"]:visible')).toHaveText('Gallery')
  })

  test('the menu works from the keyboard and Escape closes it', async ({ page }) => {
    await page.goto('/about')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('.mobile-menu')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('.mobile-menu')).toBeHidden()

    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await expect(page.locator('.mobile-menu').getByRole('link', { name: 'About Us' })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/ordernow')
    await expect(page.locator('.mobile-menu')).toBeHidden()
  })
})

test('following a link lands at the top of the next page', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByRole('link', { name: 'Discover Our Journey' }).click()
  await expect(page).toHaveURL('/about')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a skip link takes keyboard users straight to the content', async ({ page }) => {
  await page.goto('/contact')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})

test('the footer links every page and shows the copyright, version and designer', async ({
  page,
}) => {
  await page.goto('/gallery')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText([
    'Home',
    'About',
    'Order Now',
    'Gallery',
    'Contact',
    // The owner's own pages, linked while they have words (Settings › Your site).
    'FAQ',
    'Order policies',
  ])
  const year = new Date().getFullYear()
  await expect(footer).toContainText(`© ${year} Butter & Bloom Bakery. All rights reserved.`)
  await expect(footer.getByText('v2.2', { exact: true })).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Studio Larkspur' })).toHaveAttribute(
    'href',
    'https://larkspur.design',
  )
  await footer.getByRole('link', { name: 'Order Now' }).click()
  await expect(page).toHaveURL('/ordernow')
})
