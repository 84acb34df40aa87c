import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { Kysely } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import { type QueueWorker, startQueueWorker } from '#app/db/leased-queue.server.ts'
import type { Database } from '#app/db/schema.ts'
import {
  type ClaimedEmail,
  claimDueEmail,
  findNextDueAt,
  OUTBOX_LEASE_MS,
  releaseEarlierBootsLeases,
} from './outbox-claims.server.ts'
import { markEmailFailed, markEmailForRetry, markEmailSent } from './outbox-retries.server.ts'
import { DeliveryError, type MailAddresses, type MailTransport } from './transports/transport.ts'

const ownTables = tablesFor('mail')

/** The mail outbox's worker: kick() looks for due mail now, stop() lets an email in hand finish. */
export type DeliveryWorker = QueueWorker

export interface DeliveryWorkerOptions {
  db: Kysely<Database>
  transport: MailTransport
  /** MAIL_RETRY_MIN_MS: the first retry delay, doubling after each failure. */
  retryMinMs: number
  /** SITE_URL; its host names the Message-IDs. */
  siteUrl: string
  /**
   * Whom each email comes from and the owner's address, read before every
   * send: the from-name is her bakery's as it is named now (Settings › Your
   * site), so a rename shows on the next email without a restart, queued
   * ones included. Without it the transport uses its own.
   */
  addresses?: () => Promise<MailAddresses>
  /**
   * INSTANCE_NAME: this server's name, the same across its restarts and
   * different from every other server on the database. Each start adds a
   * fresh boot id, and takes back the emails an earlier boot left mid-send.
   */
  instance?: string
  /** Where failed attempts are reported, one line each. */
  log?: (line: string) => void
  leaseMs?: number
  /** The longest the worker sleeps between looks, so it notices rows queued by other processes. */
  maxIdleMs?: number
  maxRetryDelayMs?: number
}

/**
 * Sends queued mail in the server process, one email at a time. It starts by
 * picking up whatever a previous process left queued or half-sent, then
 * sleeps until the next email is due or it is kicked. Delivery is at least
 * once: a crash between handing an email over and recording it means it goes
 * again, with the same Message-ID so the owner's mail client can spot it.
 */
export function startDeliveryWorker({
  db,
  transport,
  retryMinMs,
  siteUrl,
  addresses,
  instance = hostname(),
  log = console.warn,
  leaseMs = OUTBOX_LEASE_MS,
  maxIdleMs = 30_000,
  maxRetryDelayMs,
}: DeliveryWorkerOptions): DeliveryWorker {
  const holder = { instance, boot: randomUUID() }
  const delivery = { db, transport, retryMinMs, siteUrl, addresses, log, maxRetryDelayMs }

  return startQueueWorker({
    async start() {
      try {
        const taken = await releaseEarlierBootsLeases(db, holder)
        if (taken > 0) log(`mail: sending again ${taken} email(s) an earlier run left mid-send`)
      } catch (error) {
        // Those emails still go out once their leases run out.
        log(`mail: the outbox could not be read: ${describeError(error)}`)
      }
    },
    // One email at a time: after one, look again at once.
    async work() {
      const claim = await claimDueEmail(db, { leaseMs, holder })
      if (claim) await deliver(delivery, claim)
      return claim !== undefined
    },
    nextDueAt: () => findNextDueAt(db),
    maxIdleMs,
    errorPauseMs: retryMinMs,
    onError: (error) => log(`mail: the outbox could not be read: ${describeError(error)}`),
  })
}

type Delivery = Pick<
  DeliveryWorkerOptions,
  'db' | 'transport' | 'retryMinMs' | 'siteUrl' | 'addresses' | 'maxRetryDelayMs'
> & { log: (line: string) => void }

/** Hands one claimed email to the transport and records what became of it. */
async function deliver(delivery: Delivery, claim: ClaimedEmail): Promise<void> {
  const { db, transport, siteUrl, addresses, log } = delivery
  const label = `mail: outbox ${claim.id} (${claim.topic} ${claim.subjectId})`
  if (!claim.email) {
    await markEmailFailed(db, claim, 'The stored email could not be read.')
    log(`${label} failed: the stored email could not be read`)
    return
  }
  const messageId = createOutboxMessageId(claim, siteUrl)
  try {
    // Inside the try: a failed read is retried like a failed send.
    await transport.send(claim.email, {
      messageId,
      ...(addresses ? { addresses: await addresses() } : {}),
    })
  } catch (error) {
    await recordFailedSend({ delivery, claim, label, error })
    return
  }
  if (await markEmailSent(db, claim)) return
  if (await isErased(db, claim.id)) {
    // The customer was erased while her email was on its way: the copy
    // kept here (an .eml file) goes too. Mail already handed to a server
    // cannot be called back.
    await transport.discard?.({ messageId })
    log(`${label} was erased while it was being sent`)
    return
  }
  log(`${label} was sent after its claim ran out; it may arrive twice`)
}

/** A send that failed: failed for good when the server says so, otherwise tried again later. */
async function recordFailedSend({
  delivery: { db, log, retryMinMs, maxRetryDelayMs },
  claim,
  label,
  error,
}: {
  delivery: Delivery
  claim: ClaimedEmail
  label: string
  error: unknown
}): Promise<void> {
  const known = error instanceof DeliveryError
  // Anything we did not anticipate is treated as passing: retrying costs
  // little, while failing for good would need the owner to step in.
  const message = known ? error.message : `Unexpected error: ${describeError(error)}`
  // The owner reads the whole reason beside the email; the log, which
  // travels further, gets it without the addresses a mail server echoes.
  const reason = withoutAddresses(message)
  if (known && error.permanent) {
    await markEmailFailed(db, claim, message)
    log(`${label} failed: ${reason}`)
    return
  }
  const outcome = await markEmailForRetry(db, claim, message, { retryMinMs, maxRetryDelayMs })
  log(
    outcome === 'failed'
      ? `${label} failed after a day of retries: ${reason}`
      : `${label} attempt ${claim.attempts} failed, will retry: ${reason}`,
  )
}

async function isErased(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await ownTables(db)
    .selectFrom('outbox')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  return row === undefined
}

/**
 * <outbox-12-lq3x9k2a@butterandbloom.ca>: the same for every attempt at one
 * email, so a resend after a crash is recognisably the same message. The
 * creation time keeps ids unique if the database is ever started afresh and
 * row ids repeat; mail clients drop messages whose Message-ID they have seen.
 */
export function createOutboxMessageId(
  email: { id: number; createdAt: number },
  siteUrl: string,
): string {
  return `<${outboxMessageKey(email)}@${new URL(siteUrl).hostname}>`
}

/** outbox-12-lq3x9k2a: the Message-ID's own part, which also names the email's .eml file. */
export function outboxMessageKey({ id, createdAt }: { id: number; createdAt: number }): string {
  return `outbox-${id}-${createdAt.toString(36)}`
}

let current: DeliveryWorker | undefined

/** Makes `worker` the one `kickDeliveryWorker` wakes (the server calls this at boot). */
export function setDeliveryWorker(worker: DeliveryWorker | undefined): void {
  current = worker
}

/**
 * Tells the process's worker that an email was queued. Call it after the
 * transaction commits; with no worker running it does nothing, and the email
 * waits in the outbox for the next one.
 */
export function kickDeliveryWorker(): void {
  current?.kick()
}

/** name@example.com and <name@example.com> → <address> */
function withoutAddresses(text: string): string {
  return text.replace(/<?[^\s<>@"']+@[^\s<>@"']+>?/g, '<address>')
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
