/**
 * The web process. `npm start` runs it after a fresh build (production);
 * `npm run dev` runs it with --dev, where Vite serves and hot-reloads the app.
 */
import { createServer as createHttpServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants as zlibConstants } from 'node:zlib'
import type { ViteDevServer } from 'vite'
import type * as AppModuleExports from './app.ts'

const dev = process.argv.includes('--dev')
// React picks its development or production build from NODE_ENV when first
// loaded, so this must be settled before anything imports it.
process.env.NODE_ENV = dev ? 'development' : 'production'

// Run as source (server/main.ts, through tsx) or compiled into the build
// (build/server/main.js, as `npm run serve` does); root holds build/ either way.
const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, path.basename(path.dirname(here)) === 'build' ? '../..' : '..')
const [
  { default: express },
  { default: compression },
  { default: morgan },
  { default: staticCompressed },
] = await Promise.all([
  import('express'),
  import('compression'),
  import('morgan'),
  import('express-static-gzip'),
])

type AppModule = typeof AppModuleExports

const httpServer = createHttpServer()

let vite: ViteDevServer | undefined
if (dev) {
  const { createServer } = await import('vite')
  // Hot reload shares our port instead of opening its own, so two development
  // servers (or a test's) never fight over Vite's default websocket port.
  vite = await createServer({
    root,
    server: { middlewareMode: true, hmr: { server: httpServer } },
  })
}

async function loadApp(): Promise<AppModule> {
  if (vite) return (await vite.ssrLoadModule('/server/app.ts')) as AppModule
  // A variable specifier keeps the type checker from requiring a build.
  const buildEntry = path.join(root, 'build/server/index.js')
  return (await import(buildEntry)) as AppModule
}

const appModule = await loadApp()
const env = await appModule.startServices().catch((error: unknown) => {
  if (error instanceof Error && error.name === 'EnvError') {
    console.error(error.message)
    process.exit(1)
  }
  throw error
})

const server = express()
server.disable('x-powered-by')
server.set('trust proxy', 'loopback')
server.use(appModule.readOffUnreadBodies())
// The log never carries a customer's private link or the calendar feed's key.
morgan.token('redacted-url', (req) =>
  appModule.redactSecrets((req as { originalUrl?: string }).originalUrl ?? req.url ?? ''),
)
server.use(morgan(':method :redacted-url :status :res[content-length] - :response-time ms'))
// Answers made per request (owner pages, the availability API, gallery pages)
// are under 64 KB, so a 64 KB brotli window gives the same bytes as the
// default 4 MB one, and each stream in flight holds a third of the memory
// (decision 066).
server.use(
  compression({
    brotli: {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 16,
      },
    },
  }),
)
server.use(
  appModule.securityHeaders({
    dev,
    https: env.SITE_URL.startsWith('https:'),
    mediaPublicUrl: env.MEDIA_PUBLIC_URL,
    // Card payments on: Stripe's hosted Checkout (or, in tests, the fake's page).
    cardCheckoutOrigin:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? env.STRIPE_API_URL
          ? new URL(env.STRIPE_API_URL).origin
          : 'https://checkout.stripe.com'
        : undefined,
  }),
)

if (vite) {
  server.use(vite.middlewares)
  // Reload the app module on every request so edits show without a restart.
  server.use(async (req, res, next) => {
    try {
      const fresh = await loadApp()
      fresh.app(req, res, next)
    } catch (error) {
      if (error instanceof Error) vite?.ssrFixStacktrace(error)
      next(error)
    }
  })
} else {
  const client = path.join(root, 'build/client')
  // The build writes .br and .gz beside each file; serve those as they are.
  // File names under /assets carry a content hash, so they never change.
  const precompressed = (folder: string, maxAge: string, immutable: boolean) =>
    staticCompressed(folder, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { maxAge, immutable, index: false },
    })
  server.use('/assets', precompressed(path.join(client, 'assets'), '1y', true))
  server.use(precompressed(client, '1h', false))
  server.use(appModule.app)
}

httpServer.on('request', server)
const listener = httpServer.listen(env.PORT, env.HOST ?? '0.0.0.0', () => {
  console.log(
    `Butter & Bloom is serving ${env.SITE_URL} (port ${env.PORT}, data in ${env.DATA_DIR})`,
  )
  // Scheduled work starts once the site answers, and is not waited for.
  void appModule.startSchedule()
})

let stopping = false
async function shutdown(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`${signal} received: finishing open requests, then stopping`)
  // Requests in flight get ten seconds to finish; then we stop regardless.
  const deadline = setTimeout(() => process.exit(1), 10_000)
  deadline.unref()
  const closed = new Promise<void>((resolve) => listener.close(() => resolve()))
  listener.closeIdleConnections()
  await closed
  await vite?.close()
  await appModule.stopServices()
  process.exit(0)
}

process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
