import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface ServerProcess {
  child: ChildProcess
  exited: Promise<number | null>
  output(): string
  /** Resolves once GET /healthz answers 200, waiting at most `timeoutMs` (30 s unless told). */
  ready(options?: { timeoutMs?: number }): Promise<void>
}

/**
 * Starts the built production server as `npm run serve` does (`npm run build`
 * must have run), or with `dev` the development server from the sources, in a
 * process of its own, with a fresh data folder unless DATA_DIR is given.
 */
export function startServerProcess(
  env: Record<string, string>,
  { dev = false }: { dev?: boolean } = {},
): ServerProcess {
  // The built entry starts in half the time of the sources through tsx, and is what runs in production.
  const args = dev ? ['--import', 'tsx', 'server/main.ts', '--dev'] : ['build/server/main.js']
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bakery-server-')),
      ...env,
    },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    exited,
    output: () => output,
    async ready({ timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`)
        const status = await fetch(`http://localhost:${env.PORT}/healthz`)
          .then((response) => response.status)
          .catch(() => 0)
        if (status === 200) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`The server did not become healthy:\n${output}`)
    },
  }
}
