import type { APIRequestContext, APIResponse } from '@playwright/test'
import { photoJpeg } from '../support/images.ts'
import { startServerProcess } from '../support/server-process.ts'
import { expect, OWNER, publicPages, test, waitForHydration } from './fixtures.ts'

const PAGE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400'
const GALLERY = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400'

/** What a CDN may keep of a response: its Cache-Control, and whether it is keyed by cookie too. */
function cachingOf(response: APIResponse | Response) {
  const headers =
    response instanceof Response
      ? Object.fromEntries(response.headers.entries())
      : response.headers()
  const vary = (headers['vary'] ?? '').split(',').map((name) => name.trim().toLowerCase())
  return {
    cacheControl: headers['cache-control'],
    variesByCookie: vary.includes('cookie'),
    setsCookie: 'set-cookie' in headers,
  }
}

async function signIn(request: APIRequestContext, origin: string) {
  const response = await request.post('/admin/login', { headers: { origin }, form: OWNER })
  expect(response.ok()).toBe(true)
}

test('anonymous visitors get the public pages and their data as a CDN may keep them, keyed by URL and cookie', async ({
  request,
}) => {
  const expected = (path: string) => ({
    cacheControl: /gallery/i.test(path) ? GALLERY : PAGE,
    variesByCookie: true,
    setsCookie: false,
  })
  const paths = [
    ...publicPages.map(({ path }) => path),
    '/About',
    '/ORDERNOW',
    '/Gallery',
    '/gallery?tag=cake',
    '/_root.data',
    '/about.data',
    '/ordernow.data',
    '/gallery.data?tag=cake',
    '/contact.data',
    '/api/gallery',
  ]
  for (const path of paths) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(cachingOf(response), `GET ${path}`).toEqual(expected(path))
    const head = await request.head(path)
    expect(head.status(), path).toBe(200)
    expect(cachingOf(head), `HEAD ${path}`).toEqual(expected(path))
  }

  // Crawlers' files are the same for everyone and change only with SITE_URL.
  for (const path of ['/robots.txt', '/sitemap.xml']) {
    const response = await request.get(path)
    expect(response.headers()['cache-control'], path).toBe('public, max-age=3600')
  }
})

test('error pages, the health check and a missing photo are kept by nobody', async ({
  request,
}) => {
  for (const path of [
    '/no-such-page',
    '/gallery/cakes/1',
    '/no-such-page.data',
    '/api/gallery/999999',
  ]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(cachingOf(response), path).toEqual({
      cacheControl: 'no-store',
      variesByCookie: false,
      setsCookie: false,
    })
  }
  const missingPhoto = await request.get('/media/gallery/none.jpg')
  expect(missingPhoto.status()).toBe(404)
  expect(missingPhoto.headers()['cache-control']).toBe('no-store')
  const health = await request.get('/healthz')
  expect(health.status()).toBe(200)
  expect(health.headers()['cache-control']).toBe('no-store')
})

test('a signed-in owner, the admin pages and every write get private, no-store; the owner never shares the public copy', async ({
  request,
  baseURL,
}) => {
  const privately = { cacheControl: 'private, no-store', variesByCookie: false, setsCookie: false }
  const anonymousWrites = [
    await request.get('/admin/orders'),
    await request.get('/admin/orders.data'),
    await request.post('/api/gallery', { headers: { origin: baseURL! } }),
    await request.delete('/api/gallery/1', { headers: { origin: baseURL! } }),
    await request.post('/contact.data', {
      headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded' },
      data: 'name=',
    }),
  ]
  for (const response of anonymousWrites) {
    expect(response.status(), response.url()).toBeGreaterThanOrEqual(400)
    expect(cachingOf(response), response.url()).toEqual(privately)
  }

  // The same addresses a CDN may keep for visitors: keyed by cookie as well,
  // and the owner's copies are never kept at all.
  const shared = ['/', '/about', '/gallery', '/gallery.data', '/_root.data', '/ordernow.data']
  for (const path of [...shared, '/api/gallery']) {
    const response = await request.get(path)
    expect(cachingOf(response).cacheControl, path).toMatch(/^public, max-age=0, s-maxage=/)
    expect(cachingOf(response).variesByCookie, path).toBe(true)
  }
  await signIn(request, baseURL!)
  for (const path of [
    ...shared,
    '/admin/orders',
    '/admin/orders.data',
    '/api/gallery',
    '/robots.txt',
    '/no-such-page',
  ]) {
    const response = await request.get(path)
    expect(cachingOf(response).cacheControl, path).toBe('private, no-store')
    expect(cachingOf(response).variesByCookie, path).toBe(false)
  }
  const upload = await request.post('/api/gallery', {
    headers: { origin: baseURL! },
    multipart: { tags: 'cake' },
  })
  expect(upload.status()).toBe(400)
  expect(cachingOf(upload).cacheControl).toBe('private, no-store')
})

test('a public page’s CSP nonce is on every script in it, so a cached copy works for every visitor who gets it', async ({
  page,
  request,
}) => {
  const nonceOf = (response: APIResponse) =>
    /script-src [^;]*'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
  for (const path of ['/', '/gallery']) {
    const response = await request.get(path)
    expect(cachingOf(response).cacheControl, path).toMatch(/^public, /)
    const nonce = nonceOf(response)
    expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const html = await response.text()
    // Structured data (application/ld+json) is never run, so the policy does not apply to it.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
      (script) => !script.includes('application/ld+json'),
    )
    expect(scripts.length, path).toBeGreaterThan(1)
    for (const script of scripts) expect(script, path).toContain(` nonce="${nonce}"`)
    // The origin keeps nothing: each response it makes has a nonce of its own.
    expect(nonceOf(await request.get(path)), path).not.toBe(nonce)
  }

  // Two visitors given one stored copy of the page, as a CDN would serve it:
  // its scripts run under its own header, and nothing is refused.
  const stored = await request.get('/ordernow')
  const body = await stored.body()
  await page.addInitScript(() => {
    const refused: string[] = []
    Object.assign(window, { refused })
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(event.violatedDirective),
    )
  })
  await page.route(/\/ordernow$/, (route) =>
    route.fulfill({ status: 200, headers: stored.headers(), body }),
  )
  for (let visit = 0; visit < 2; visit++) {
    await page.goto('/ordernow')
    await waitForHydration(page)
    await expect.poll(() => page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual(
      [],
    )
  }
})

test('after an upload or a delete the origin serves the changed gallery at once, with the gallery’s short CDN lifetime', async () => {
  const port = Number(process.env.E2E_PORT ?? 3210) + 41
  const base = `http://localhost:${port}`
  const server = startServerProcess({
    PORT: String(port),
    SITE_URL: base,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SEED_DEMO: 'false',
  })
  try {
    await server.ready()
    const anonymousGallery = async () => {
      const [page, data, api] = await Promise.all(
        ['/gallery', '/gallery.data', '/api/gallery'].map((path) => fetch(`${base}${path}`)),
      )
      for (const response of [page!, data!, api!]) {
        expect(response.status, response.url).toBe(200)
        expect(cachingOf(response), response.url).toEqual({
          cacheControl: GALLERY,
          variesByCookie: true,
          setsCookie: false,
        })
      }
      return { html: await page!.text(), data: await data!.text(), api: await api!.text() }
    }
    const before = await anonymousGallery()
    expect(before.html).toContain('No images in the gallery yet.')

    const signedIn = await fetch(`${base}/admin/login`, {
      method: 'POST',
      headers: { origin: base },
      body: new URLSearchParams(OWNER),
    })
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ')
    const photo = await photoJpeg({ width: 640, height: 480 })
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'fresh-tart.jpg')
    form.append('tags', 'tart')
    form.append('originalSize', String(photo.length))
    const upload = await fetch(`${base}/api/gallery`, {
      method: 'POST',
      headers: { origin: base, cookie },
      body: form,
    })
    expect(upload.status).toBe(201)
    expect(upload.headers.get('cache-control')).toBe('private, no-store')
    const { id, fileName } = (await upload.json()) as { id: number; fileName: string }

    const after = await anonymousGallery()
    expect(after.html).toContain(fileName)
    expect(after.data).toContain(fileName)
    expect(after.api).toContain(fileName)

    const removed = await fetch(`${base}/api/gallery/${id}`, {
      method: 'DELETE',
      headers: { origin: base, cookie },
    })
    expect(removed.ok).toBe(true)
    expect(removed.headers.get('cache-control')).toBe('private, no-store')
    const afterDelete = await anonymousGallery()
    expect(afterDelete.html).not.toContain(fileName)
    expect(afterDelete.api).not.toContain(fileName)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
})
