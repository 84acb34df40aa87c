import type { PushWorker } from './push-sender.server.ts'

let current: PushWorker | undefined

/** Makes `worker` the one `kickPushWorker` wakes (the server calls this at boot). */
export function setPushWorker(worker: PushWorker | undefined): void {
  current = worker
}

/**
 * Tells the process's push sender that an alert was queued. Call it after
 * the transaction commits; with no sender running it does nothing, and the
 * alert waits in the queue for the next one.
 */
export function kickPushWorker(): void {
  current?.kick()
}
