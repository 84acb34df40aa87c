import type { QueueWorker } from '#app/db/leased-queue.server.ts'

let current: QueueWorker | undefined

/** Makes `worker` the one `kickTextWorker` wakes (the server's text clock calls this). */
export function setTextWorker(worker: QueueWorker | undefined): void {
  current = worker
}

/**
 * Tells the process's text sender that a text was queued, so it goes now
 * rather than at the sender's next look. With no sender running (texts off,
 * or a test) it does nothing, and the text waits in the queue.
 */
export function kickTextWorker(): void {
  current?.kick()
}
