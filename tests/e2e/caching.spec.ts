import { createHash } from 'node:crypto'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { photoJpeg } from '#tests/support/images.ts'
import { startServerProcess } from '#tests/support/server-process.ts'
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

test('every response’s CSP allows exactly the inline scripts in its own body, rendered or served from the page cache', async ({
  request,
}) => {
  for (const path of ['/', '/gallery', '/ordernow', '/gallery?tag=cake']) {
    // The first may be rendered; the next ones come from the server's page cache.
    const seen = new Set<string>()
    // A page is stored once it has been compressed, a moment after its first response.
    for (let visit = 0; visit < 20 && !(seen.has('hashes') && visit >= 3); visit++) {
      if (visit > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(cachingOf(response).cacheControl, path).toMatch(/^public, /)
      const policy = response.headers()['content-security-policy'] ?? ''
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []
      const html = await response.text()
      // JSON data blocks (structured data, the page's words) are never run, so the policy
      // does not apply to them.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/application\/(ld\+)?json/.test(attributes!),
      )
      expect(scripts.length, path).toBeGreaterThan(1)
      expect(scriptSrc[0]).toBe("'self'")
      expect(scriptSrc.at(-1)).toBe("'strict-dynamic'")
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
      if (nonce) {
        // Rendered for this response: its fresh nonce on every script, and nothing else allowed.
        expect(scriptSrc, path).toHaveLength(3)
        for (const [tag] of scripts) expect(tag, path).toContain(` nonce="${nonce}"`)
        seen.add('nonce')
      } else {
        // Stored: no nonce in the body, and exactly the hashes of its inline scripts.
        expect(html).not.toMatch(/nonce="[^"]/)
        const hashes = scripts.map(
          ([, , content]) => `'sha256-${createHash('sha256').update(content!).digest('base64')}'`,
        )
        expect(scriptSrc.slice(1, -1).sort(), path).toEqual([...new Set(hashes)].sort())
        seen.add('hashes')
      }
    }
    expect(seen.has('hashes'), `${path} was served from the page cache`).toBe(true)
  }
})

test('the plain public pages render the same whatever their query string, so the page cache keeps one copy of each', async ({
  request,
}) => {
  // A (bogus) session cookie makes the server render each of these afresh.
  // (Contact is not among them: its form posts back to its own address, query
  // included, so the cache keeps only its bare page.)
  const rendered = async (path: string) => {
    const response = await request.get(path, {
      headers: { cookie: 'bakery.session_token=not-a-session' },
    })
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-security-policy']).toMatch(/'nonce-/)
    return (await response.text()).replace(/ nonce="[^"]+"/g, '')
  }
  for (const path of ['/', '/about', '/ordernow']) {
    expect(await rendered(`${path}?utm_source=newsletter&fbclid=abc`), path).toBe(
      await rendered(path),
    )
  }
  // The order form renders the treat a link chose, and only that: the cache keeps one page per treat.
  expect(await rendered('/ordernow?product=Cakes&utm_source=newsletter')).toBe(
    await rendered('/ordernow?product=Cakes'),
  )
  expect(await rendered('/ordernow?product=Cakes')).not.toBe(await rendered('/ordernow'))
})

test('a page served from the page cache hydrates and works on its second load, with no CSP refusal', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const refused: string[] = []
    Object.assign(window, { refused })
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  for (const path of ['/ordernow', '/gallery']) {
    for (let visit = 0; visit < 3; visit++) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await waitForHydration(page)
      await expect.poll(() => page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true)
      expect(
        await page.evaluate(() => (window as unknown as { refused: string[] }).refused),
      ).toEqual([])
    }
    // The last load came from the cache: its policy names hashes, not a nonce.
    const policy = (await page.request.get(path)).headers()['content-security-policy']
    expect(policy).toMatch(/'sha256-/)
  }
  // Hydrated, the page's own scripts work: a client-side navigation and the cart.
  await page.getByRole('navigation').getByRole('link', { name: 'Order Now' }).first().click()
  await expect(page).toHaveURL(/\/ordernow$/)
  await expect(page.getByRole('heading', { name: 'Place a Custom Order' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual(
    [],
  )
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
    form.append('alt', 'A fresh fruit tart')
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
