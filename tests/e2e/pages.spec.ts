import { expect, expectFooterAfterContent, publicPages, test } from './fixtures.ts'

/** The site's public origin: the server's SITE_URL in playwright.config.ts. */
const SITE = `http://localhost:${process.env.E2E_PORT ?? 3210}`

for (const page of publicPages) {
  test(`${page.path} is server-rendered with its title, description, keywords and heading`, async ({
    request,
  }) => {
    const response = await request.get(page.path)
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<title>${page.title} | Butter &amp; Bloom Bakery</title>`)
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/)
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/)
    expect(html).toContain(`<link rel="canonical" href="${SITE}${page.path}"/>`)
    expect(html).toContain('<meta property="og:title"')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
  })

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

  test('answer 404 however deep they are, and are kept out of search results', async ({
    request,
  }) => {
    const response = await request.get('/gallery/cakes/1')
    expect(response.status()).toBe(404)
    const html = await response.text()
    expect(html).toContain('<title>404 | Butter &amp; Bloom Bakery</title>')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })
})

test('robots.txt allows the site and points to the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.headers()['content-type']).toContain('text/plain')
  const body = await response.text()
  expect(body).toContain('User-agent: *')
  expect(body).toContain(`Sitemap: ${SITE}/sitemap.xml`)
})

test('sitemap.xml lists the public pages, the FAQ and the policies', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.headers()['content-type']).toContain('application/xml')
  const locations = [...(await response.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])
  expect(locations).toEqual([
    ...publicPages.map((page) => `${SITE}${page.path}`),
    `${SITE}/faq`,
    `${SITE}/policies`,
  ])
})

test('every page describes the business as a schema.org Bakery', async ({ page }) => {
  await page.goto('/contact')
  const json = await page.locator('script[type="application/ld+json"]').textContent()
  const bakery = JSON.parse(json ?? '{}')
  expect(bakery).toMatchObject({
    '@type': 'Bakery',
    name: 'Butter & Bloom Bakery',
    email: 'hello@butterandbloom.ca',
    foundingDate: '2020',
    address: { addressLocality: 'Toronto' },
  })
  expect(bakery.sameAs).toHaveLength(3)
})
