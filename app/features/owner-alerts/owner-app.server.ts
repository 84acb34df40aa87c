import { CREAM } from '#app/content/brand-colors.ts'
import { localSettings } from '#app/utils/local-settings.ts'
import serviceWorkerSource from './owner-service-worker.js?raw'

/** Where the owner's app lives: its pages, manifest and service worker (ARCHITECTURE.md). */
export const OWNER_APP = {
  scope: '/admin',
  manifest: '/admin/manifest.webmanifest',
  serviceWorker: '/admin/sw.js',
} as const

/** The raspberry of app.css's palette: the owner's app's bar and splash accents. */
const RASPBERRY = '#a93443'

/**
 * The owner's pages as an installable app: opens on Today, stays inside
 * /admin, named as she names her bakery in Settings › Your site.
 */
export function ownerManifest(bakeryName: string) {
  return {
    id: OWNER_APP.scope,
    name: bakeryName,
    short_name: bakeryName.replace(/\s+Bakery$/, ''),
    description: `Today’s bakes, requests and alerts for ${bakeryName}.`,
    start_url: OWNER_APP.scope,
    scope: OWNER_APP.scope,
    display: 'standalone',
    theme_color: RASPBERRY,
    background_color: CREAM,
    icons: [
      {
        src: '/images/owner-app/icon-192.png',
        sizes: '192x192',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: '/images/owner-app/icon-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: '/images/owner-app/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  }
}

export function manifestResponse(bakeryName: string): Response {
  return new Response(JSON.stringify(ownerManifest(bakeryName)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  })
}

/**
 * The service worker's script, with the bakery's time zone and locale (Settings) for its
 * "Offline — as of 14:05" note. Served with scope /admin (one level up from
 * its own folder, /admin/, so that Today itself, /admin, is inside it), and
 * `no-cache` so a browser always checks for a new version.
 */
export function serviceWorkerResponse(): Response {
  const { timeZone, locale } = localSettings()
  return new Response(
    `const TIME_ZONE = ${JSON.stringify(timeZone)}\nconst LOCALE = ${JSON.stringify(locale)}\n${serviceWorkerSource}`,
    {
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Service-Worker-Allowed': OWNER_APP.scope,
        'Cache-Control': 'no-cache',
      },
    },
  )
}
