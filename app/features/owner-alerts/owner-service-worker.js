/*
 * The owner's app's service worker, served at /admin/sw.js with scope /admin
 * (docs/decisions/053-owner-alerts-by-push.md). It does three things:
 * - keeps the last Today page (/admin) that loaded, and the last prep sheet
 *   and shopping list (whatever their days), with their stylesheets and
 *   fonts, and shows each with an "Offline" note when the network fails;
 * - shows the owner's alerts and opens their page when one is tapped;
 * - forgets the saved page when she signs out or her session has ended.
 * It caches nothing else: no other owner page, no customer's page, nothing
 * for a visitor who is not signed in. TIME_ZONE and LOCALE (the bakery's, from Settings) are set above this file when
 * it is served.
 */
/* global TIME_ZONE, LOCALE */
const CACHE = 'owner-today-v1'
const TODAY = '/admin'
// The bake-day sheets, kept by their path: the last days she opened.
const SHEETS = ['/admin/kitchen/prep', '/admin/kitchen/shopping']
const SAVED_AT = 'x-owner-saved-at'
const ASSET = /^\/assets\/[^/]+\.(?:css|woff2)$/

self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Caches of an older version of this worker go.
      for (const name of await caches.keys()) {
        if (name.startsWith('owner-') && name !== CACHE) await caches.delete(name)
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  if (event.data === 'signed-out') event.waitUntil(forget())
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (url.pathname.toLowerCase() === '/admin/logout') {
    event.waitUntil(forget())
    return
  }
  if (request.method !== 'GET') return
  if (request.mode === 'navigate') {
    const kept = keptPathOf(url)
    if (kept) event.respondWith(keptPage(event, kept))
    else if (url.pathname.toLowerCase().startsWith('/admin')) event.respondWith(ownerPage(request))
    return
  }
  if (ASSET.test(url.pathname)) event.respondWith(asset(request))
})

/** The page kept offline that `url` is: Today, or a bake-day sheet whatever its days; or null. */
function keptPathOf(url) {
  const path = url.pathname.toLowerCase().replace(/\/$/, '')
  if (path === TODAY && url.search === '') return TODAY
  return SHEETS.includes(path) ? path : null
}

async function keptPage(event, path) {
  try {
    const response = await fetch(event.request)
    const type = response.headers.get('content-type') ?? ''
    if (response.status === 200 && !response.redirected && type.startsWith('text/html')) {
      event.waitUntil(save(response.clone(), path))
    } else if (response.status === 401 || response.status === 403) {
      // Signed out, or the session ended: nothing of hers stays behind.
      event.waitUntil(forget())
    }
    return response
  } catch (error) {
    const offline = await offlinePage(path)
    if (offline) return offline
    throw error
  }
}

/** Another owner page: from the network, or a short note pointing to the saved Today page. */
async function ownerPage(request) {
  try {
    return await fetch(request)
  } catch (error) {
    const cache = await caches.open(CACHE)
    if (!(await cache.match(TODAY))) throw error
    return htmlResponse(
      `<!doctype html><html lang="${LOCALE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title>${await stylesheetLinks()}</head><body><main id="main" class="page-section"><h1 class="page-heading">You are offline</h1><p class="lede mt-3">This page needs the internet. Today’s bake list is saved on this phone.</p><p class="mt-6"><a class="button-primary" href="${TODAY}">Open Today</a></p></main></body></html>`,
    )
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE)
  const saved = await cache.match(request, { ignoreSearch: true })
  if (saved) return saved
  return fetch(request)
}

/** Keeps the page, and exactly the stylesheets and fonts the kept pages name. */
async function save(response, path) {
  const html = await response.text()
  const cache = await caches.open(CACHE)
  await cache.put(
    path,
    new Response(html, {
      headers: { 'content-type': 'text/html; charset=utf-8', [SAVED_AT]: String(Date.now()) },
    }),
  )
  const wanted = new Set()
  for (const kept of [TODAY, ...SHEETS]) {
    const page = kept === path ? html : await (await cache.match(kept))?.text()
    for (const match of (page ?? '').matchAll(/href="(\/assets\/[^"]+\.(?:css|woff2))"/g)) {
      wanted.add(new URL(match[1], self.location.origin).href)
    }
  }
  for (const href of wanted) {
    if (!(await cache.match(href))) {
      try {
        await cache.add(href)
      } catch {
        // Tried again the next time a kept page loads.
      }
    }
  }
  for (const request of await cache.keys()) {
    const url = new URL(request.url)
    if (ASSET.test(url.pathname) && !wanted.has(url.href)) await cache.delete(request)
  }
}

/**
 * The saved page as it was, with a note saying when, and without its
 * scripts: offline they could not load, and the page reads the same
 * without them.
 */
async function offlinePage(path) {
  const cache = await caches.open(CACHE)
  const saved = await cache.match(path)
  if (!saved) return undefined
  const savedAt = Number(saved.headers.get(SAVED_AT) ?? Date.now())
  const note = `<p class="offline-note" role="status">Offline — showing the page as of ${asOf(savedAt)}</p>`
  const html = (await saved.text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/<main\b[^>]*>/i, (main) => `${main}${note}`)
  return htmlResponse(html)
}

function htmlResponse(html) {
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'self'; form-action 'self'",
      'cache-control': 'no-store',
    },
  })
}

async function stylesheetLinks() {
  const cache = await caches.open(CACHE)
  const links = []
  for (const request of await cache.keys()) {
    const url = new URL(request.url)
    if (url.pathname.endsWith('.css')) links.push(`<link rel="stylesheet" href="${url.pathname}">`)
  }
  return links.join('')
}

/** 14:05 today; Tue, Nov 25, 14:05 on another day: in the bakery's time zone. */
function asOf(ms) {
  const day = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'short' })
  const time = new Intl.DateTimeFormat(LOCALE, {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms)
  if (day.format(ms) === day.format(Date.now())) return time
  const date = new Intl.DateTimeFormat(LOCALE, {
    timeZone: TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(ms)
  return `${date}, ${time}`
}

async function forget() {
  for (const name of await caches.keys()) {
    if (name.startsWith('owner-')) await caches.delete(name)
  }
}

self.addEventListener('push', (event) => {
  let alert = {}
  try {
    alert = event.data ? event.data.json() : {}
  } catch {
    alert = { body: event.data ? event.data.text() : '' }
  }
  const url = typeof alert.url === 'string' && alert.url.startsWith('/admin') ? alert.url : TODAY
  event.waitUntil(
    self.registration.showNotification(typeof alert.title === 'string' ? alert.title : 'Alert', {
      body: typeof alert.body === 'string' ? alert.body : '',
      tag: typeof alert.tag === 'string' ? alert.tag : undefined,
      icon: '/images/owner-app/icon-192.png',
      data: { url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(event.notification.data?.url ?? TODAY, self.location.origin)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const same = windows.find((client) => client.url === target.href)
      if (same) return same.focus()
      const owner = windows.find((client) => new URL(client.url).pathname.startsWith(TODAY))
      if (owner) {
        await owner.focus()
        return owner.navigate(target.href)
      }
      return self.clients.openWindow(target.href)
    })(),
  )
})
