import type { RequestHandler } from 'express'

/**
 * Who may keep a response, and for how long: the one table for every
 * response the app answers (docs/decisions/017-cdn-caching.md). Shared caches
 * (a CDN) may keep anonymous public pages for a short while; browsers always
 * ask again (`max-age=0`), which a CDN answers without reaching us.
 */
export const CACHE_CONTROL = {
  /**
   * Home, About, Order Now, Contact, the FAQ and the policies: the owner's words in
   * them change from Settings, and the origin follows at once (page version); a CDN
   * may show the last version for up to this long.
   */
  page: 'public, max-age=0, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400',
  /** The gallery (page and API) changes whenever the owner uploads or deletes a photo. */
  gallery: 'public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400',
  /**
   * Open days change with every send: a CDN keeps them a few seconds, enough
   * to absorb a rush; the server checks the day again when orders are sent.
   */
  availability: 'public, max-age=0, s-maxage=10, stale-while-revalidate=10',
  /**
   * robots.txt depends only on SITE_URL; sitemap.xml also lists the drops to
   * come, which a crawler learns of within the hour.
   */
  crawlers: 'public, max-age=3600',
  /** Admin pages, writes and anything sent to a signed-in browser. */
  private: 'private, no-store',
  /**
   * The owner's app's service worker and manifest: the same for everyone, and
   * checked again on every use, so a new version reaches her phone at once.
   */
  ownerApp: 'no-cache',
  /** Errors, health checks and anything not listed: nobody keeps it. */
  none: 'no-store',
} as const

/** The owner's app's files (docs/decisions/053): open, and the same for every visitor. */
const OWNER_APP_FILES = new Set(['/admin/sw.js', '/admin/manifest.webmanifest'])

const PAGES: Record<string, string> = {
  '/': CACHE_CONTROL.page,
  '/about': CACHE_CONTROL.page,
  '/ordernow': CACHE_CONTROL.page,
  '/contact': CACHE_CONTROL.page,
  '/faq': CACHE_CONTROL.page,
  '/policies': CACHE_CONTROL.page,
  '/gallery': CACHE_CONTROL.gallery,
}

export interface CacheRequest {
  method: string
  /** The path without its query string; a query is part of a cache's key, never of this choice. */
  path: string
  /** Whether the request carries a session cookie, valid or not. */
  hasSession: boolean
  status: number
  /** Whether the response sets a cookie: such a response is for one browser only. */
  setsCookie?: boolean
  /** The Cache-Control the handler set itself, kept where the table leaves it to the handler. */
  ownCacheControl?: string
}

export interface CachePolicy {
  cacheControl: string
  /** Whether shared caches must key the response by the Cookie header as well as the URL. */
  varyCookie: boolean
}

/**
 * The Cache-Control (and whether it varies by cookie) for one response.
 * Private rules come first, so nothing below them can make a signed-in or
 * admin response public.
 */
export function cacheControlFor({
  method,
  path,
  hasSession,
  status,
  setsCookie = false,
  ownCacheControl,
}: CacheRequest): CachePolicy {
  const keep = (cacheControl: string, varyCookie = false) => ({ cacheControl, varyCookie })
  const lower = path.toLowerCase()
  if (!['GET', 'HEAD'].includes(method.toUpperCase())) return keep(CACHE_CONTROL.private)
  // Photos and hashed assets are the same bytes for everyone, signed in or
  // not (the owner's browser sends its cookie with them too): their own
  // year-long immutable caching stands.
  if (/^\/(?:media|assets)\//.test(lower) && ownCacheControl) return keep(ownCacheControl)
  if (OWNER_APP_FILES.has(lower) && status === 200) return keep(CACHE_CONTROL.ownerApp)
  // Customers' inspiration photos are uploaded here and never read back
  // publicly; a customer's status page, and a hold's page, are for the
  // holder of its link alone.
  if (
    /^\/(?:admin|requests)(?:[/.]|$)/.test(lower) ||
    /^\/drops\/[^/]+\/hold(?:[/.]|$)/.test(lower) ||
    /^\/api\/inspiration-photos(?:\/|$)/.test(lower)
  ) {
    return keep(CACHE_CONTROL.private)
  }
  if (hasSession || setsCookie) {
    return keep(CACHE_CONTROL.private)
  }
  // A 304 answers for the 200 it stands in for; anything else (redirects,
  // React Router's 202 for a redirect in a .data request, 4xx, 5xx) is
  // never kept, so a passing error is not served on after it is gone.
  if (status !== 200 && status !== 304) return keep(CACHE_CONTROL.none)

  const page = pageCacheControl(lower)
  if (page) return keep(page, true)
  if (/^\/api\/gallery(?:\/[^/]+)?\/?$/.test(lower)) return keep(CACHE_CONTROL.gallery, true)
  if (lower === '/api/availability') return keep(CACHE_CONTROL.availability, true)
  if (lower === '/robots.txt' || lower === '/sitemap.xml') return keep(CACHE_CONTROL.crawlers)
  if (lower === '/healthz') return keep(CACHE_CONTROL.none)
  return keep(ownCacheControl ?? CACHE_CONTROL.none)
}

/** A public page, by its path or its React Router data path (`/about.data`, `/_root.data` for home). */
function pageCacheControl(path: string): string | undefined {
  const page = path === '/_root.data' ? '/' : path.replace(/\.data$/, '').replace(/(.)\/$/, '$1')
  return PAGES[page]
}

/**
 * Sets each response's Cache-Control (and `Vary: Cookie` on what a CDN may
 * keep) as its headers go out, when its status is known, so a handler's own
 * header cannot loosen it.
 */
export function cachePolicy({
  hasSession,
}: {
  hasSession: (cookieHeader: string | undefined) => boolean
}): RequestHandler {
  return (req, res, next) => {
    // Read now: a mounted handler (such as /media) sees its path shortened.
    const { method, path } = req
    const session = hasSession(req.headers.cookie)
    const writeHead = res.writeHead as (...args: unknown[]) => typeof res
    res.writeHead = ((...args: unknown[]) => {
      const own = res.getHeader('Cache-Control')
      const { cacheControl, varyCookie } = cacheControlFor({
        method,
        path,
        hasSession: session,
        status: typeof args[0] === 'number' ? args[0] : res.statusCode,
        setsCookie: res.getHeader('Set-Cookie') !== undefined,
        ownCacheControl: typeof own === 'string' ? own : undefined,
      })
      res.setHeader('Cache-Control', cacheControl)
      if (varyCookie) res.vary('Cookie')
      return writeHead.apply(res, args)
    }) as typeof res.writeHead
    next()
  }
}
