import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

test('the container starts the server with the same Node flags as npm run serve', async () => {
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8')
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1]
  expect(cmd).toBeDefined()
  expect((JSON.parse(cmd ?? '[]') as string[]).join(' ')).toBe(manifest.scripts.serve)
})

test('the server runs with a heap limit, compiled rather than through tsx', async () => {
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  expect(manifest.scripts.serve).toMatch(
    /^node --max-old-space-size=\d+ .*build\/server\/main\.js$/,
  )
})
