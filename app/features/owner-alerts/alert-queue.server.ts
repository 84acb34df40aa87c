import type { Kysely, Selectable, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import { claimDue, findNextDueAt, requeueClaim, settleClaim } from '#app/db/leased-queue.server.ts'
import type { Database, PushAlertTable } from '#app/db/schema.ts'
import type { AlertKind } from './alert-kinds.ts'
import type { AlertPayload, OwnerAlert } from './alert-words.ts'

const ownTables = tablesFor('owner-alerts')

type Executor = Kysely<Database> | Transaction<Database>

/** How long a claim protects an alert; a sender that dies mid-push loses it after this. */
export const ALERT_LEASE_MS = 60_000
/** The first retry's delay, doubling after each failure up to ALERT_MAX_RETRY_MS. */
export const ALERT_RETRY_MIN_MS = 30_000
export const ALERT_MAX_RETRY_MS = 30 * 60_000
/**
 * After this long unsent an alert is given up on: news of a request a day
 * late is no longer an alert (the owner's email has told her by then).
 */
export const ALERT_GIVE_UP_MS = 24 * 60 * 60_000
/** Sent alerts are kept (without their words) this long, so an event is queued once. */
export const ALERT_KEEP_MS = 30 * 24 * 60 * 60_000

const MAX_ERROR_LENGTH = 500

/**
 * Queues an alert for every device that has its kind switched on, due at
 * once. Call it where the owner's email about the same event is queued, in
 * the same transaction: the alert is stored with the event or not at all,
 * and nothing here talks to a push service, so a phone that cannot be
 * reached never slows or fails the request. The event's name and the
 * device's id make each row's dedupe key, so an event is queued once per
 * device however often the code around it runs. Returns how many were queued.
 */
export async function queueOwnerAlert(
  db: Executor,
  alert: OwnerAlert,
  now: number = Date.now(),
): Promise<number> {
  const devices = await ownTables(db)
    .selectFrom('push_subscription')
    .select(['id', 'kinds'])
    .orderBy('id')
    .limit(100)
    .execute()
  const wanting = devices.filter((device) => device.kinds.split(',').includes(alert.kind))
  if (wanting.length === 0) return 0
  const payload: AlertPayload = {
    title: alert.title,
    body: alert.body,
    url: alert.url,
    tag: alert.event,
  }
  const rows = await ownTables(db)
    .insertInto('push_alert')
    .values(
      wanting.map((device) => ({
        subscription_id: device.id,
        kind: alert.kind,
        dedupe_key: `${alert.event}@${device.id}`,
        payload: JSON.stringify(payload),
        created_at: now,
        next_attempt_at: now,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute()
  return rows.length
}

/** Queues a test alert for one device, whatever its switches say. */
export async function queueTestAlert(
  db: Executor,
  deviceId: number,
  now: number = Date.now(),
): Promise<boolean> {
  const payload: AlertPayload = {
    title: 'Test alert',
    body: 'Alerts reach this device. New requests will show here like this.',
    url: '/admin/settings/alerts',
    tag: `test:${deviceId}`,
  }
  const rows = await ownTables(db)
    .insertInto('push_alert')
    .columns(['subscription_id', 'kind', 'dedupe_key', 'payload', 'created_at', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscription')
        .select((eb) => [
          'id',
          eb.val<string>('test').as('kind'),
          eb.val<string>(`test:${now}@${deviceId}`).as('dedupe_key'),
          eb.val<string>(JSON.stringify(payload)).as('payload'),
          eb.val<number>(now).as('created_at'),
          eb.val<number>(now).as('next_attempt_at'),
        ])
        .where('id', '=', deviceId),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute()
  return rows.length > 0
}

/** An alert a sender holds the lease on, with its device's keys. */
export interface ClaimedAlert {
  id: number
  kind: AlertKind | 'test'
  subscriptionId: number
  /** Counting this one; also the claim's token. */
  attempts: number
  createdAt: number
  payload: string | null
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * Takes one due alert for this sender, leased, as the mail outbox takes an
 * email: the one leased queue's claim (app/db/leased-queue.server.ts). The
 * alerts of `skipDevices` (those this sender is busy with) are left for later.
 */
export async function claimDueAlert(
  db: Kysely<Database>,
  {
    now = Date.now(),
    leaseMs = ALERT_LEASE_MS,
    skipDevices = [],
  }: { now?: number; leaseMs?: number; skipDevices?: readonly number[] } = {},
): Promise<ClaimedAlert | undefined> {
  const row = await claimDue<Selectable<PushAlertTable>>(db, 'push_alert', {
    now,
    leaseMs,
    skip: { column: 'subscription_id', values: skipDevices },
  })
  if (!row) return undefined
  const device = await ownTables(db)
    .selectFrom('push_subscription')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('id', '=', row.subscription_id)
    .executeTakeFirst()
  if (!device) {
    // Removed while the alert waited: nothing to send it to.
    await ownTables(db).deleteFrom('push_alert').where('id', '=', row.id).execute()
    return claimDueAlert(db, { now, leaseMs, skipDevices })
  }
  return {
    id: row.id,
    kind: row.kind as AlertKind | 'test',
    subscriptionId: row.subscription_id,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    payload: row.payload,
    ...device,
  }
}

/** When a sender should look again: the earliest due alert or lease to run out. */
export async function findNextAlertDueAt(db: Kysely<Database>): Promise<number | undefined> {
  return findNextDueAt(db, 'push_alert')
}

type Claim = Pick<ClaimedAlert, 'id' | 'attempts' | 'subscriptionId'>

/** Sent: its words are deleted (they named a customer), and the device marked as reached. */
export async function markAlertSent(db: Kysely<Database>, claim: Claim, now = Date.now()) {
  await settleClaim(db, 'push_alert', claim, {
    status: 'sent',
    sent_at: now,
    payload: null,
    last_error: null,
  })
  await ownTables(db)
    .updateTable('push_subscription')
    .set({ last_success_at: now, failures: 0 })
    .where('id', '=', claim.subscriptionId)
    .execute()
}

/**
 * Not delivered this time: queued again with a doubling delay, or, once it
 * has tried for ALERT_GIVE_UP_MS or cannot be sent at all, failed with its
 * words deleted. Returns what became of it.
 */
export async function markAlertForRetry(
  db: Kysely<Database>,
  claim: Claim & Pick<ClaimedAlert, 'createdAt'>,
  error: string,
  {
    now = Date.now(),
    retryMinMs = ALERT_RETRY_MIN_MS,
    permanent = false,
  }: { now?: number; retryMinMs?: number; permanent?: boolean } = {},
): Promise<'queued' | 'failed'> {
  const reason = error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH)}…` : error
  await ownTables(db)
    .updateTable('push_subscription')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', claim.subscriptionId)
    .execute()
  if (permanent || now - claim.createdAt >= ALERT_GIVE_UP_MS) {
    await settleClaim(db, 'push_alert', claim, {
      status: 'failed',
      payload: null,
      last_error: reason,
    })
    return 'failed'
  }
  await requeueClaim(db, 'push_alert', claim, {
    now,
    minMs: retryMinMs,
    maxMs: ALERT_MAX_RETRY_MS,
    also: { last_error: reason },
  })
  return 'queued'
}

/** The push service says the device is gone (404, 410): it and its queue are removed. */
export async function forgetDevice(db: Kysely<Database>, subscriptionId: number): Promise<void> {
  await ownTables(db)
    .deleteFrom('push_alert')
    .where('subscription_id', '=', subscriptionId)
    .execute()
  await ownTables(db).deleteFrom('push_subscription').where('id', '=', subscriptionId).execute()
}

/** Old sent and failed alerts (their words long deleted) go after ALERT_KEEP_MS. */
export async function pruneOldAlerts(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await ownTables(db)
    .deleteFrom('push_alert')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', now - ALERT_KEEP_MS)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
