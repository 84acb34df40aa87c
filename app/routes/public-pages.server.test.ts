/**
 * The public pages as search engines read them: the HTML each address
 * answers with, its 404s, robots.txt, the sitemap and the structured data.
 * The whole app in this process, asked over HTTP.
 */
import { expect, test } from 'vitest'
import { startAppInProcess } from '#tests/support/app-in-process.ts'
import { publicPages } from '#tests/support/public-pages.ts'

/** The site, answering at its SITE_URL. */
async function startSite() {
  const app = await startAppInProcess()
  const get = (path: string) => app.fetch(path)
  return { site: app.siteUrl, get }
}

for (const page of publicPages) {
  test(`${page.path} is server-rendered with its title, description, keywords and heading`, async () => {
    const { site, get } = await startSite()
    const response = await get(page.path)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<title>${page.title} | Butter &amp; Bloom Bakery</title>`)
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/)
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/)
    expect(html).toContain(`<link rel="canonical" href="${site}${page.path}"/>`)
    expect(html).toContain('<meta property="og:title"')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    // A file's first test loads the app's modules for its first requests.
  }, 60_000)
}

test('unknown paths answer 404 however deep they are, and are kept out of search results', async () => {
  const { get } = await startSite()
  const response = await get('/gallery/cakes/1')
  expect(response.status).toBe(404)
  const html = await response.text()
  expect(html).toContain('<title>404 | Butter &amp; Bloom Bakery</title>')
  expect(html).toContain('<meta name="robots" content="noindex"/>')
})

test('robots.txt allows the site and points to the sitemap', async () => {
  const { site, get } = await startSite()
  const response = await get('/robots.txt')
  expect(response.headers.get('content-type')).toContain('text/plain')
  const body = await response.text()
  expect(body).toContain('User-agent: *')
  expect(body).toContain(`Sitemap: ${site}/sitemap.xml`)
})

test('sitemap.xml lists the public pages, the FAQ, the policies and the drops', async () => {
  const { site, get } = await startSite()
  const response = await get('/sitemap.xml')
  expect(response.headers.get('content-type')).toContain('application/xml')
  const locations = [...(await response.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])
  expect(locations).toEqual([
    ...publicPages.map((page) => `${site}${page.path}`),
    `${site}/faq`,
    `${site}/policies`,
    // No drop is open or coming on a new site: only their list.
    `${site}/drops`,
  ])
})

test('every page describes the business as a schema.org Bakery', async () => {
  const { get } = await startSite()
  const html = await (await get('/contact')).text()
  const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1]
  const bakery = JSON.parse(json ?? '{}') as { sameAs?: unknown[] }
  expect(bakery).toMatchObject({
    '@type': 'Bakery',
    name: 'Butter & Bloom Bakery',
    email: 'hello@butterandbloom.ca',
    foundingDate: '2020',
    address: { addressLocality: 'Toronto' },
  })
  expect(bakery.sameAs).toHaveLength(3)
})
