/**
 * The production build for tests, made at most once per test run: the run's
 * id is noted in build/.test-run, and a build for another id (or none) is
 * made again. The build runs under a lock kept in the system's temp folder,
 * named after this checkout, so test files running side by side wait for one
 * build rather than make their own. Run as a script (the browser suite's
 * first server does) it builds for TEST_RUN_ID, or afresh without one. Only
 * tests import this.
 */
import { execFile } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../..')
const marker = path.join(root, 'build', '.test-run')
const lockFile = path.join(
  tmpdir(),
  `bakery-build-${createHash('sha256').update(root).digest('hex').slice(0, 16)}.lock`,
)

const readMarker = () => {
  try {
    return readFileSync(marker, 'utf8')
  } catch {
    return undefined
  }
}

/** Builds the site unless test run `run` already has. */
export async function buildOnce(run: string): Promise<void> {
  if (readMarker() === run) return
  await withBuildLock(async () => {
    if (readMarker() === run) return
    rmSync(marker, { force: true })
    try {
      await promisify(execFile)('npm', ['run', 'build'], {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
        // Vitest runs with NODE_ENV=test, which would bundle React's development
        // build; the browser suite serves this same build, as visitors get it.
        env: { ...process.env, NODE_ENV: 'production' },
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildOnce(process.env.TEST_RUN_ID || randomUUID())
}
