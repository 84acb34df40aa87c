import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

async function serveScript(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  return manifest.scripts.serve ?? ''
}

/** `NAME=value` words before the command, as a shell reads them. */
function leadingEnv(command: string): { env: Record<string, string>; rest: string } {
  const env: Record<string, string> = {}
  const words = command.split(' ')
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name = '', ...value] = words.shift()!.split('=')
    env[name] = value.join('=')
  }
  return { env, rest: words.join(' ') }
}

test('the container starts the server with the same Node flags and environment as npm run serve', async () => {
  const { env, rest } = leadingEnv(await serveScript())
  const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8')
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1]
  expect(cmd).toBeDefined()
  expect((JSON.parse(cmd ?? '[]') as string[]).join(' ')).toBe(rest)
  // The runtime stage's ENV carries what the script sets before `node`.
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  for (const [name, value] of Object.entries(env)) {
    expect(runtime).toMatch(new RegExp(`^(?:ENV\\s+|\\s+)${name}=${value}\\b`, 'm'))
  }
})

test('the server runs with a heap limit, at most two malloc arenas and a fixed mmap threshold, compiled rather than through tsx', async () => {
  const { env, rest } = leadingEnv(await serveScript())
  expect(env.MALLOC_ARENA_MAX).toBe('2')
  // glibc's default, set so it stops rising: large blocks go back to the system (decision 066).
  expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072')
  expect(rest).toMatch(/^node --max-old-space-size=\d+ .*build\/server\/main\.js$/)
})
