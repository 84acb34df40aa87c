/**
 * The whole site booted inside the test's process, as `npm run dev` boots
 * it: Vite loads server/app.ts and the routes from source, startServices()
 * opens a fresh database of the test's own (SQLite in a temp folder, or a
 * PostgreSQL schema with TEST_DATABASE=pg), seeds it and prints the setup
 * link, and a loopback server answers with the app's own Express handler.
 *
 * One Vite server per test worker transforms the source once, for every
 * file the worker runs (the database project shares its workers' modules
 * between files: vitest.config.ts); each install runs it in a module runner
 * of its own, so it has its own env, database and workers, as a separate
 * process would. Everything but the Vite server stops when the test ends;
 * it holds no socket or watcher, and goes with its worker.
 */
import { type Server, createServer as createHttpServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ViteDevServer } from 'vite'
import { onTestFinished, vi } from 'vitest'
import type { DatabaseLocation } from '#app/db/db.server.ts'
import type * as AppModule from '#server/app.ts'
import { makeTestDatabaseUrl } from './database.ts'
import { makeTempDir } from './temp-dir.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let source: Promise<ViteDevServer> | undefined

/** The app's source as Vite serves it to the server: made once per worker. */
function appSource(): Promise<ViteDevServer> {
  source ??= import('vite').then(async ({ createServer }) => {
    const vite = await createServer({
      root,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      // Only the server's modules load: nothing to pre-bundle for a browser.
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    return vite
  })
  return source
}

export interface AppInProcess {
  siteUrl: string
  /** Where the install keeps its data: to open its database beside it, as another process would. */
  location: DatabaseLocation
  /** Every line the boot logged, the setup link among them. */
  log: () => string
  fetch: (pathname: string, init?: RequestInit) => Promise<Response>
}

/**
 * Boots a fresh install (no admin, the demo's words and menu seeded, the
 * setup link printed) with `extraEnv` over the test's own DATA_DIR,
 * DATABASE_URL and SITE_URL.
 */
export async function startAppInProcess(
  extraEnv: Record<string, string> = {},
): Promise<AppInProcess> {
  const vite = await appSource()
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '))
  })
  const http: Server = createHttpServer()
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const address = http.address()
  if (address === null || typeof address === 'string') throw new Error('no loopback port')
  const siteUrl = `http://127.0.0.1:${address.port}`
  const env: Record<string, string | undefined> = {
    SITE_URL: siteUrl,
    DATA_DIR: await makeTempDir(),
    DATABASE_URL: await makeTestDatabaseUrl(),
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    SEED_DEMO: 'false',
    ...extraEnv,
  }
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]))
  setEnv(env)

  const { createServerModuleRunner } = await import('vite')
  const runner = createServerModuleRunner(vite.environments.ssr!, { hmr: false })
  const started: { app?: typeof AppModule } = {}
  onTestFinished(async () => {
    await new Promise((resolve) => http.close(resolve))
    await started.app?.stopServices()
    await runner.close()
    setEnv(saved)
    log.mockRestore()
  })
  const app = (await runner.import('/server/app.ts')) as typeof AppModule
  started.app = app
  await app.startServices()
  http.on('request', app.app)
  return {
    siteUrl,
    location: { dataDir: env.DATA_DIR!, url: env.DATABASE_URL },
    log: () => lines.join('\n'),
    fetch: (pathname, init) => fetch(`${siteUrl}${pathname}`, { redirect: 'manual', ...init }),
  }
}

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
}
