import { expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import { type AppInProcess, startAppInProcess } from '#tests/support/app-in-process.ts'

/**
 * A fresh install, booted whole in this process, set up through the link it
 * prints, then read as visitors and search engines read it: the HTML of
 * every public page, with its meta tags, structured data and the data the
 * page hydrates from.
 */

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/ordernow',
  '/gallery',
  '/contact',
  '/faq',
  '/policies',
  '/no-such-page',
]

const instagram = site.socialLinks.find((link) => link.network === 'instagram')!

/** What only the demo bakery says about itself. */
const DEMO_WORDS = [
  'Butter',
  'Bloom',
  site.email,
  instagram.handle,
  instagram.url,
  site.ownerName,
  site.city,
  String(site.foundingYear),
]

/** Placeholders a sentence must never be filled with: "a Our neighbourhood home bakery". */
const FILLER = ['a Our', 'Our neighbourhood']

function setupLinkOf(app: AppInProcess): string {
  const found = /Set up your bakery: (\S+)/.exec(app.log())
  if (!found) throw new Error(`No setup link in the log:\n${app.log()}`)
  const link = new URL(found[1]!)
  return `${link.pathname}${link.search}`
}

async function setUp(app: AppInProcess, demo: 'yes' | 'no') {
  const link = setupLinkOf(app)
  const response = await app.fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.siteUrl },
    body: new URLSearchParams({
      email: 'maya@example.test',
      password: 'flour and sugar at dawn',
      confirm: 'flour and sugar at dawn',
      bakery_name: 'Maya’s Kitchen',
      owner_name: 'Maya Lin',
      time_zone: 'Pacific/Auckland',
      currency: 'NZD',
      demo,
    }),
  })
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe('/admin')
}

async function pageHtml(app: AppInProcess, path: string): Promise<string> {
  const response = await app.fetch(path)
  expect(response.status, path).toBe(path === '/no-such-page' ? 404 : 200)
  return response.text()
}

/** The text a person reads: the page without its scripts and the data they hydrate from. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
}

function demoWordsIn(text: string): string[] {
  return [...DEMO_WORDS, ...FILLER].filter((word) =>
    /^\d+$/.test(word) ? new RegExp(`\\b${word}\\b`).test(text) : text.includes(word),
  )
}

test('a bakery set up without the demo shows nothing of the demo, and leaves out what she has not said', async () => {
  const app = await startAppInProcess()

  // The setup page speaks to her, not as the demo bakery.
  const setupHtml = await pageHtml(app, setupLinkOf(app))
  expect(setupHtml).toMatch(/<title>Set up your bakery<\/title>/)
  expect(demoWordsIn(visibleText(setupHtml))).toEqual([])
  expect(setupHtml).not.toContain('/images/logo.svg')
  expect(setupHtml).not.toContain('href="/favicon.svg"')

  await setUp(app, 'no')
  for (const path of PUBLIC_PAGES) {
    const html = await pageHtml(app, path)
    expect(demoWordsIn(html), path).toEqual([])
    expect(html, path).toContain('Maya’s Kitchen')
    // The demo's logo, icon and link card are not hers: a plain mark and card stand in.
    expect(html, path).not.toContain('/images/logo.svg')
    expect(html, path).not.toContain('href="/favicon.svg"')
    expect(html, path).not.toContain('/images/og-image.png')
  }
})

test('a bakery that keeps the demo still shows the demo’s contact, year, logo and card', async () => {
  const app = await startAppInProcess()
  await setUp(app, 'yes')
  const home = await pageHtml(app, '/')
  expect(home).toContain('Maya’s Kitchen')
  expect(demoWordsIn(home)).toEqual(
    expect.arrayContaining([site.email, instagram.url, String(site.foundingYear), site.city]),
  )
  expect(home).toContain('/images/logo.svg')
  expect(home).toContain('href="/favicon.svg"')
  expect(home).toContain('/images/og-image.png')
  expect(demoWordsIn(home)).not.toContain('a Our')
})
