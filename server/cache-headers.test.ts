/**
 * Who may keep each answer, as a CDN reads it: public pages for minutes,
 * keyed by URL and cookie; errors by nobody; the owner's and every write
 * privately, never. The whole app in this process, asked over HTTP.
 */
import { expect, test } from 'vitest'
import { startAppInProcess } from '#tests/support/app-in-process.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { publicPages } from '#tests/support/public-pages.ts'
import { visitor } from '#tests/support/visitor.ts'

const PAGE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400'
const GALLERY = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400'
const OWNER = { email: 'owner@butterandbloom.test', password: 'correct horse battery staple' }

/** What a CDN may keep of a response: its Cache-Control, and whether it is keyed by cookie too. */
function cachingOf(response: Response) {
  const vary = (response.headers.get('vary') ?? '').split(',').map((name) => name.trim())
  return {
    cacheControl: response.headers.get('cache-control') ?? undefined,
    variesByCookie: vary.map((name) => name.toLowerCase()).includes('cookie'),
    setsCookie: response.headers.has('set-cookie'),
  }
}

/** A visitor to the site with its owner's account, as the server starts it. */
async function startSite() {
  const app = await startAppInProcess({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
  return visitor(app.siteUrl)
}

async function signIn(request: ReturnType<typeof visitor>) {
  const response = await request.fetch('/admin/login', {
    method: 'POST',
    headers: { origin: request.siteUrl },
    form: OWNER,
  })
  expect(response.ok).toBe(true)
}

test('anonymous visitors get the public pages and their data as a CDN may keep them, keyed by URL and cookie', async () => {
  const request = await startSite()
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
    const response = await request.fetch(path)
    await response.arrayBuffer()
    expect(response.status, path).toBe(200)
    expect(cachingOf(response), `GET ${path}`).toEqual(expected(path))
    const head = await request.fetch(path, { method: 'HEAD' })
    expect(head.status, path).toBe(200)
    expect(cachingOf(head), `HEAD ${path}`).toEqual(expected(path))
  }

  // Crawlers' files are the same for everyone and change only with SITE_URL.
  for (const path of ['/robots.txt', '/sitemap.xml']) {
    const response = await request.fetch(path)
    await response.arrayBuffer()
    expect(response.headers.get('cache-control'), path).toBe('public, max-age=3600')
  }
  // The file's first test: the app's modules load for its first requests.
}, 60_000)

test('error pages, the health check and a missing photo are kept by nobody', async () => {
  const request = await startSite()
  for (const path of [
    '/no-such-page',
    '/gallery/cakes/1',
    '/no-such-page.data',
    '/api/gallery/999999',
  ]) {
    const response = await request.fetch(path)
    await response.arrayBuffer()
    expect(response.status, path).toBe(404)
    expect(cachingOf(response), path).toEqual({
      cacheControl: 'no-store',
      variesByCookie: false,
      setsCookie: false,
    })
  }
  const missingPhoto = await request.fetch('/media/gallery/none.jpg')
  expect(missingPhoto.status).toBe(404)
  expect(missingPhoto.headers.get('cache-control')).toBe('no-store')
  const health = await request.fetch('/healthz')
  expect(health.status).toBe(200)
  expect(health.headers.get('cache-control')).toBe('no-store')
})

test('a signed-in owner, the admin pages and every write get private, no-store; the owner never shares the public copy', async () => {
  const request = await startSite()
  const origin = request.siteUrl
  const privately = { cacheControl: 'private, no-store', variesByCookie: false, setsCookie: false }
  const anonymousWrites = [
    await request.fetch('/admin/orders'),
    await request.fetch('/admin/orders.data'),
    await request.fetch('/api/gallery', { method: 'POST', headers: { origin } }),
    await request.fetch('/api/gallery/1', { method: 'DELETE', headers: { origin } }),
    await request.fetch('/contact.data', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=',
    }),
  ]
  for (const response of anonymousWrites) {
    await response.arrayBuffer()
    expect(response.status, response.url).toBeGreaterThanOrEqual(400)
    expect(cachingOf(response), response.url).toEqual(privately)
  }

  // The same addresses a CDN may keep for visitors: keyed by cookie as well,
  // and the owner's copies are never kept at all.
  const shared = ['/', '/about', '/gallery', '/gallery.data', '/_root.data', '/ordernow.data']
  for (const path of [...shared, '/api/gallery']) {
    const response = await request.fetch(path)
    await response.arrayBuffer()
    expect(cachingOf(response).cacheControl, path).toMatch(/^public, max-age=0, s-maxage=/)
    expect(cachingOf(response).variesByCookie, path).toBe(true)
  }
  await signIn(request)
  for (const path of [
    ...shared,
    '/admin/orders',
    '/admin/orders.data',
    '/api/gallery',
    '/robots.txt',
    '/no-such-page',
  ]) {
    const response = await request.fetch(path)
    await response.arrayBuffer()
    expect(cachingOf(response).cacheControl, path).toBe('private, no-store')
    expect(cachingOf(response).variesByCookie, path).toBe(false)
  }
  const form = new FormData()
  form.append('tags', 'cake')
  const upload = await request.fetch('/api/gallery', {
    method: 'POST',
    headers: { origin },
    body: form,
  })
  expect(upload.status).toBe(400)
  expect(cachingOf(upload).cacheControl).toBe('private, no-store')
})

test('after an upload or a delete the origin serves the changed gallery at once, with the gallery’s short CDN lifetime', async () => {
  const request = await startSite()
  const anonymous = visitor(request.siteUrl)
  const anonymousGallery = async () => {
    const [page, data, api] = await Promise.all(
      ['/gallery', '/gallery.data', '/api/gallery'].map((path) => anonymous.fetch(path)),
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

  await signIn(request)
  const origin = request.siteUrl
  const photo = await photoJpeg({ width: 640, height: 480 })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'fresh-tart.jpg')
  form.append('tags', 'tart')
  form.append('alt', 'A fresh fruit tart')
  form.append('originalSize', String(photo.length))
  const upload = await request.fetch('/api/gallery', {
    method: 'POST',
    headers: { origin },
    body: form,
  })
  expect(upload.status).toBe(201)
  expect(upload.headers.get('cache-control')).toBe('private, no-store')
  const { id, fileName } = (await upload.json()) as { id: number; fileName: string }

  const after = await anonymousGallery()
  expect(after.html).toContain(fileName)
  expect(after.data).toContain(fileName)
  expect(after.api).toContain(fileName)

  const removed = await request.fetch(`/api/gallery/${id}`, {
    method: 'DELETE',
    headers: { origin },
  })
  expect(removed.ok).toBe(true)
  expect(removed.headers.get('cache-control')).toBe('private, no-store')
  const afterDelete = await anonymousGallery()
  expect(afterDelete.html).not.toContain(fileName)
  expect(afterDelete.api).not.toContain(fileName)
})
