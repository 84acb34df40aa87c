/**
 * The bakery's HTTP application: everything that needs the app's own modules
 * (database, env, routes). Vite bundles it as the server build's entry, so it
 * shares one copy of each module with the routes. server/main.ts owns the
 * process around it: static files, compression, logging, listen and shutdown.
 */
import { randomUUID } from 'node:crypto'
import { createRequestHandler } from '@react-router/express'
import express, { type RequestHandler } from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { getEnv, textKeysOf, type Env } from '#app/config/env.server.ts'
import { type Db, closeDatabase, getDb, isDatabaseHealthy, setDatabase } from '#app/db/db.server.ts'
import { pruneExpiredLeases } from '#app/db/lease.server.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { ensureAdmin } from '#app/features/auth/admins.server.ts'
import { getAuth, setAuth } from '#app/features/auth/auth.server.ts'
import { openStores } from '#app/features/auth/open-stores.server.ts'
import { adminContext } from '#app/features/auth/require-admin.server.ts'
import { type Admin, hasSessionCookie, resolveAdmin } from '#app/features/auth/session.server.ts'
import { renderStoredPolicies } from '#app/features/availability/order-policies.server.ts'
import { renderStoredAcceptedPolicies } from '#app/features/customer-page/request-status.server.ts'
import { seedDemoGallery } from '#app/features/gallery/demo-seed.server.ts'
import { setMediaPublicUrl } from '#app/features/gallery/gallery.server.ts'
import {
  type DeliveryWorker,
  setDeliveryWorker,
  startDeliveryWorker,
} from '#app/features/mail/delivery-worker.server.ts'
import { createTransportFromEnv } from '#app/features/mail/transports/select-transport.server.ts'
import type { MailTransport } from '#app/features/mail/transports/transport.ts'
import { MEDIA_URL_PATH, type MediaStore } from '#app/features/media/media-store.server.ts'
import {
  getMediaStore,
  openMediaStore,
  setMediaStore,
} from '#app/features/media/open-media-store.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { type PushWorker, startPushWorker } from '#app/features/owner-alerts/push-sender.server.ts'
import {
  kickPushWorker,
  setPushWorker,
} from '#app/features/owner-alerts/push-worker-handle.server.ts'
import {
  readLocalSettings,
  readSiteSection,
  renderStoredFaq,
  seedSiteContent,
} from '#app/features/site-content/site-content.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import { clientIpContext, cspNonceContext } from '#app/utils/request-context.ts'
import { cachePolicy } from './cache-policy.ts'
import { bakeryMailAddresses } from './mail-addresses.ts'
import { INSPIRATION_SWEEP_EVERY_MS, inspirationSweep, sweepStrayUploads } from './media-sweeps.ts'
import { serveMedia } from './media.ts'
import { QUOTE_EXPIRY_EVERY_MS, clockworkPass } from './order-clockwork.ts'
import { createPageCache } from './page-cache.ts'
import { refuseCrossOriginWrites } from './same-origin.ts'
import { type TextClock, startTextClock } from './text-clock.ts'
import { WAITLIST_EVERY_MS, waitlistPass } from './waitlist-offers.ts'

export { EnvError } from '#app/config/env.server.ts'
export { securityHeaders } from './security-headers.ts'
export { redactSecrets } from './log-redaction.ts'
export { readOffUnreadBodies } from './unread-body.ts'

/** The owner's view of a customer's photo, and the customer's through their request link. */
const PRIVATE_PHOTO_PATHS = ['/admin/photos', '/requests/:token/photos']

let deliveryWorker: DeliveryWorker | undefined
let pushWorker: PushWorker | undefined
let textClock: TextClock | undefined
let inspirationSweeps: NodeJS.Timeout | undefined
let quoteExpiries: NodeJS.Timeout | undefined
let waitlistOffers: NodeJS.Timeout | undefined
let runWaitlist: (() => Promise<void>) | undefined
let runClockwork: (() => Promise<void>) | undefined
let demoSeeding: Promise<unknown> | undefined
const stopSeeding = new AbortController()

/**
 * Validates the environment and the mail settings, opens and migrates the
 * database, and starts delivering queued mail (including any a previous
 * process left behind). Throws EnvError on bad configuration.
 */
export async function startServices(): Promise<Env> {
  const env = getEnv()
  const { transport, store, db } = await openBootStores(env)
  // This boot, for the leases that let one instance at a time do boot work.
  const holder = `${env.INSTANCE_NAME}:${randomUUID()}`
  await prepareDatabase(db)
  await sweepStrayUploads(db, { store, holder })
  const sweepInspiration = inspirationSweep(db, { store, holder })
  await sweepInspiration()
  // unref: the timer alone never keeps the process alive past a shutdown.
  inspirationSweeps = setInterval(() => void sweepInspiration(), INSPIRATION_SWEEP_EVERY_MS).unref()
  // Started by startSchedule once the server listens: boot never waits for it.
  runClockwork = clockworkPass(db, { holder, env })
  runWaitlist = waitlistPass(db, { holder, siteUrl: env.SITE_URL })
  if (env.SEED_DEMO) demoSeeding = seedDemoInBackground(db, { store, holder })
  await startSenders({ db, env, transport, holder })
  return env
}

/** The mail transport, media store and database, each set for every module; and the first admin. */
async function openBootStores(env: Env) {
  const transport = createTransportFromEnv(env)
  const store = await openMediaStore(env)
  setMediaStore(store)
  setMediaPublicUrl(env.MEDIA_PUBLIC_URL)
  const { db, auth } = await openStores(env)
  setDatabase(db)
  setAuth(auth)
  await ensureAdmin(auth, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    db,
    siteUrl: env.SITE_URL,
  })
  return { transport, store, db }
}

/**
 * Leases left by stopped instances go, an empty menu and site take site.ts's,
 * and markdown stored unrendered is rendered.
 */
async function prepareDatabase(db: Db): Promise<void> {
  await pruneExpiredLeases(db)
  const menuAdded = await seedMenu(db)
  if (menuAdded > 0) console.log(`menu: added ${menuAdded} treats from site.ts to the empty menu`)
  const wordsAdded = await seedSiteContent(db)
  if (wordsAdded > 0) console.log(`site: wrote ${wordsAdded} sections of words from site.ts`)
  // Markdown stored before its rendering was kept beside it (decision 076); the
  // pages show such text as plain paragraphs until this has run once.
  await renderStoredFaq(db)
  await renderStoredPolicies(db)
  await renderStoredAcceptedPolicies(db)
}

/**
 * In the background: the site serves at once and the photos appear as
 * they are made (a few seconds, once per database, by one instance).
 */
function seedDemoInBackground(
  db: Db,
  { store, holder }: { store: MediaStore; holder: string },
): Promise<unknown> {
  return seedDemoGallery(db, {
    store,
    signal: stopSeeding.signal,
    holder,
  })
    .then((added) => {
      if (added > 0) console.log(`media: added ${added} demo photos to the empty gallery`)
    })
    .catch((error: unknown) => console.error('media: could not add the demo photos', error))
}

/** The mail delivery worker, the owner's alerts woken with it, and her texts when she has keys. */
async function startSenders({
  db,
  env,
  transport,
  holder,
}: {
  db: Db
  env: Env
  transport: MailTransport
  holder: string
}): Promise<void> {
  deliveryWorker = startDeliveryWorker({
    db,
    transport,
    retryMinMs: env.MAIL_RETRY_MIN_MS,
    siteUrl: env.SITE_URL,
    // Her bakery's name and email as they stand at each send, not at boot.
    addresses: bakeryMailAddresses(db, env),
    instance: env.INSTANCE_NAME,
  })
  // The owner's alerts go out beside her emails: wherever an owner's email is
  // queued an alert may be too, so a kick for the mail wakes the alerts as well.
  // The push services' contact for the site: the owner's address as the site starts.
  const { email: ownerEmail } = await readSiteSection(db, 'identity')
  if (env.PUSH_ALLOW_LOOPBACK) {
    console.warn('push: PUSH_ALLOW_LOOPBACK is set: alerts may go to this machine (tests only)')
  }
  pushWorker = startPushWorker(db, {
    contact: `mailto:${env.MAIL_TO ?? ownerEmail}`,
    allowLoopback: env.PUSH_ALLOW_LOOPBACK,
  })
  setPushWorker(pushWorker)
  // Texts only with her Twilio keys; without them email alone does their job.
  const textKeys = textKeysOf(env)
  if (textKeys) {
    textClock = startTextClock(db, { keys: textKeys, holder, siteUrl: env.SITE_URL })
    console.log('texts: sending through Twilio')
  }
  const mailWorker = deliveryWorker
  setDeliveryWorker({
    kick() {
      mailWorker.kick()
      kickPushWorker()
    },
    stop: () => mailWorker.stop(),
  })
  console.log(`mail: delivering through ${transport.name}`)
}

/**
 * The order book's clockwork (quote expiry, the digest, reminders): a first
 * run now, then every five minutes. server/main.ts calls it once the server
 * listens and does not wait for it, so however long a run takes on a large
 * book, the site answers from the first moment (docs/decisions/041). Returns
 * the first run, for a caller that wants to know when it is done.
 */
export function startSchedule(): Promise<void> {
  const run = runClockwork
  if (!run || quoteExpiries) return Promise.resolve()
  quoteExpiries = setInterval(() => void run(), QUOTE_EXPIRY_EVERY_MS).unref()
  const offer = runWaitlist
  if (offer) waitlistOffers = setInterval(() => void offer(), WAITLIST_EVERY_MS).unref()
  void textClock?.run()
  return run()
}

/** Lets an email being sent finish, then closes the database. */
export async function stopServices(): Promise<void> {
  setDeliveryWorker(undefined)
  setPushWorker(undefined)
  clearInterval(inspirationSweeps)
  clearInterval(quoteExpiries)
  clearInterval(waitlistOffers)
  stopSeeding.abort()
  await Promise.all([deliveryWorker?.stop(), pushWorker?.stop(), textClock?.stop(), demoSeeding])
  textClock = undefined
  await closeDatabase()
}

export const app = express()
app.disable('x-powered-by')

// Who may keep each response and for how long: server/cache-policy.ts.
// Everything under /admin, every write and every response to a request with
// a session cookie is `private, no-store`; anonymous public pages may be
// kept by a CDN for a minute or five.
app.use(cachePolicy({ hasSession: hasSessionCookie }))

app.get('/healthz', async (_req, res) => {
  const healthy = await isDatabaseHealthy(getDb())
  res
    .status(healthy ? 200 : 503)
    .type('text/plain')
    .send(healthy ? 'ok' : 'database unavailable')
})

// Processed photos, from DATA_DIR/media or the bucket (server/media.ts).
let media: RequestHandler | undefined
app.use(MEDIA_URL_PATH, (req, res, next) => {
  media ??= serveMedia(getMediaStore())
  void media(req, res, next)
})

// A private photo's response carries its own Referrer-Policy (no-referrer) and
// nosniff; React Router appends a response's headers to those helmet set, so
// helmet's go first rather than stand beside them as a second value.
app.use(PRIVATE_PHOTO_PATHS, (_req, res, next) => {
  res.removeHeader('Referrer-Policy')
  res.removeHeader('X-Content-Type-Options')
  next()
})

// Built on first use: the environment is validated by startServices(), not at import.
let sameOrigin: RequestHandler | undefined
app.use((req, res, next) => {
  sameOrigin ??= refuseCrossOriginWrites(getEnv().SITE_URL)
  sameOrigin(req, res, next)
})
app.use(resolveSessionHandler())

// The bakery's time zone, currency and locale (Settings), read once per
// request: everything the request formats, and its "today", follows them
// (app/utils/local-settings.ts, docs/decisions/057). Before the page cache,
// whose day is the bakery's.
app.use(async (_req, _res, next) => {
  let settings
  try {
    settings = await readLocalSettings(getDb())
  } catch (error) {
    next(error)
    return
  }
  runWithLocalSettings(settings, () => next())
})

// Anonymous public pages are rendered once and served from memory until the
// database's page version or the bakery's day moves on (server/page-cache.ts,
// docs/decisions/024). Not in development, where the code changes under it.
if (process.env.NODE_ENV !== 'development') {
  const pageCache = createPageCache({
    readVersion: () => readPageVersion(getDb()),
    // /ordernow shows the bakery's today; the footer's year is the server's.
    dayOf: (now) => `${bakeryToday(new Date(now))}/${new Date(now).getFullYear()}`,
    hasSession: hasSessionCookie,
  })
  app.use(pageCache.handler)
}

// The routes' module is loaded on the first request, and React Router is
// handed the module itself: handed a function that returns it, React Router
// builds its route table again on every request, a few percent of the
// server's time under load (docs/decisions/063). In development Vite gives a
// new module after an edit, and a new handler is made for it.
let reactRouter: { build: ServerBuild; handle: RequestHandler } | undefined
app.use(async (req, res, next) => {
  let handle
  try {
    const build = await import('virtual:react-router/server-build')
    if (reactRouter?.build !== build) {
      reactRouter = { build, handle: createRequestHandler({ build, getLoadContext }) }
    }
    handle = reactRouter.handle
  } catch (error) {
    next(error)
    return
  }
  return handle(req, res, next)
})

/** What routes read with context.get(...): typed contexts, each set for every request. */
function getLoadContext(req: express.Request, res: express.Response) {
  const context = new RouterContextProvider()
  context.set(cspNonceContext, String(res.locals.cspNonce ?? ''))
  context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? 'unknown')
  context.set(adminContext, (res.locals.admin as Admin | null | undefined) ?? null)
  return context
}

/** Looks up the session cookie once per request; routes read the result from their context. */
function resolveSessionHandler(): RequestHandler {
  return async (req, res, next) => {
    // Most visitors carry no session cookie: nothing to look up.
    if (!hasSessionCookie(req.headers.cookie)) {
      res.locals.admin = null
      return next()
    }
    try {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value)
      }
      const { admin, setCookies } = await resolveAdmin(getAuth(), headers)
      res.locals.admin = admin
      for (const cookie of setCookies) res.append('Set-Cookie', cookie)
      next()
    } catch (error) {
      next(error)
    }
  }
}
