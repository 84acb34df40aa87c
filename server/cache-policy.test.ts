import { once } from 'node:events'
import express from 'express'
import { expect, test } from 'vitest'
import { CACHE_CONTROL, cacheControlFor, cachePolicy } from './cache-policy.ts'

const anonymous = { method: 'GET', hasSession: false, status: 200 }

test('anonymous GETs and HEADs of the public pages and their data may be kept by a CDN, keyed by cookie too', () => {
  for (const path of [
    '/',
    '/about',
    '/ordernow',
    '/contact',
    '/About',
    '/ORDERNOW/',
    '/contact.data',
  ]) {
    for (const method of ['GET', 'HEAD']) {
      expect(cacheControlFor({ ...anonymous, method, path }), `${method} ${path}`).toEqual({
        cacheControl: CACHE_CONTROL.page,
        varyCookie: true,
      })
    }
  }
  expect(cacheControlFor({ ...anonymous, path: '/_root.data' }).cacheControl).toBe(
    CACHE_CONTROL.page,
  )
  for (const path of ['/gallery', '/Gallery', '/gallery.data', '/api/gallery', '/api/gallery/7']) {
    expect(cacheControlFor({ ...anonymous, path }), path).toEqual({
      cacheControl: CACHE_CONTROL.gallery,
      varyCookie: true,
    })
  }
  expect(CACHE_CONTROL.page).toBe(
    'public, max-age=0, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400',
  )
  expect(CACHE_CONTROL.gallery).toBe(
    'public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400',
  )
})

test('a session cookie, an admin path, a write or a cookie being set makes any response private', () => {
  const privately = { cacheControl: 'private, no-store', varyCookie: false }
  for (const path of ['/', '/gallery', '/gallery.data', '/api/gallery', '/robots.txt', '/nope']) {
    expect(cacheControlFor({ ...anonymous, path, hasSession: true }), path).toEqual(privately)
    expect(cacheControlFor({ ...anonymous, path, setsCookie: true }), path).toEqual(privately)
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(cacheControlFor({ ...anonymous, method, path }), `${method} ${path}`).toEqual(
        privately,
      )
    }
  }
  for (const path of [
    '/admin',
    '/admin/inbox',
    '/ADMIN/Inbox',
    '/admin/inbox.data',
    '/admin.data',
    '/admin/calendar',
    '/admin/calendar.ics',
    '/admin/orders.csv',
  ]) {
    expect(cacheControlFor({ ...anonymous, path }), path).toEqual(privately)
    expect(cacheControlFor({ ...anonymous, path, status: 401 }), path).toEqual(privately)
  }
  // A route's own header cannot loosen it.
  expect(
    cacheControlFor({ ...anonymous, path: '/admin/inbox', ownCacheControl: 'public, max-age=60' }),
  ).toEqual(privately)
  expect(cacheControlFor({ ...anonymous, path: '/administrator' }).cacheControl).toBe('no-store')
})

test('customers’ inspiration photos are private: the upload API and the owner’s view of them', () => {
  const privately = { cacheControl: 'private, no-store', varyCookie: false }
  for (const path of [
    '/api/inspiration-photos',
    '/API/Inspiration-Photos',
    '/admin/photos/AAAAAAAAAAAAAAAAAAAAAA',
  ]) {
    for (const method of ['GET', 'HEAD', 'POST']) {
      for (const status of [200, 201, 404, 429]) {
        expect(
          cacheControlFor({ ...anonymous, method, path, status }),
          `${method} ${path}`,
        ).toEqual(privately)
      }
    }
  }
})

test("a customer's private request page is never kept, found or not, page or data", () => {
  const privately = { cacheControl: 'private, no-store', varyCookie: false }
  for (const path of [
    '/requests/AbCdEfGhIjKlMnOpQrStUvWx',
    '/Requests/AbCdEfGhIjKlMnOpQrStUvWx',
    '/requests/AbCdEfGhIjKlMnOpQrStUvWx.data',
    '/requests/AbCdEfGhIjKlMnOpQrStUvWx/photos/1',
    '/requests',
  ]) {
    for (const status of [200, 404, 405]) {
      expect(cacheControlFor({ ...anonymous, path, status }), `${path} ${status}`).toEqual(
        privately,
      )
    }
  }
  // Only that folder: a page whose name merely begins with it is not swept in.
  expect(cacheControlFor({ ...anonymous, path: '/requestsabc' }).cacheControl).toBe('no-store')
})

test('errors, redirects, the health check and unlisted paths are kept by nobody', () => {
  for (const status of [202, 301, 302, 400, 404, 405, 500, 503]) {
    for (const path of ['/', '/gallery', '/about.data', '/api/gallery/7', '/robots.txt']) {
      expect(cacheControlFor({ ...anonymous, path, status }), `${status} ${path}`).toEqual({
        cacheControl: 'no-store',
        varyCookie: false,
      })
    }
  }
  expect(cacheControlFor({ ...anonymous, path: '/healthz' }).cacheControl).toBe('no-store')
  expect(cacheControlFor({ ...anonymous, path: '/gallery/cakes' }).cacheControl).toBe('no-store')
  expect(cacheControlFor({ ...anonymous, path: '/unknown.data' }).cacheControl).toBe('no-store')
  // Nothing in the table: a handler that chose its own header keeps it.
  expect(
    cacheControlFor({ ...anonymous, path: '/feed.xml', ownCacheControl: 'public, max-age=60' })
      .cacheControl,
  ).toBe('public, max-age=60')
})

test('photos and assets keep their own immutable caching, even for a signed-in browser', () => {
  const immutable = 'public, max-age=31536000, immutable'
  for (const path of ['/media/gallery/1_cake-400w.avif', '/assets/root-abc123.js']) {
    for (const status of [200, 304]) {
      expect(
        cacheControlFor({
          ...anonymous,
          path,
          status,
          hasSession: true,
          ownCacheControl: immutable,
        }),
      ).toEqual({ cacheControl: immutable, varyCookie: false })
    }
    expect(cacheControlFor({ ...anonymous, path, status: 404 }).cacheControl).toBe('no-store')
    expect(cacheControlFor({ ...anonymous, path, method: 'POST' }).cacheControl).toBe(
      'private, no-store',
    )
  }
  expect(
    cacheControlFor({ ...anonymous, path: '/robots.txt', ownCacheControl: 'no-cache' })
      .cacheControl,
  ).toBe('public, max-age=3600')
})

async function startApp(configure: (app: express.Express) => void) {
  const app = express()
  app.use(cachePolicy({ hasSession: (cookie) => cookie?.includes('session_token') ?? false }))
  configure(app)
  const server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() }
}

test('the middleware sets the header as the response goes out, adds Cookie to Vary, and sees mounted paths whole', async () => {
  const app = await startApp((app) => {
    app.get('/about', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=86400')
      res.vary('Accept-Encoding')
      res.send('about')
    })
    app.get('/gallery', (_req, res) => {
      res.cookie('visited', '1')
      res.send('gallery')
    })
    app.get('/contact', (_req, res) => {
      res.status(500).send('broken')
    })
    app.use('/media', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      res.send('photo')
    })
  })
  try {
    const about = await fetch(`${app.base}/about`)
    expect(about.headers.get('cache-control')).toBe(CACHE_CONTROL.page)
    expect(about.headers.get('vary')).toBe('Accept-Encoding, Cookie')

    const signedIn = await fetch(`${app.base}/about`, {
      headers: { cookie: 'bakery.session_token=abc' },
    })
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(signedIn.headers.get('vary')).toBe('Accept-Encoding')

    const settingCookie = await fetch(`${app.base}/gallery`)
    expect(settingCookie.headers.get('cache-control')).toBe('private, no-store')

    const failed = await fetch(`${app.base}/contact`)
    expect(failed.status).toBe(500)
    expect(failed.headers.get('cache-control')).toBe('no-store')

    const photo = await fetch(`${app.base}/media/gallery/1.jpg`, {
      headers: { cookie: '__Secure-bakery.session_token=abc' },
    })
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  } finally {
    app.close()
  }
})

test('open days are kept by a CDN for seconds only; a customer’s private request page never', () => {
  expect(cacheControlFor({ ...anonymous, path: '/api/availability' })).toEqual({
    cacheControl: 'public, max-age=0, s-maxage=10, stale-while-revalidate=10',
    varyCookie: true,
  })
  for (const path of ['/requests/abc123', '/Requests/abc123', '/requests/abc123.data']) {
    expect(cacheControlFor({ ...anonymous, path }), path).toEqual({
      cacheControl: 'private, no-store',
      varyCookie: false,
    })
  }
})

test("the owner's app's service worker and manifest are checked again on every use, signed in or not; her pages stay private", () => {
  for (const path of ['/admin/sw.js', '/admin/manifest.webmanifest']) {
    for (const hasSession of [false, true]) {
      expect(cacheControlFor({ ...anonymous, path, hasSession }), path).toEqual({
        cacheControl: 'no-cache',
        varyCookie: false,
      })
    }
    // A write or a failure there is kept by nobody.
    expect(cacheControlFor({ ...anonymous, method: 'POST', path }).cacheControl).toBe(
      CACHE_CONTROL.private,
    )
    expect(cacheControlFor({ ...anonymous, path, status: 500 }).cacheControl).toBe(
      CACHE_CONTROL.private,
    )
  }
  expect(cacheControlFor({ ...anonymous, path: '/admin/sw.json' }).cacheControl).toBe(
    CACHE_CONTROL.private,
  )
})
