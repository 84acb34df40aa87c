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
import { closeDatabase, getDb, isDatabaseHealthy, setDatabase } from '#app/db/db.server.ts'
import { pruneExpiredLeases, withLease } from '#app/db/lease.server.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { ensureAdmin } from '#app/features/auth/admins.server.ts'
import { getAuth, setAuth } from '#app/features/auth/auth.server.ts'
import { openStores } from '#app/features/auth/open-stores.server.ts'
import { adminContext } from '#app/features/auth/require-admin.server.ts'
import { type Admin, hasSessionCookie, resolveAdmin } from '#app/features/auth/session.server.ts'
import { renderStoredPolicies } from '#app/features/availability/order-policies.server.ts'
import { expireQuotesAndTell } from '#app/features/customer-page/customer-quotes.server.ts'
import { renderStoredAcceptedPolicies } from '#app/features/customer-page/request-status.server.ts'
import { seedDemoGallery } from '#app/features/gallery/demo-seed.server.ts'
import { setMediaPublicUrl } from '#app/features/gallery/gallery.server.ts'
import { sweepStrayMedia } from '#app/features/gallery/stray-media.server.ts'
import { sweepUnattachedInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import {
  type DeliveryWorker,
  kickDeliveryWorker,
  setDeliveryWorker,
  startDeliveryWorker,
} from '#app/features/mail/delivery-worker.server.ts'
import { createTransportFromEnv } from '#app/features/mail/transports/select-transport.server.ts'
import { MEDIA_URL_PATH } from '#app/features/media/media-store.server.ts'
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
import { recordCardFees } from '#app/features/payments/card-fees.server.ts'
import { queueReviewRequestsDue } from '#app/features/scheduled-work/review-links.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import {
  readLocalSettings,
  readSiteSection,
  renderStoredFaq,
  seedSiteContent,
  withBakeryLocalSettings,
} from '#app/features/site-content/site-content.server.ts'
import { sweepStraySitePictures } from '#app/features/site-content/site-pictures.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import { clientIpContext, cspNonceContext } from '#app/utils/request-context.ts'
import { cachePolicy } from './cache-policy.ts'
import { bakeryMailAddresses } from './mail-addresses.ts'
import { serveMedia } from './media.ts'
import { createPageCache } from './page-cache.ts'
import { refuseCrossOriginWrites } from './same-origin.ts'
import { type TextClock, startTextClock } from './text-clock.ts'
import { WAITLIST_EVERY_MS, waitlistPass } from './waitlist-offers.ts'

export { EnvError } from '#app/config/env.server.ts'
export { securityHeaders } from './security-headers.ts'
export { redactSecrets } from './log-redaction.ts'
export { readOffUnreadBodies } from './unread-body.ts'

/** Another instance sweeping at the same boot moment skips; a crashed sweeper frees it after this. */
const MEDIA_SWEEP_LEASE = 'media-sweep'
const MEDIA_SWEEP_LEASE_MS = 10 * 60_000

/**
 * Photos customers uploaded but never sent go after a day. Servers run for
 * weeks, so besides at boot the sweep runs every hour, by whichever instance
 * takes the lease first.
 */
const INSPIRATION_SWEEP_LEASE = 'inspiration-sweep'
const INSPIRATION_SWEEP_EVERY_MS = 60 * 60_000

/**
 * A quote lapses at its own minute, so its date frees up (and its customer
 * hears) within a few minutes of it, by one instance at a time.
 */
const QUOTE_EXPIRY_LEASE = 'quote-expiry'
const QUOTE_EXPIRY_EVERY_MS = 5 * 60_000
const QUOTE_EXPIRY_LEASE_MS = 5 * 60_000

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

  // This boot, for the leases that let one instance at a time do boot work.
  const holder = `${env.INSTANCE_NAME}:${randomUUID()}`
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
  const sweep = await withLease(
    db,
    { name: MEDIA_SWEEP_LEASE, holder, ttlMs: MEDIA_SWEEP_LEASE_MS },
    async () => [
      ...(await sweepStrayMedia(db, { store })),
      ...(await sweepStraySitePictures(db, { store })),
    ],
  )
  if (sweep.ran && sweep.result.length > 0)
    console.log(`media: removed ${sweep.result.length} files left by unfinished uploads`)
  const sweepInspiration = () =>
    withLease(db, { name: INSPIRATION_SWEEP_LEASE, holder, ttlMs: MEDIA_SWEEP_LEASE_MS }, () =>
      sweepUnattachedInspirationPhotos(db, store, { now: Date.now() }),
    )
      .then((swept) => {
        if (swept.ran && swept.result > 0)
          console.log(`media: removed ${swept.result} inspiration photos never sent with an order`)
      })
      .catch((error: unknown) => console.error('media: could not sweep inspiration photos', error))
  await sweepInspiration()
  // unref: the timer alone never keeps the process alive past a shutdown.
  inspirationSweeps = setInterval(() => void sweepInspiration(), INSPIRATION_SWEEP_EVERY_MS).unref()
  // The order book's clockwork: quotes that ran out, then the owner's morning
  // digest and tomorrow's reminders, each queued once through the outbox.
  const expireQuotes = () =>
    withLease(db, { name: QUOTE_EXPIRY_LEASE, holder, ttlMs: QUOTE_EXPIRY_LEASE_MS }, () =>
      // Each run's emails and "today" follow the local settings stored as it starts.
      withBakeryLocalSettings(db, async () => {
        const expired = await expireQuotesAndTell(db, { now: Date.now(), siteUrl: env.SITE_URL })
        const scheduled = await runSchedule(db, { now: new Date(), siteUrl: env.SITE_URL })
        const reviewRequests = await queueReviewRequestsDue(db, {
          now: new Date(),
          siteUrl: env.SITE_URL,
        })
        // What Stripe kept of each card payment, for her year's numbers.
        const fees = await recordCardFees(db, { env })
        return { expired, scheduled, reviewRequests, fees }
      }),
    )
      .then((run) => {
        if (!run.ran) return
        const { expired, scheduled, reviewRequests, fees } = run.result
        if (fees > 0) console.log(`payments: ${fees} card fees read from Stripe`)
        if (expired.length > 0) console.log(`orders: ${expired.length} quotes expired unanswered`)
        if (scheduled.digest) console.log('orders: the morning digest is queued')
        if (scheduled.reminders > 0) console.log(`orders: ${scheduled.reminders} reminders queued`)
        if (reviewRequests > 0) console.log(`reviews: ${reviewRequests} invitations queued`)
        if (scheduled.digest || scheduled.reminders > 0 || reviewRequests > 0) kickDeliveryWorker()
      })
      .catch((error: unknown) => console.error('orders: could not run the schedule', error))
  // Started by startSchedule once the server listens: boot never waits for it.
  runClockwork = expireQuotes
  runWaitlist = waitlistPass(db, { holder, siteUrl: env.SITE_URL })
  if (env.SEED_DEMO) {
    // In the background: the site serves at once and the photos appear as
    // they are made (a few seconds, once per database, by one instance).
    demoSeeding = seedDemoGallery(db, {
      store,
      signal: stopSeeding.signal,
      holder,
    })
      .then((added) => {
        if (added > 0) console.log(`media: added ${added} demo photos to the empty gallery`)
      })
      .catch((error: unknown) => console.error('media: could not add the demo photos', error))
  }

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
  return env
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
