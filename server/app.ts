/**
 * The bakery's HTTP application: everything that needs the app's own modules
 * (database, env, routes). Vite bundles it as the server build's entry, so it
 * shares one copy of each module with the routes. server/main.ts owns the
 * process around it: static files, compression, logging, listen and shutdown.
 */
import 'react-router'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
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

declare module 'react-router' {
  interface AppLoadContext {
    cspNonce: string
    /** The visitor's address (from the proxy on this machine, if any), for rate limits. */
    clientIp: string
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

app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ''),
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    }),
  }),
)
