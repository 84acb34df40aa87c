/**
 * A drop's public doors as a browser without JavaScript and the live
 * counters use them: its page, the reserve form's 303 to the hold's page,
 * a 409 that keeps what she typed, the hold's page and its two buttons, and
 * the counts as JSON. The whole app in this process, asked over HTTP.
 */
import { expect, test } from 'vitest'
import { createDrop } from '#app/features/drops/drops.server.ts'
import { startAppInProcess } from '#tests/support/app-in-process.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { visitor } from '#tests/support/visitor.ts'

const MINUTE = 60_000

/** The site with an open drop in its database from its first moment. */
async function startSiteWithDrop() {
  const { db, location } = await openTestDatabase()
  const now = Date.now()
  await createDrop(
    db,
    {
      slug: 'cookie-box',
      name: 'Holiday cookie box',
      description: 'Twelve cookies, six kinds, in a tin.',
      pickupDate: '2026-12-19',
      opensAt: new Date(now - MINUTE),
      closesAt: new Date(now + 60 * MINUTE),
      items: [
        { name: 'Cookie box', priceCents: 3600, stock: 2 },
        { name: 'Gingerbread house', priceCents: 4500, stock: 0 },
      ],
      windows: [{ start: '10:00', end: '12:00', capacity: null }],
    },
    new Date(now),
  )
  const items = await db.selectFrom('drop_item').select('id').orderBy('position').execute()
  const app = await startAppInProcess({
    DATA_DIR: location.dataDir,
    ...(location.url ? { DATABASE_URL: location.url } : {}),
  })
  const site = visitor(app.siteUrl)
  const post = (path: string, form: Record<string, string>) =>
    site.fetch(path, { method: 'POST', form, headers: { origin: app.siteUrl } })
  return { site, post, box: Number(items[0]!.id) }
}

const ada = { name: 'Ada Okafor', email: 'ada@example.com', phone: '416-555-0100' }

test('without JavaScript she reserves on the drop page, lands on her hold, takes more time and lets it go', async () => {
  const { site, post, box } = await startSiteWithDrop()
  const page = await site.fetch('/drops/cookie-box')
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('<title>Holiday cookie box | Butter &amp; Bloom Bakery</title>')
  expect(html).toContain('2 left')
  // The sold-out item takes no number.
  expect(html).toMatch(/<input[^>]*disabled=""[^>]*name="qty\.\d+"/)
  expect(html).not.toContain('p.m..')
  expect(page.headers.get('cache-control')).not.toMatch(/public|s-maxage/)
  // The sold-out gingerbread house can be waited for, without scripts too.
  expect(html).toMatch(/Gingerbread house(<!-- -->)?: your email/)
  // Search engines find it in the sitemap.
  expect(await (await site.fetch('/sitemap.xml')).text()).toContain('/drops/cookie-box</loc>')
  // Search engines read the offers: price, currency, and whether each can be had.
  const offers = JSON.parse(
    /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"OfferCatalog".*?)<\/script>/.exec(
      html,
    )![1]!,
  )
  expect(offers.itemListElement).toMatchObject([
    {
      itemOffered: { name: 'Cookie box' },
      price: '36',
      priceCurrency: 'CAD',
      availability: 'https://schema.org/InStock',
    },
    { itemOffered: { name: 'Gingerbread house' }, availability: 'https://schema.org/SoldOut' },
  ])
  // The list of drops leads to it.
  const list = await (await site.fetch('/drops')).text()
  expect(list).toContain('href="/drops/cookie-box"')
  expect(list).toContain('Open now')

  const reserved = await post('/drops/cookie-box', {
    intent: 'reserve',
    [`qty.${box}`]: '2',
    pickup_window: '10:00-12:00',
    ...ada,
  })
  expect(reserved.status).toBe(303)
  const holdPath = reserved.headers.get('location')!
  expect(holdPath).toMatch(/^\/drops\/cookie-box\/hold\/[\w-]{24}$/)
  const hold = await site.fetch(holdPath)
  expect(hold.status).toBe(200)
  expect(hold.headers.get('cache-control')).toContain('no-store')
  const holdHtml = await hold.text()
  expect(holdHtml).toContain('Your treats are held')
  expect(holdHtml).toContain('2 × Cookie box')
  expect(holdHtml).toContain('$72')
  expect(holdHtml).toContain('<meta name="robots" content="noindex, nofollow"/>')

  const more = await post(holdPath, { intent: 'extend', extensions: '0' })
  expect(more.status).toBe(200)
  expect(await more.text()).toContain('Held until')

  const counts = await site.fetch('/api/drops/cookie-box')
  expect(await counts.json()).toMatchObject({ items: [{ left: 0 }, { left: 0 }] })

  const released = await post(holdPath, { intent: 'release' })
  const releasedHtml = await released.text()
  expect(releasedHtml).toContain('Done. Nothing was charged.')
  expect(releasedHtml).toContain('Your treats are back on sale')
  const after = await site.fetch('/api/drops/cookie-box')
  expect(after.headers.get('cache-control')).not.toMatch(/public|s-maxage/)
  expect(await after.json()).toMatchObject({ state: 'open', items: [{ left: 2 }, { left: 0 }] })
}, 60_000)

test('more than is left comes back as 409 with what is left and what she typed; unknown drops and holds are 404', async () => {
  const { site, post, box } = await startSiteWithDrop()
  const refused = await post('/drops/cookie-box', {
    intent: 'reserve',
    [`qty.${box}`]: '3',
    pickup_window: '10:00-12:00',
    ...ada,
  })
  expect(refused.status).toBe(409)
  const html = await refused.text()
  expect(html).toContain('Cookie box: only 2 left.')
  expect(html).toContain('value="ada@example.com"')
  expect(html).toMatch(new RegExp(`name="qty\\.${box}"[^>]*value="3"`))
  expect((await site.fetch('/drops/no-such-drop')).status).toBe(404)
  expect((await site.fetch('/drops/cookie-box/hold/not-a-hold')).status).toBe(404)
  expect((await site.fetch('/api/drops/no-such-drop')).status).toBe(404)
}, 60_000)
