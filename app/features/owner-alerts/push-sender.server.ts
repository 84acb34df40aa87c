import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { type QueueWorker, startQueueWorker } from '#app/db/leased-queue.server.ts'
import type { Database } from '#app/db/schema.ts'
import {
  ALERT_LEASE_MS,
  ALERT_RETRY_MIN_MS,
  type ClaimedAlert,
  claimDueAlert,
  findNextAlertDueAt,
  forgetDevice,
  markAlertForRetry,
  markAlertSent,
  pruneOldAlerts,
} from './alert-queue.server.ts'
import { type LookupHost, type PushReach, RefusedPushAddress } from './push-endpoint.server.ts'
import { postPush } from './push-request.server.ts'
import { getVapidKeys } from './vapid.server.ts'

/** Kinds that can wait for a phone that is saving its battery: nothing in them needs an answer today. */
const NOT_URGENT = new Set<string>(['deposit-overdue', 'review', 'test'])

/** How long a push service may keep an alert for a phone that is off: a day. */
export const ALERT_TTL_SECONDS = 24 * 60 * 60
/** A push service that has not answered in this long is tried again later. */
export const PUSH_TIMEOUT_MS = 10_000
/** How many devices one sender pushes to at once: the bakery has a few, and each waits on its own. */
export const PUSH_CONCURRENCY = 4
/** At most this many alerts a round: a queue that keeps refilling is picked up on the next. */
const MAX_ALERTS_A_ROUND = 200

export interface SendOptions extends PushReach {
  /** Who the push services may write to about our pushes (VAPID's subject): mailto:… */
  contact: string
  now?: () => number
  timeoutMs?: number
  retryMinMs?: number
  leaseMs?: number
  /** One line per failed attempt; never the device's address or keys. */
  log?: (line: string) => void
  /** The DNS, for the tests: how a push service's name becomes addresses. */
  lookupHost?: LookupHost
}

export type SendOutcome = 'sent' | 'retry' | 'failed' | 'gone'

/**
 * Sends every alert due now and says what became of each (in the order
 * they finished). Each device is sent to on its own, up to
 * PUSH_CONCURRENCY at once, each push with its own timeout and its own
 * outcome, so a phone whose push service does not answer holds up nobody
 * else's. A device's alerts go one after another, oldest first: while one
 * is in flight the device's others are not claimed, so none sits leased
 * while it waits. A device that was not reached gets nothing more this
 * round; its alerts wait for their retry or the next round. Every alert is
 * claimed under the one leased queue's lease, as by another instance, so
 * each still goes once however many senders run.
 */
export async function sendDueAlerts(
  db: Kysely<Database>,
  options: SendOptions,
): Promise<SendOutcome[]> {
  const now = options.now ?? Date.now
  const outcomes: SendOutcome[] = []
  // Devices this round is sending to, or could not reach.
  const busy = new Set<number>()
  let claimed = 0
  let claiming: Promise<unknown> = Promise.resolve()
  // One claim at a time, so each sees the devices the claims before it took.
  function claimNext(): Promise<ClaimedAlert | undefined> {
    const next = claiming.then(async () => {
      if (claimed >= MAX_ALERTS_A_ROUND) return undefined
      const claim = await claimDueAlert(db, {
        now: now(),
        leaseMs: options.leaseMs ?? ALERT_LEASE_MS,
        skipDevices: [...busy],
      })
      if (claim) {
        claimed++
        busy.add(claim.subscriptionId)
      }
      return claim
    })
    claiming = next.catch(() => {})
    return next
  }
  async function lane(): Promise<void> {
    for (let claim = await claimNext(); claim; claim = await claimNext()) {
      const outcome = await sendAlert(db, claim, options)
      outcomes.push(outcome)
      if (outcome === 'sent') busy.delete(claim.subscriptionId)
    }
  }
  // Every lane finishes (its push answered or timed out) before the round ends or fails.
  const lanes = await Promise.allSettled(Array.from({ length: PUSH_CONCURRENCY }, lane))
  const failed = lanes.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
  return outcomes
}

/**
 * Sends one claimed alert and records what became of it. `web-push`
 * encrypts the payload for the device (RFC 8291, aes128gcm) and signs the
 * request with the site's VAPID keys; the request itself is posted by
 * postPush, to checked addresses only and with a timeout.
 */
async function sendAlert(
  db: Kysely<Database>,
  claim: ClaimedAlert,
  {
    contact,
    now = Date.now,
    timeoutMs = PUSH_TIMEOUT_MS,
    retryMinMs,
    log = console.warn,
    allowLoopback,
    lookupHost,
  }: SendOptions,
): Promise<SendOutcome> {
  const label = `push: alert ${claim.id} (${claim.kind}) to device ${claim.subscriptionId}`
  if (claim.payload === null) {
    await markAlertForRetry(db, claim, 'The alert has no words.', { now: now(), permanent: true })
    return 'failed'
  }
  let status: number
  try {
    const keys = await getVapidKeys(db)
    // Loaded at the first alert, not at start: most servers send none for hours.
    const { default: webpush } = await import('web-push')
    const request = webpush.generateRequestDetails(
      { endpoint: claim.endpoint, keys: { p256dh: claim.p256dh, auth: claim.auth } },
      claim.payload,
      {
        vapidDetails: { subject: contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: ALERT_TTL_SECONDS,
        urgency: NOT_URGENT.has(claim.kind) ? 'normal' : 'high',
        // The same alert sent twice (a retry after a lost answer) replaces itself.
        topic: topicOf(claim.payload),
      },
    )
    status = await postPush(
      {
        endpoint: request.endpoint,
        headers: request.headers as Record<string, string>,
        body: request.body,
      },
      { timeoutMs, allowLoopback, lookupHost },
    )
  } catch (error) {
    if (error instanceof RefusedPushAddress) {
      // It points inside (or its name does): it never will be sent there.
      await markAlertForRetry(db, claim, error.message, { now: now(), permanent: true })
      log(`${label} not sent: ${error.message}`)
      return 'failed'
    }
    // Unreachable, refused, timed out: the alert waits and goes again.
    const reason = describeError(error)
    const outcome = await markAlertForRetry(db, claim, reason, { now: now(), retryMinMs })
    log(
      `${label} attempt ${claim.attempts} failed (${reason}), ${outcome === 'queued' ? 'will retry' : 'gave up'}`,
    )
    return outcome === 'queued' ? 'retry' : 'failed'
  }
  if (status >= 200 && status < 300) {
    await markAlertSent(db, claim, now())
    return 'sent'
  }
  if (status === 404 || status === 410) {
    // The browser unsubscribed or the subscription expired: it will never take a push again.
    await forgetDevice(db, claim.subscriptionId)
    log(`${label}: the push service no longer knows the device (${status}); it was removed`)
    return 'gone'
  }
  // Refused for good: a payload too large, or keys the service does not accept.
  const permanent = status === 400 || status === 401 || status === 403 || status === 413
  const outcome = await markAlertForRetry(db, claim, `The push service answered ${status}.`, {
    now: now(),
    retryMinMs,
    permanent,
  })
  log(
    `${label} attempt ${claim.attempts}: the push service answered ${status}, ${outcome === 'queued' ? 'will retry' : 'gave up'}`,
  )
  return outcome === 'queued' ? 'retry' : 'failed'
}

/** A push service's Topic: at most 32 characters of the URL-safe alphabet. */
function topicOf(payload: string): string {
  let tag = payload
  try {
    tag = String((JSON.parse(payload) as { tag?: unknown }).tag ?? payload)
  } catch {
    // An unreadable payload is named by itself.
  }
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32)
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } }
    if (error.name === 'TimeoutError') return 'no answer in time'
    // A code (ECONNREFUSED, ENOTFOUND…) says what happened; its message would say where.
    if (typeof code === 'string') return code
    if (cause && typeof cause.code === 'string') return cause.code
    return error.name === 'TypeError' ? 'the push service could not be reached' : error.message
  }
  return String(error)
}

/** The push alerts' worker: kick() looks for due alerts now, stop() lets an alert in hand finish. */
export type PushWorker = QueueWorker

/**
 * Sends queued alerts in the server process, through the one leased queue's
 * worker: it sleeps until the next alert is due, a kick, or `maxIdleMs` (to
 * notice alerts another instance queued), and once an hour clears out old
 * sent alerts.
 */
export function startPushWorker(
  db: Kysely<Database>,
  { maxIdleMs = 15_000, ...options }: SendOptions & { maxIdleMs?: number },
): PushWorker {
  const log = options.log ?? console.warn
  let prunedAt = 0
  return startQueueWorker({
    async work() {
      await sendDueAlerts(db, options)
      if (Date.now() - prunedAt > 60 * 60_000) {
        prunedAt = Date.now()
        await pruneOldAlerts(db)
      }
      return false
    },
    nextDueAt: () => findNextAlertDueAt(db),
    maxIdleMs,
    errorPauseMs: options.retryMinMs ?? ALERT_RETRY_MIN_MS,
    onError: (error) => log(`push: the alert queue could not be read: ${describeError(error)}`),
  })
}
