/**
 * A site with a page cache, for the page cache's tests: the server's own
 * middleware in its order over a real database, with pages that read what the
 * real pages read, a clock the test sets and a count of renders; and the
 * database it starts from, the menu seeded.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { onTestFinished } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { hasSessionCookie } from '#app/features/auth/session.server.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { listGalleryPage } from '#app/features/gallery/gallery.server.ts'
import { listActiveProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { cachePolicy } from '#server/cache-policy.ts'
import { createPageCache, type PageCacheOptions } from '#server/page-cache.ts'
import { securityHeaders } from '#server/security-headers.ts'
import { openTestDatabase } from './database.ts'

/**
 * The site's own middleware in the server's order (compression, helmet's CSP
 * with a nonce, the cache policy, the page cache) over a real database. The
 * pages stand in for React Router's render: each reads what the real page
 * reads, through the same feature functions, and writes it into inline
 * scripts stamped with the response's nonce, as React Router does.
 */
export async function startSite(
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

/** A test database with the menu seeded, as the pages read it. */
export async function seededDatabase() {
  const opened = await openTestDatabase()
  await seedMenu(opened.db)
  return opened
}
