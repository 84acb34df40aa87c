/**
 * A temp folder of the test's own, removed when the test ends. Only tests
 * import this.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { onTestFinished } from 'vitest'

export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-test-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}
