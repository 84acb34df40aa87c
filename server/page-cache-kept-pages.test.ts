/**
 * Which pages the page cache keeps: never a request with a session cookie,
 * only public pages that answer 200 without setting a cookie, no more than
 * its bounds in pages and bytes, each under a key of its path and the query
 * parameters its page reads.
 */
import { expect, test } from 'vitest'
import { seededDatabase, startSite } from '#tests/support/page-cache-site.ts'
import { pageCacheKey } from './page-cache-key.ts'

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
