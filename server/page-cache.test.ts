import { createHash } from 'node:crypto'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { expect, onTestFinished, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { hasSessionCookie } from '#app/features/auth/session.server.ts'
import {
  addClosedPeriod,
  readBookingSettings,
  removeClosedPeriod,
  setWeekdayCapacity,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import {
  addGalleryImage,
  deleteGalleryImage,
  listGalleryPage,
} from '#app/features/gallery/gallery.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import {
  listActiveProducts,
  listProducts,
  seedMenu,
  updateProduct,
} from '#app/features/menu/menu.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import {
  openFreshlyMigratedDatabase,
  openTestDatabase,
  openTwoInstances,
} from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { rendered } from '#tests/support/markdown.ts'
import { cachePolicy } from './cache-policy.ts'
import { coalesceReads } from './coalesce-reads.ts'
import { pageCacheKey } from './page-cache-key.ts'
import { createPageCache, type PageCacheOptions } from './page-cache.ts'
import { securityHeaders } from './security-headers.ts'
import { inlineScriptHashes } from './stored-page.ts'

/**
 * The site's own middleware in the server's order (compression, helmet's CSP
 * with a nonce, the cache policy, the page cache) over a real database. The
 * pages stand in for React Router's render: each reads what the real page
 * reads, through the same feature functions, and writes it into inline
 * scripts stamped with the response's nonce, as React Router does.
 */
async function startSite(
  db: Db,
  options: Partial<PageCacheOptions> = {},
  /** Runs as each render starts, before it reads anything: lets a test hold renders, or fail one. */
  beforeRender: (res: express.Response) => Promise<void> | void = () => undefined,
) {
  const clock = { now: Date.parse('2026-11-23T15:00:00-05:00') }
  const cache = createPageCache({
    readVersion: () => readPageVersion(db),
    dayOf: (now) => bakeryToday(new Date(now)),
    hasSession: hasSessionCookie,
    now: () => clock.now,
    ...options,
  })
  let renders = 0
  let arrived = 0
  const app = express()
  app.use((_req, _res, next) => {
    arrived++
    next()
  })
  app.use(compression())
  app.use(securityHeaders({ dev: false, https: false }))
  app.use(cachePolicy({ hasSession: hasSessionCookie }))
  app.use(cache.handler)
  app.get(['/', '/about', '/ordernow', '/contact', '/gallery'], async (req, res) => {
    renders++
    await beforeRender(res)
    if (res.headersSent) return
    const { searchParams } = new URL(req.originalUrl, 'http://localhost')
    const [menu, booking, gallery] = await Promise.all([
      listActiveProducts(db),
      readBookingSettings(db),
      listGalleryPage(db, { selected: searchParams.getAll('tag'), limit: 24 }),
    ])
    const data = {
      signedIn: hasSessionCookie(req.headers.cookie),
      today: bakeryToday(new Date(clock.now)),
      menu: menu.map((product) => product.name),
      booking,
      photos: gallery.images.map((image) => `${image.fileName} ${image.tags.join(',')}`),
    }
    const nonce = String(res.locals.cspNonce)
    res
      .type('html')
      .send(
        `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Bakery"}</script>` +
          `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/></head><body>` +
          `<h1>${req.path}</h1><script nonce="${nonce}">window.data = ${JSON.stringify(data)}</script>` +
          `<script nonce="${nonce}" type="module">import('/assets/entry.js')</script></body></html>`,
      )
  })
  app.get('/set-cookie', (_req, res) => {
    res.cookie('hello', 'there').type('html').send('<p>for one browser</p>')
  })
  const server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers })
    const html = await response.text()
    const policy = response.headers.get('content-security-policy') ?? ''
    const json = /window\.data = (.*?)<\/script>/.exec(html)?.[1]
    return {
      response,
      html,
      policy,
      cached: policy.includes("'sha256-"),
      data: json ? (JSON.parse(json) as { today: string; menu: string[]; photos: string[] }) : null,
    }
  }
  /** The page once the cache serves it (a page is stored a moment after its first response). */
  const cached = async (path: string, headers: Record<string, string> = {}) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const page = await get(path, headers)
      if (page.cached) return page
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`${path} was never served from the cache`)
  }
  return { base, clock, cache, get, cached, renders: () => renders, arrived: () => arrived }
}

/** What a browser checks: the header allows the body's inline scripts, and only those. */
function expectPolicyMatchesBody(policy: string, html: string) {
  const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!.split(' ')
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !attributes!.includes('ld+json'),
  )
  expect(scripts.length).toBeGreaterThan(0)
  if (nonce) {
    expect(scriptSrc).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"])
    for (const [tag] of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  } else {
    expect(html).not.toMatch(/nonce="[^"]/)
    const hashes = scripts.map(
      ([, , content]) => `'sha256-${createHash('sha256').update(content!).digest('base64')}'`,
    )
    expect(scriptSrc).toEqual(["'self'", ...hashes, "'strict-dynamic'"])
  }
}

async function seededDatabase() {
  const opened = await openTestDatabase()
  await seedMenu(opened.db)
  return opened
}

test('an anonymous page is rendered once, then served from memory with a CSP naming exactly its scripts', async () => {
  const { db } = await seededDatabase()
  const site = await startSite(db)
  const first = await site.get('/ordernow')
  expect(first.cached).toBe(false)
  expectPolicyMatchesBody(first.policy, first.html)
  const hit = await site.cached('/ordernow')
  const rendered = site.renders()
  expectPolicyMatchesBody(hit.policy, hit.html)
  expect(hit.data).toEqual(first.data)

  // Every encoding, each response its own header; none rendered again.
  for (const encoding of ['br', 'gzip', 'identity', 'gzip, deflate, br, zstd']) {
    const page = await site.get('/ordernow', { 'accept-encoding': encoding })
    expect(page.cached).toBe(true)
    expect(page.html).toBe(hit.html)
    expectPolicyMatchesBody(page.policy, page.html)
    const sent = page.response.headers
    expect(sent.get('content-encoding') ?? 'identity').toBe(
      encoding.includes('br') ? 'br' : encoding,
    )
    expect(sent.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=300/)
    expect(sent.get('vary')).toMatch(/Accept-Encoding/)
    expect(sent.get('vary')).toMatch(/Cookie/)
    expect(sent.get('permissions-policy')).toContain('camera=()')
    expect(sent.get('x-content-type-options')).toBe('nosniff')
    expect(sent.get('content-type')).toBe('text/html; charset=utf-8')
  }
  // The whole policy is as made for the response, but for the hashes in place of its nonce.
  expect(hit.policy.replace(/script-src [^;]*/, '')).toBe(
    first.policy.replace(/script-src [^;]*/, ''),
  )

  const head = await fetch(`${site.base}/ordernow`, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(await head.text()).toBe('')
  expect(head.headers.get('content-security-policy')).toContain("'sha256-")

  const etag = hit.response.headers.get('etag')!
  expect(etag).toMatch(/^W\/"/)
  const unchanged = await fetch(`${site.base}/ordernow`, { headers: { 'if-none-match': etag } })
  expect(unchanged.status).toBe(304)
  expect(await unchanged.text()).toBe('')
  expect(unchanged.headers.get('cache-control')).toMatch(/^public, /)
  expect(site.renders()).toBe(rendered)
})

/** A promise the test resolves when it chooses, and a way to wait until a condition holds. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
}

test('visitors landing together on a page not yet kept share one render, and each gets the whole page', async () => {
  const { db } = await seededDatabase()
  const held = gate()
  const site = await startSite(db, {}, () => held.opened)
  const visitors = 50
  const pages = Array.from({ length: visitors }, () =>
    site.get('/gallery', { 'accept-encoding': 'gzip, deflate, br' }),
  )
  // The first render is held until every visitor has arrived and had time to
  // read the page version, so without sharing each would be rendering its own.
  await until(() => site.arrived() === visitors)
  await readPageVersion(db)
  await new Promise((resolve) => setTimeout(resolve, 50))
  held.open()
  const served = await Promise.all(pages)

  expect(site.renders()).toBe(1)
  for (const page of served) {
    expect(page.response.status).toBe(200)
    expect(page.data?.photos).toEqual(served[0]!.data?.photos)
    expectPolicyMatchesBody(page.policy, page.html)
  }
  // The renderer's own response carries its nonce; everyone who waited gets the stored page.
  expect(served.filter((page) => page.cached)).toHaveLength(visitors - 1)
})

test('when the shared render cannot be kept, each visitor who waited for it renders their own page', async () => {
  const { db } = await seededDatabase()
  const held = gate()
  let failures = 1
  const site = await startSite(db, {}, async (res) => {
    if (failures-- > 0) {
      await held.opened
      res.status(503).type('html').send('<p>The oven is warming up.</p>')
    }
  })
  const pages = Array.from({ length: 5 }, () => site.get('/about'))
  await until(() => site.arrived() === 5)
  await readPageVersion(db)
  await new Promise((resolve) => setTimeout(resolve, 50))
  held.open()
  const served = await Promise.all(pages)

  expect(served.map((page) => page.response.status).sort()).toEqual([200, 200, 200, 200, 503])
  expect(site.renders()).toBe(5)
  expect(served.filter((page) => page.response.status === 200 && page.data)).toHaveLength(4)
})

test('each change to what the pages show is served at once: photos, menu, capacity, closed days and booking settings', async () => {
  const { db, dataDir } = await seededDatabase()
  const site = await startSite(db)
  const store = createLocalMediaStore(dataDir)
  const freshAfter = async (change: () => Promise<unknown>, path = '/ordernow') => {
    await site.cached(path)
    const before = site.renders()
    await change()
    const page = await site.get(path)
    expect(page.cached, 'the first response after a change is rendered again').toBe(false)
    expect(site.renders()).toBe(before + 1)
    return page.data!
  }

  const photo = await photoJpeg({ width: 320, height: 240 })
  let added: Awaited<ReturnType<typeof addGalleryImage>> | undefined
  const withPhoto = await freshAfter(async () => {
    added = await addGalleryImage(
      db,
      { store },
      {
        input: photo,
        uploadedName: 'lemon-tart.jpg',
        tags: ['tart'],
        originalSize: photo.length,
        compressedSize: photo.length,
      },
    )
  }, '/gallery')
  expect(withPhoto.photos).toEqual([`${added!.fileName} tart`])

  // The owner's edits to a photo (its tags, its place) are writes to its row.
  const retagged = await freshAfter(
    () =>
      db
        .updateTable('gallery_image')
        .set({ tags: JSON.stringify(['tart', 'lemon']) })
        .where('id', '=', added!.id)
        .execute(),
    '/gallery',
  )
  expect(retagged.photos).toEqual([`${added!.fileName} tart,lemon`])

  const withoutPhoto = await freshAfter(
    () => deleteGalleryImage(db, { store }, added!.id),
    '/gallery',
  )
  expect(withoutPhoto.photos).toEqual([])

  const [first] = await listProducts(db)
  const renamed = await freshAfter(() =>
    updateProduct(db, first!.id, {
      name: 'Celebration Cakes',
      description: first!.description,
      priceFromCents: first!.priceFromCents,
      noticeDays: first!.noticeDays,
      effort: first!.effort,
    }),
  )
  expect(renamed.menu).toContain('Celebration Cakes')

  await freshAfter(() => setWeekdayCapacity(db, [0, 4, 4, 4, 4, 6, 6]))
  let closedId = 0
  await freshAfter(async () => {
    closedId = await addClosedPeriod(db, { start: '2026-12-24', end: '2026-12-27' })
  })
  await freshAfter(() => removeClosedPeriod(db, closedId))
  const withDelivery = await freshAfter(() =>
    updateBookingSettings(db, { deliveryEnabled: true, deliveryNote: 'Within 10 km' }),
  )
  expect(withDelivery).toMatchObject({ booking: { deliveryEnabled: true } })
  const longer = await freshAfter(() =>
    updateBookingSettings(db, { horizonDays: 90, policies: rendered('New policies') }),
  )
  expect(longer).toMatchObject({ booking: { horizonDays: 90, policies: 'New policies' } })
})

test('writes the pages do not show leave the page version alone', async () => {
  const { db } = await seededDatabase()
  const version = await readPageVersion(db)
  await db
    .insertInto('rate_limit')
    .values({ key: 'order:1.2.3.4', hits: '[]', expires_at: 0 })
    .execute()
  await db.insertInto('lease').values({ name: 'x', holder: 'y', until: 0 }).execute()
  expect(await readPageVersion(db)).toBe(version)
  await updateBookingSettings(db, { policies: rendered('Changed') })
  expect(await readPageVersion(db)).not.toBe(version)
})

test('a page rendered before the bakery’s midnight is not served after it', async () => {
  const { db } = await seededDatabase()
  const site = await startSite(db)
  site.clock.now = Date.parse('2026-11-23T23:59:00-05:00')
  expect((await site.get('/ordernow')).data!.today).toBe('2026-11-23')
  expect((await site.cached('/ordernow')).data!.today).toBe('2026-11-23')
  // Past midnight in UTC but not yet in Toronto: still the same page.
  expect((await site.get('/ordernow')).cached).toBe(true)
  site.clock.now = Date.parse('2026-11-24T00:00:30-05:00')
  const after = await site.get('/ordernow')
  expect(after.cached).toBe(false)
  expect(after.data!.today).toBe('2026-11-24')
  expect((await site.cached('/ordernow')).data!.today).toBe('2026-11-24')
})

test('two instances on one database each serve the other’s change with their next response', async () => {
  const [one, two] = await openTwoInstances()
  await seedMenu(one)
  const siteOne = await startSite(one)
  const siteTwo = await startSite(two)
  await siteOne.cached('/about')
  await siteTwo.cached('/about')
  const [cakes] = await listProducts(two)
  await updateProduct(two, cakes!.id, {
    name: 'Wedding Cakes',
    description: cakes!.description,
    priceFromCents: cakes!.priceFromCents,
    noticeDays: cakes!.noticeDays,
    effort: cakes!.effort,
  })
  for (const site of [siteOne, siteTwo]) {
    const page = await site.get('/about')
    expect(page.cached).toBe(false)
    expect(page.data!.menu).toContain('Wedding Cakes')
  }
  // And the other way round, through the first instance's connection.
  await siteTwo.cached('/about')
  await setWeekdayCapacity(one, [1, 1, 1, 1, 1, 1, 1])
  expect((await siteTwo.get('/about')).cached).toBe(false)
})

test('a request with a session cookie is never served from the cache, nor stored in it', async () => {
  const { db } = await seededDatabase()
  const site = await startSite(db)
  const session = { cookie: 'theme=dark; bakery.session_token=abc.def' }
  for (let visit = 0; visit < 3; visit++) {
    const page = await site.get('/', session)
    expect(page.cached).toBe(false)
    expect(page.data).toMatchObject({ signedIn: true })
    expect(page.response.headers.get('cache-control')).toBe('private, no-store')
  }
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(site.cache.size().entries).toBe(0)

  const anonymous = await site.cached('/')
  expect(anonymous.data).toMatchObject({ signedIn: false })
  const signedIn = await site.get('/', session)
  expect(signedIn.cached).toBe(false)
  expect(signedIn.data).toMatchObject({ signedIn: true })
})

test('only public pages that answer 200 without a cookie are kept, and the number of pages is bounded', async () => {
  const { db } = await seededDatabase()
  const site = await startSite(db, { maxEntries: 5 })
  for (let tag = 0; tag < 30; tag++) await site.get(`/gallery?tag=t${tag}`)
  await site.get('/set-cookie')
  await site.get('/gallery?utm_source=x')
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(site.cache.size().entries).toBeLessThanOrEqual(5)
  expect((await site.get('/set-cookie')).response.headers.get('set-cookie')).toMatch(/^hello=/)

  // A byte budget bounds them too: here, room for one page and a half.
  const onePage = await startSite(db)
  await onePage.cached('/about')
  const pageBytes = onePage.cache.size().bytes
  const small = await startSite(db, { maxBytes: Math.floor(pageBytes * 1.5) })
  for (const path of ['/', '/about', '/contact', '/ordernow']) await small.cached(path)
  expect(small.cache.size().entries).toBe(1)
  expect(small.cache.size().bytes).toBeLessThanOrEqual(pageBytes * 1.5)
})

test('which requests the cache keys, and how', () => {
  expect(pageCacheKey('/', '')).toBe('/')
  // Campaign parameters change nothing on the plain pages: one page for all.
  expect(pageCacheKey('/', '?fbclid=abc&utm_source=x')).toBe('/')
  expect(pageCacheKey('/ordernow', '?fbclid=abc')).toBe('/ordernow')
  // The order form shows the treat a link chose: one page per treat.
  expect(pageCacheKey('/ordernow', '?product=Cakes&fbclid=abc')).toBe('/ordernow?product=Cakes')
  expect(pageCacheKey('/ordernow', '?product=Cake+Pops')).toBe('/ordernow?product=Cake%20Pops')
  expect(pageCacheKey('/contact', '')).toBe('/contact')
  // Contact's form posts to its own address, query included: only the bare page is kept.
  expect(pageCacheKey('/contact', '?utm_source=x')).toBeNull()
  expect(pageCacheKey('/gallery', '')).toBe('/gallery')
  expect(pageCacheKey('/gallery', '?tag=cake&show=48')).toBe('/gallery?tag=cake&show=48')
  expect(pageCacheKey('/gallery', '?tag=cake&fbclid=abc')).toBeNull()
  for (const path of [
    '/About',
    '/about/',
    '/about.data',
    '/_root.data',
    '/gallery.data',
    '/admin/orders',
    '/requests/abc',
    '/api/gallery',
    '/api/availability',
    '/healthz',
    '/nowhere',
  ]) {
    expect(pageCacheKey(path, ''), path).toBeNull()
  }
})

test('the hashes are of the inline scripts the browser runs, not of data blocks or external scripts', () => {
  const html =
    '<script type="application/ld+json">{}</script><script src="/a.js"></script>' +
    '<script>one()</script><script type="module" async="">two()</script><script>one()</script>'
  const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`
  expect(inlineScriptHashes(html)).toEqual([hash('one()'), hash('two()')])
})

test('the page version is a random token, so a restored backup never repeats another database’s', async () => {
  const [a, b] = await Promise.all([openFreshlyMigratedDatabase(), openFreshlyMigratedDatabase()])
  const [first, second] = await Promise.all([readPageVersion(a), readPageVersion(b)])
  expect(first).not.toBe(second)
  await addClosedPeriod(a, { start: '2026-12-25' })
  expect(await readPageVersion(a)).not.toBe(first)
})

test('requests arriving together share a version read, but never one that started before they arrived', async () => {
  let version = 0
  const started: Array<(value: number) => void> = []
  const read = coalesceReads(
    () =>
      new Promise<number>((resolve) => {
        const seen = version
        started.push(() => resolve(seen))
      }),
  )
  const first = read()
  version = 1 // A write commits while the first read is under way…
  const second = read() // …and these arrive after it: they must not get the first read's answer.
  const third = read()
  expect(started).toHaveLength(1)
  started[0]!(0)
  expect(await first).toBe(0)
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(started).toHaveLength(2)
  started[1]!(0)
  expect(await second).toBe(1)
  expect(await third).toBe(1)
  // Nothing in flight: the next request starts a read of its own at once.
  const fourth = read()
  expect(started).toHaveLength(3)
  started[2]!(0)
  expect(await fourth).toBe(1)
})
