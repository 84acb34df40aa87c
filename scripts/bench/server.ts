import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { onCleanup, stoppingForSignal } from './cleanup.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../..')

export interface RunningServer {
  /** The Node process serving, for reading its memory from /proc. */
  pid: number
  /** How it was started: `npm run serve`'s environment and Node flags. */
  launch: ServeCommand
  port: number
  /** SITE_URL: what the browser loads, so canonical links and the sitemap match the page. */
  siteOrigin: string
  /**
   * For requests made from Node. Its resolver may answer ::1 first for
   * localhost, where a server bound to 127.0.0.1 does not listen.
   */
  loopbackOrigin: string
  dataDir: string
  /** The server's last lines of output, to explain a failed request. */
  recentLog(): string
  /** How the server ended if it stopped before we asked it to (killed, crashed), else null. */
  unexpectedExit(): string | null
  stop(): Promise<void>
}

/** Runs a command with the terminal attached; rejects on a non-zero exit. */
export function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))
    })
  })
}

/** Always rebuilds: measuring a stale build would report numbers for code that no longer exists. */
export function buildApp(): Promise<void> {
  return run('npm', ['run', 'build'])
}

/** Identifies one build on disk, to notice a rebuild that lands while we copy it. */
async function buildFingerprint(): Promise<string> {
  // A folder's mtime moves whenever files are added to or removed from it.
  const files = ['build/server/index.js', 'build/server/assets', 'build/client/assets']
  const stamps = await Promise.all(
    files.map(async (file) => {
      const info = await stat(path.join(repoRoot, file)).catch(() => null)
      return info ? `${info.ino}:${info.mtimeMs}` : 'missing'
    }),
  )
  return stamps.join('|')
}

/**
 * Builds, then serves a private copy of the build. The server imports route
 * modules lazily, so a rebuild in the working tree while the benchmark runs
 * (an e2e run, say) would delete files under a server started from build/
 * and turn pages into 500s, or mix two builds' numbers. server/main.ts finds
 * build/ next to itself, hence the copy of server/ and a node_modules link.
 */
export async function buildSnapshot(attempts = 3): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    await buildApp()
    const builtAs = await buildFingerprint()
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-app-'))
    const remove = onCleanup(() => rm(dir, { recursive: true, force: true }))
    const copied = await copyApp(dir).then(
      () => null,
      (error: unknown) => error,
    )
    const unchanged = !builtAs.includes('missing') && (await buildFingerprint()) === builtAs
    if (copied === null && unchanged) return dir
    await remove()
    if (attempt >= attempts) {
      throw new Error(
        `build/ kept changing while it was copied; is another build running in this tree?`,
        { cause: copied ?? undefined },
      )
    }
    console.error(
      'build/ changed while it was copied (another build in this tree?); building again',
    )
  }
}

async function copyApp(dir: string): Promise<void> {
  for (const entry of ['build', 'server', 'package.json']) {
    await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true })
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
}

/** A port the OS just handed out; it is free unless something grabs it in the next instant. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not read the probe port'))
      })
    })
  })
}

/** Keeps the server's last lines to explain a failure; its access log is too busy to echo. */
function tailOf(child: ChildProcess, maxLines = 40): () => string {
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    lines.splice(0, Math.max(0, lines.length - maxLines))
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return () => lines.join('\n')
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (hasExited(child)) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let lastProblem = 'no answer yet'
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(`The server exited before it was healthy. Its output:\n${log()}`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.status === 200) return
      lastProblem = `HTTP ${response.status}`
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server was not healthy within ${timeoutMs} ms (${lastProblem}):\n${log()}`)
}

export interface ServeCommand {
  /** Variables the script sets before `node`, e.g. MALLOC_ARENA_MAX. */
  env: Record<string, string>
  /** Node's own flags and the entry, as the script passes them. */
  args: string[]
}

/**
 * Splits `npm run serve`'s command (`[VAR=value ...] node <flags> server/main.ts`)
 * so the benchmark starts the server exactly as production does, heap limit
 * included, without npm and a shell between us and the process we measure.
 */
export function parseServeCommand(script: string): ServeCommand {
  const words = script.trim().split(/\s+/)
  const env: Record<string, string> = {}
  let word = words.shift()
  while (word !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(word)) {
    const equals = word.indexOf('=')
    env[word.slice(0, equals)] = word.slice(equals + 1)
    word = words.shift()
  }
  if (word !== 'node' || words.some((w) => /[;&|<>$`'"]/.test(w))) {
    throw new Error(`Expected the serve script to be "[VAR=value ...] node <args>", got: ${script}`)
  }
  return { env, args: words }
}

export async function readServeCommand(appDir: string): Promise<ServeCommand> {
  const manifest = JSON.parse(await readFile(path.join(appDir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>
  }
  const script = manifest.scripts?.serve
  if (!script) throw new Error('package.json has no serve script')
  return parseServeCommand(script)
}

/** The value of a Node flag such as --max-old-space-size, or null when it is not given. */
export function nodeFlag(args: readonly string[], name: string): string | null {
  for (const [index, arg] of args.entries()) {
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1)
    if (arg === name) return args[index + 1] ?? null
  }
  return null
}

export interface ServerOptions {
  /**
   * A data folder to start from. It is copied, never served itself, so a
   * restarted server starts from the same state as the first.
   */
  dataFrom?: string
  /** Environment on top of ours, e.g. SEED_DEMO. */
  env?: Record<string, string>
}

/**
 * Serves the production build in appDir on a free port with a fresh data
 * folder (empty, or a copy of dataFrom), so every benchmark starts from the
 * same state and never touches real data.
 */
export async function startServer(
  appDir: string,
  { dataFrom, env = {} }: ServerOptions = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-data-'))
  const removeDataDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }))
  if (dataFrom) await cp(dataFrom, dataDir, { recursive: true })
  const port = await freePort()
  const siteOrigin = `http://localhost:${port}`
  const loopbackOrigin = `http://127.0.0.1:${port}`

  // A server started after Ctrl-C's cleanup has run would outlive us.
  if (stoppingForSignal()) throw new Error('Not starting a server: the benchmark is stopping')
  const launch = await readServeCommand(appDir)
  // A CPU profile of each server, written when it stops, to find where a section's time goes.
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR
  const args = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...launch.args]
    : launch.args
  const child = spawn(process.execPath, args, {
    cwd: appDir,
    env: {
      ...process.env,
      ...launch.env,
      ...env,
      PORT: String(port),
      // Loopback only: the benchmark has no reason to be reachable from the network.
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: siteOrigin,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = tailOf(child)
  let stopping = false
  let unexpectedExit: string | null = null
  child.once('exit', (code, signal) => {
    // Ctrl-C reaches the server too (same process group); that stop is expected.
    if (stopping || stoppingForSignal()) return
    unexpectedExit = signal ? `killed by ${signal}` : `exited with code ${code}`
    const output = log().replace(/^/gm, '    ')
    console.error(
      `The server stopped during the benchmark (${unexpectedExit}). Its output:\n${output}`,
    )
  })
  const stopProcess = onCleanup(() => {
    stopping = true
    return stopChild(child)
  })

  try {
    await waitForHealth(`${loopbackOrigin}/healthz`, child, log)
  } catch (error) {
    await stopProcess()
    await removeDataDir()
    throw error
  }

  if (child.pid === undefined) throw new Error('The server process has no pid')
  return {
    pid: child.pid,
    launch,
    port,
    siteOrigin,
    loopbackOrigin,
    dataDir,
    recentLog: log,
    unexpectedExit: () => unexpectedExit,
    async stop() {
      await stopProcess()
      await removeDataDir()
    },
  }
}
