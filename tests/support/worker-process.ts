import { spawn } from 'node:child_process'
import { onTestFinished } from 'vitest'
import type { DatabaseLocation } from '#app/db/db.server.ts'

/**
 * tests/support/delivery-worker-process.ts in a process of its own, as
 * instance web-1, for tests that kill a worker mid-send. `shortWaits` makes
 * its retries and idle looks 100 ms. Its log is kept for failure messages;
 * it is killed when the test ends, if the test has not done so.
 */
export function startWorkerProcess({
  dataDir,
  location,
  smtpUrl,
  shortWaits = false,
}: {
  dataDir: string
  location: DatabaseLocation
  smtpUrl: string
  shortWaits?: boolean
}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/delivery-worker-process.ts'],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: location.url,
        SMTP_URL: smtpUrl,
        INSTANCE_NAME: 'web-1:3000',
        ...(shortWaits && { MAIL_RETRY_MIN_MS: '100', MAIL_MAX_IDLE_MS: '100' }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  const log: string[] = []
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => log.push(chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const kill = async () => {
    child.kill('SIGKILL')
    await exited
  }
  onTestFinished(kill)
  return { log, kill }
}
