import type { RequestHandler } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses any state-changing request that a browser says came from another
 * site: the Origin header, when present, must be ours (SITE_URL or the host
 * the request was sent to), and Sec-Fetch-Site must not be cross-site.
 * Requests without either header are not from a browser page, so they
 * cannot carry a visitor's cookies against their will. `Origin: null` is
 * what a browser sends for its own page's form post under
 * `Referrer-Policy: no-referrer` (the customer's private page), but also
 * for a sandboxed frame anywhere: it passes only when Sec-Fetch-Site says
 * the post came from this site, and goes on with our own origin in its
 * place, since React Router refuses an action whose Origin is not the
 * request's own.
 */
export function refuseCrossOriginWrites(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const origin = req.get('origin')
    const ownOrigin = `${req.protocol}://${req.get('host')}`
    const fetchSite = req.get('sec-fetch-site')
    const hiddenOwnOrigin = origin === 'null' && fetchSite === 'same-origin'
    const foreignOrigin =
      origin !== undefined && origin !== siteOrigin && origin !== ownOrigin && !hiddenOwnOrigin
    if (foreignOrigin || fetchSite === 'cross-site') {
      res.status(403).type('text/plain').send('Requests from other sites are not accepted.')
      return
    }
    if (hiddenOwnOrigin) req.headers.origin = ownOrigin
    next()
  }
}
