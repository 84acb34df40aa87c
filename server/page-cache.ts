import type { RequestHandler } from 'express'
import { coalesceReads } from './coalesce-reads.ts'
import { pageCacheKey } from './page-cache-key.ts'
import { createRenders } from './page-renders.ts'
import { createPageStore } from './page-store.ts'
import { serveStoredPage } from './stored-page.ts'

/**
 * A server-side cache of the anonymous public pages (docs/decisions/024).
 *
 * Rendering a page costs a few milliseconds of CPU; serving stored bytes
 * costs a few microseconds. Every anonymous visitor gets the same page, so
 * the first render is kept and served again, until one of three things says
 * it may be out of date:
 *
 * - the page version (`readVersion`, one primary-key read per request) is
 *   no longer the one read before the page was rendered: database triggers
 *   replace it on every write to what the pages show, whichever instance
 *   made it, so a change is seen at once by every instance;
 * - the day (`dayOf`) has moved on: /ordernow renders the bakery's today;
 * - it is older than `maxAgeMs`, a backstop for anything neither covers
 *   (a gallery shown empty because its query failed once).
 *
 * A stored page carries no CSP nonce: its inline scripts are allowed by
 * their sha256 hashes, computed once when it is stored, so its bytes are the
 * same for everyone and are kept compressed (brotli and gzip) once, instead
 * of compressed again for each response. Each response still gets the CSP
 * header made for it, with the hashes in place of its nonce.
 *
 * Nothing that changes behaviour lives here alone: the version is in the
 * database, so a cache that is empty, full or missing only costs renders.
 */

export interface PageCacheOptions {
  /** The current page version; throws when the database cannot say (nothing is served or kept then). */
  readVersion: () => Promise<string>
  /** The day a page rendered at `now` (epoch ms) belongs to. */
  dayOf: (now: number) => string
  /** Whether a Cookie header carries a session: such requests are never served from, or stored in, the cache. */
  hasSession: (cookieHeader: string | undefined) => boolean
  now?: () => number
  /** At most this many pages; the least recently served go first. */
  maxEntries?: number
  /** At most this many bytes of stored pages (all encodings together). */
  maxBytes?: number
  maxAgeMs?: number
}

export interface PageCache {
  handler: RequestHandler
  /** How many pages are stored and their bytes: for tests and for watching memory. */
  size(): { entries: number; bytes: number }
  clear(): void
}

export function createPageCache({
  readVersion: readVersionEachTime,
  dayOf,
  hasSession,
  now = Date.now,
  maxEntries = 200,
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 10 * 60_000,
}: PageCacheOptions): PageCache {
  const readVersion = coalesceReads(readVersionEachTime)
  const pages = createPageStore(maxEntries, maxBytes)
  const renders = createRenders(pages.store)

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (hasSession(req.headers.cookie)) return next()
    const search = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
      : ''
    const key = pageCacheKey(req.path, search)
    if (key === null) return next()
    const startedAt = now()
    const day = dayOf(startedAt)
    readVersion().then(
      (version) => {
        const entry = pages.get(key)
        if (
          entry &&
          entry.version === version &&
          entry.day === day &&
          startedAt - entry.storedAt < maxAgeMs
        ) {
          // Most recently served last, so eviction takes the coldest page.
          pages.touch(key, entry)
          serveStoredPage(req, res, entry)
          return
        }
        if (entry) pages.remove(key)
        // A render under way for what this request read is as fresh as one
        // of its own: any write committed before this request arrived would
        // have changed the version it read.
        const underWay = renders.underWay(key, version, day)
        if (underWay) {
          underWay.then((rendered) => (rendered ? serveStoredPage(req, res, rendered) : next()))
          return
        }
        // Rendered as before; a GET's page is kept under the version and day
        // read before its data was, so a write landing during the render
        // leaves a page that is never served.
        if (req.method === 'GET') renders.renderAndKeep(key, res, version, day, startedAt)
        next()
      },
      // The database did not answer: render as before, which reports it.
      () => next(),
    )
  }

  return { handler, size: pages.size, clear: pages.clear }
}
