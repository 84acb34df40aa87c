/**
 * The production server as `npm run serve` runs it, for the Vitest tests
 * where the process itself matters: its headers and compression, its log,
 * its boot and shutdown, two of them on one database. The build is made at
 * most once per Vitest run: the first test file that needs it builds, under
 * a lock, and files running beside it wait for that build rather than make
 * their own. Only tests import this.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import { type ServerProcess, startServerProcess } from './server-process.ts'

const root = path.resolve(import.meta.dirname, '../..')
const marker = path.join(root, 'build', '.test-run')
const lockFile = path.join(
  tmpdir(),
  `bakery-build-${createHash('sha256').update(root).digest('hex').slice(0, 16)}.lock`,
)

/** How long a test file may wait for the build, made by it or by a file beside it. */
export const BUILD_TIMEOUT_MS = 600_000

/** The owner every built server starts with. */
export const OWNER = {
  email: 'owner@butterandbloom.test',
  password: 'correct horse battery staple',
}

const readMarker = () => {
  try {
    return readFileSync(marker, 'utf8')
  } catch {
    return undefined
  }
}

/** Builds the site unless this Vitest run already has. */
export async function ensureBuild(): Promise<void> {
  const run = inject('testRunId')
  if (readMarker() === run) return
  await withBuildLock(async () => {
    if (readMarker() === run) return
    rmSync(marker, { force: true })
    try {
      await promisify(execFile)('npm', ['run', 'build'], {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
      })
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string }
      throw new Error(`npm run build failed:\n${stdout ?? ''}\n${stderr ?? ''}`)
    }
    writeFileSync(marker, run)
  })
}

/**
 * Runs `work` holding the build lock of this checkout. A lock left by a
 * process that has died is taken over; a live holder is waited for, with a
 * look every quarter second.
 */
async function withBuildLock(work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      const handle = openSync(lockFile, 'wx')
      writeFileSync(handle, String(process.pid))
      closeSync(handle)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (!holderAlive()) {
      rmSync(lockFile, { force: true })
      continue
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  try {
    await work()
  } finally {
    rmSync(lockFile, { force: true })
  }
}

function holderAlive(): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(lockFile, 'utf8'))
  } catch {
    return false
  }
  // Written a moment after the file is made: a lock without a pid yet is live.
  if (!pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
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
    // Started from source through tsx: slow to boot on a busy machine.
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
