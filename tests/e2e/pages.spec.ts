import { expect, expectFooterAfterContent, publicPages, test } from './fixtures.ts'

// What the pages' HTML tells search engines (titles, meta tags, 404s, robots.txt,
// the sitemap, structured data) is checked without a browser:
// app/routes/public-pages.server.test.ts.

/** The site's public origin: the server's SITE_URL in playwright.config.ts. */
const SITE = `http://localhost:${process.env.E2E_PORT ?? 3210}`

for (const page of publicPages) {
  test(`${page.path} shows its heading and marks its navigation item as current`, async ({
    page: browserPage,
  }) => {
    await browserPage.goto(page.path)
    await expect(browserPage).toHaveTitle(`${page.title} | Butter & Bloom Bakery`)
    await expect(browserPage.getByRole('heading', { level: 1 })).toHaveAccessibleName(page.heading)
    const nav = browserPage.getByRole('navigation', { name: 'Main' })
    const current = nav.locator('[aria-current="page"]:visible')
    await expect(current).toHaveText(page.navLabel)
    await expect(current).toHaveCSS('background-color', 'rgb(169, 52, 67)')
  })
}

test('paths match whatever their letter case', async ({ page, request }) => {
  for (const path of ['/About', '/ORDERNOW', '/Gallery', '/CoNtAcT']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
  }
  await page.goto('/About')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to Butter & Bloom Bakery',
  )
  await expect(
    page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]:visible'),
  ).toHaveText('About Us')
  // Search engines are told the one true address.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/about`)
})

test.describe('unknown paths', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] })

  test('answer 404 with the Oops! page and a link home', async ({ page }) => {
    const response = await page.goto('/no-such-cake')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('404 | Butter & Bloom Bakery')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops!')
    await expect(page.getByText('The page you requested was not found.')).toBeVisible()
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await expect(page).toHaveURL('/')
    await expect(page).toHaveTitle('Home | Butter & Bloom Bakery')
  })

  test('on short pages the footer follows the content, with no empty band above it', async ({
    page,
  }) => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(viewport)
      for (const path of ['/no-such-cake', '/contact']) {
        await page.goto(path)
        await expectFooterAfterContent(page)
      }
    }
  })
})
