import { randomBytes } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'

/**
 * Browser features the site never uses, refused to the page and to anything
 * embedded in it. (Chromium warns about names it does not know, such as the
 * retired `interest-cohort`, so only current ones are listed;
 * `browsing-topics` is its successor.)
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/**
 * Helmet's headers with an enforced Content-Security-Policy, and the
 * Permissions-Policy above. Every response gets a fresh nonce in
 * res.locals.cspNonce; React Router stamps it on the inline scripts it
 * renders, so no other inline script can run.
 */
export function securityHeaders({
  dev,
  https,
  mediaPublicUrl,
  cardCheckoutOrigin,
}: {
  /**
   * Where "Pay the deposit now" sends the customer (Stripe's hosted page):
   * a form post may end there, by its redirect. Unset: card payments are off.
   */
  cardCheckoutOrigin?: string
  dev: boolean
  /** Whether the public site (SITE_URL) is served over https. */
  https: boolean
  /** MEDIA_PUBLIC_URL: photos load from that origin too, and from no other. */
  mediaPublicUrl?: string
}): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    next()
  }
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(cardCheckoutOrigin ? [cardCheckoutOrigin] : [])],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${String((res as Response).locals.cspNonce)}'`,
          "'strict-dynamic'",
        ],
        // React renders style attributes (progress bars, placeholders); no
        // script can hide in them, so inline styles stay allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(mediaPublicUrl ? [new URL(mediaPublicUrl).origin] : []),
        ],
        fontSrc: ["'self'"],
        // The owner's app: its service worker (/admin/sw.js) and manifest.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Vite's hot reload talks over a websocket in development.
        connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // Cross-origin isolation would block nothing we load and break nothing we
    // serve, but the embedder policy stops browsers showing images in previews.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  // A customer's private page (/requests/<token>) has its secret in its
  // address: a link followed from it sends no referrer at all, not even the
  // origin. Set here, in place of helmet's, so the response carries one policy.
  const privatePages: RequestHandler = (req, res, next) => {
    if (PRIVATE_PAGE_PATH.test(req.path)) res.setHeader('Referrer-Policy', 'no-referrer')
    next()
  }
  return [nonce, headers, privatePages]
}

/** The customer's private request pages and their data requests. */
export const PRIVATE_PAGE_PATH = /^\/requests(?:[/.]|$)/i

/**
 * A response's policy for a stored page (server/page-cache.ts): the page's
 * inline scripts are allowed by their hashes instead of this response's
 * nonce, which the stored page does not carry. Everything else stays as
 * made for this response; 'strict-dynamic' still lets those scripts load
 * the build's modules, and nothing else.
 */
export function withScriptHashes(policy: string, nonce: string, hashes: readonly string[]): string {
  const sources = hashes.map((hash) => `'${hash}'`).join(' ')
  return policy.replace(`'nonce-${nonce}'`, sources)
}
