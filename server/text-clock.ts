import type { TextKeys } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { withLease } from '#app/db/lease.server.ts'
import type { QueueWorker } from '#app/db/leased-queue.server.ts'
import { withBakeryLocalSettings } from '#app/features/site-content/site-content.server.ts'
import { startTextWorker } from '#app/features/texts/text-sender.server.ts'
import { setTextWorker } from '#app/features/texts/text-worker-handle.server.ts'
import { queueTextsDue } from '#app/features/texts/texts-due.server.ts'

/**
 * Her texts (decision 111), on only with her Twilio keys: every minute one
 * instance queues the reminders and "ready" texts now due, and every
 * instance's sender sends what is queued, each text once.
 */
const TEXTS_LEASE = 'texts-due'
export const TEXTS_EVERY_MS = 60_000
const TEXTS_LEASE_MS = 60_000

export interface TextClock {
  /** One pass: queue what is due, then wake the sender. */
  run(): Promise<void>
  stop(): Promise<void>
}

export function startTextClock(
  db: Db,
  { keys, holder, siteUrl }: { keys: TextKeys; holder: string; siteUrl: string },
): TextClock {
  const sender: QueueWorker = startTextWorker(db, { keys })
  setTextWorker(sender)
  const run = () =>
    withLease(db, { name: TEXTS_LEASE, holder, ttlMs: TEXTS_LEASE_MS }, () =>
      withBakeryLocalSettings(db, () => queueTextsDue(db, { now: Date.now(), siteUrl })),
    )
      .then((pass) => {
        if (!pass.ran || pass.result === 0) return
        console.log(`texts: ${pass.result} texts queued`)
        sender.kick()
      })
      .catch((error: unknown) => console.error('texts: could not queue the texts due', error))
  // unref: the timer alone never keeps the process alive past a shutdown.
  const timer = setInterval(() => void run(), TEXTS_EVERY_MS).unref()
  return {
    run,
    async stop() {
      setTextWorker(undefined)
      clearInterval(timer)
      await sender.stop()
    },
  }
}
