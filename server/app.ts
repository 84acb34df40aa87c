/**
 * The bakery's HTTP application: everything that needs the app's own modules
 * (database, env, routes). Vite bundles it as the server build's entry, so it
 * shares one copy of each module with the routes. server/main.ts owns the
 * process around it: static files, compression, logging, listen and shutdown.
 */
import 'react-router'
import { createRequestHandler } from '@react-router/express'
import express, { type RequestHandler } from 'express'
import { getEnv, type Env } from '#app/config/env.server.ts'
import {
  closeDatabase,
  getDb,
  isDatabaseHealthy,
  migrateToLatest,
  openDatabase,
  useDatabase,
} from '#app/db/db.server.ts'
import {
  type DeliveryWorker,
  startDeliveryWorker,
  useDeliveryWorker,
} from '#app/features/mail/delivery-worker.server.ts'
import { createTransportFromEnv } from '#app/features/mail/transports/select-transport.server.ts'
import { ensureAdmin, loadAuthSecret } from '#app/features/auth/admins.server.ts'
import { createAuth, getAuth, migrateAuth, useAuth } from '#app/features/auth/auth.server.ts'
import { type Admin, resolveAdmin } from '#app/features/auth/session.server.ts'
import { site } from '#app/content/site.ts'
import { refuseCrossOriginWrites } from './same-origin.ts'

declare module 'react-router' {
  interface AppLoadContext {
    cspNonce: string
    /** The visitor's address (from the proxy on this machine, if any), for rate limits. */
    clientIp: string
    /** The signed-in admin, from the session cookie checked on this very request. */
    admin: Admin | null
  }
}

export { EnvError } from '#app/config/env.server.ts'
export { securityHeaders } from './security-headers.ts'

let deliveryWorker: DeliveryWorker | undefined

/**
 * Validates the environment and the mail settings, opens and migrates the
 * database, and starts delivering queued mail (including any a previous
 * process left behind). Throws EnvError on bad configuration.
 */
export async function startServices(): Promise<Env> {
  const env = getEnv()
  const transport = createTransportFromEnv(env)
  const db = openDatabase(env.DATA_DIR)
  await migrateToLatest(db)
  useDatabase(db)

  const auth = createAuth({
    db,
    siteUrl: env.SITE_URL,
    secret: loadAuthSecret(env.DATA_DIR, env.AUTH_SECRET),
  })
  await migrateAuth(auth)
  useAuth(auth)
  await ensureAdmin(auth, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    fallbackEmail: env.MAIL_TO ?? site.email,
    dataDir: env.DATA_DIR,
  })

  deliveryWorker = startDeliveryWorker({
    db,
    transport,
    retryMinMs: env.MAIL_RETRY_MIN_MS,
    siteUrl: env.SITE_URL,
  })
  useDeliveryWorker(deliveryWorker)
  console.log(`mail: delivering through ${transport.name}`)
  return env
}

/** Lets an email being sent finish, then closes the database. */
export async function stopServices(): Promise<void> {
  useDeliveryWorker(undefined)
  await deliveryWorker?.stop()
  await closeDatabase()
}

export const app = express()
app.disable('x-powered-by')

app.get('/healthz', async (_req, res) => {
  const healthy = await isDatabaseHealthy(getDb())
  res
    .status(healthy ? 200 : 503)
    .type('text/plain')
    .send(healthy ? 'ok' : 'database unavailable')
})

// Built on first use: the environment is validated by startServices(), not at import.
let sameOrigin: RequestHandler | undefined
app.use((req, res, next) => {
  sameOrigin ??= refuseCrossOriginWrites(getEnv().SITE_URL)
  sameOrigin(req, res, next)
})
app.use(resolveSessionHandler())

app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ''),
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      admin: (res.locals.admin as Admin | null | undefined) ?? null,
    }),
  }),
)

/** Looks up the session cookie once per request; routes read the result from their context. */
function resolveSessionHandler(): RequestHandler {
  return async (req, res, next) => {
    // Most visitors carry no session cookie: nothing to look up.
    if (!req.headers.cookie?.includes('session_token')) {
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
