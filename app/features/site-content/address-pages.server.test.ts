import { expect, test } from 'vitest'
import { type AppInProcess, startAppInProcess } from '#tests/support/app-in-process.ts'

/**
 * Her address, set in Settings › Your site › Address on a whole install
 * booted in this process, then read as visitors and search engines read
 * the public pages: the city, region and postal code are said, the street
 * never is (decision 084).
 */

const PUBLIC_PAGES = ['/', '/about', '/ordernow', '/gallery', '/contact', '/faq', '/policies']
const STREET = '12 Rosewood Crescent'

/** Sets up a bakery without the demo through the printed link; answers her session's cookie. */
async function setUpWithoutDemo(app: AppInProcess): Promise<string> {
  const found = /Set up your bakery: (\S+)/.exec(app.log())
  if (!found) throw new Error(`No setup link in the log:\n${app.log()}`)
  const link = new URL(found[1]!)
  const response = await app.fetch(`${link.pathname}${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.siteUrl },
    body: new URLSearchParams({
      email: 'maya@example.test',
      password: 'flour and sugar at dawn',
      confirm: 'flour and sugar at dawn',
      bakery_name: 'Maya’s Kitchen',
      owner_name: 'Maya Lin',
      time_zone: 'America/Vancouver',
      currency: 'CAD',
      demo: 'no',
    }),
  })
  expect(response.status).toBe(302)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

test('her city, region and postal code reach the pages and the structured data; her street never does', async () => {
  const app = await startAppInProcess()
  const cookie = await setUpWithoutDemo(app)

  // Before she says where she is, no page says it.
  const before = await (await app.fetch('/')).text()
  expect(before).not.toContain('PostalAddress')
  expect(before).not.toContain('Baking in')

  const saved = await app.fetch('/admin/settings/site', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: app.siteUrl,
      cookie,
    },
    body: new URLSearchParams({
      intent: 'address',
      street: `${STREET}, Unit B`,
      city: 'Vancouver',
      region: 'BC',
      postal_code: 'V5K 0A1',
    }),
  })
  expect(saved.status).toBe(200)
  // Her own settings page shows it all back to her.
  const settings = await (await app.fetch('/admin/settings/site', { headers: { cookie } })).text()
  expect(settings).toContain(`${STREET}, Unit B`)
  for (const token of ['address-line1', 'address-level2', 'address-level1', 'postal-code']) {
    expect(settings).toContain(`autoComplete="${token}"`)
  }

  for (const path of PUBLIC_PAGES) {
    const html = await (await app.fetch(path)).text()
    expect(html, path).not.toContain('Rosewood')
    expect(html, path).toContain('"addressRegion":"BC"')
    expect(html, path).toContain('"postalCode":"V5K 0A1"')
    expect(html, path).toContain('"addressCountry":"CA"')
    expect(html, path).not.toContain('streetAddress')
  }
  // "Where you bake" left empty: the pages say her city.
  expect(await (await app.fetch('/')).text()).toContain('Baking in Vancouver, BC')
  expect(app.log()).not.toContain('Rosewood')
  // A whole install boots in this process: more than the default time on a busy machine.
}, 60_000)
