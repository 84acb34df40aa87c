/**
 * The production server as `npm run serve` runs it, for the Vitest tests
 * where the process itself matters: its headers and compression, its log,
 * its boot and shutdown, two of them on one database. The build is made at
 * most once per Vitest run (tests/support/build-once.ts): the first test
 * file that needs it builds, and files running beside it wait for that
 * build rather than make their own. Only tests import this.
 */
import { createServer } from 'node:net'
import { inject } from 'vitest'
import { buildOnce } from './build-once.ts'
import { type ServerProcess, startServerProcess } from './server-process.ts'

/** How long a test file may wait for the build, made by it or by a file beside it. */
export const BUILD_TIMEOUT_MS = 600_000

/** The owner every built server starts with. */
export const OWNER = {
  email: 'owner@butterandbloom.test',
  password: 'correct horse battery staple',
}

/** Builds the site unless this Vitest run already has (tests/support/build-once.ts). */
export function ensureBuild(): Promise<void> {
  return buildOnce(inject('testRunId'))
}

/** A port nothing listens on at this moment, from the system. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface BuiltServer {
  base: string
  port: number
  server: ServerProcess
  /** SIGTERM, then waits for the process to end (SIGKILL if it is stuck); nothing if it has ended. */
  stop(): Promise<void>
}

/**
 * The built server on a free port (`port` to choose one), with a fresh data
 * folder unless DATA_DIR is given, healthy before this resolves. Call
 * ensureBuild() first, in a beforeAll with BUILD_TIMEOUT_MS.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  { port, ready = true }: { port?: number; ready?: boolean } = {},
): Promise<BuiltServer> {
  const chosen = port ?? (await freePort())
  const base = `http://localhost:${chosen}`
  const server = startServerProcess({ PORT: String(chosen), SITE_URL: base, ...env })
  const stop = async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return
    server.child.kill('SIGTERM')
    // The server gives open requests ten seconds; past that it is stuck.
    const stuck = setTimeout(() => server.child.kill('SIGKILL'), 15_000)
    await server.exited
    clearTimeout(stuck)
  }
  if (ready) {
    // A busy two-core machine can take many seconds to boot it.
    await server.ready({ timeoutMs: 90_000 }).catch(async (error: unknown) => {
      await stop()
      throw error
    })
  }
  return { base, port: chosen, server, stop }
}

/** Signs the owner in; the session's cookie, to send with her requests. */
export async function signIn(base: string, owner = OWNER): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { origin: base },
    body: new URLSearchParams(owner),
  })
  if (response.status !== 200) {
    throw new Error(`Signing in answered ${response.status}: ${await response.text()}`)
  }
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
}
