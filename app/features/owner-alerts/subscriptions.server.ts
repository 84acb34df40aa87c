import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { ALERT_KINDS, type AlertKind, readKinds, writeKinds } from './alert-kinds.ts'

const ownTables = tablesFor('owner-alerts')

type Executor = Kysely<Database> | Transaction<Database>

/** A device that turned alerts on, as Settings shows it (never its keys). */
export interface AlertDevice {
  id: number
  label: string
  kinds: AlertKind[]
  createdAt: number
  lastSuccessAt: number | null
  failures: number
  /** The push service's address: the browser compares it with its own to say "this phone". */
  endpoint: string
}

/** What a browser hands over when it subscribes (PushSubscription.toJSON()). */
export interface BrowserSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * Stores a browser's subscription for an admin, with every kind on. The
 * same browser subscribing again (a new permission, a reinstall) keeps its
 * row and its switches, with its new keys and label.
 */
export async function saveSubscription(
  db: Executor,
  {
    userId,
    subscription,
    label,
    now,
  }: { userId: string; subscription: BrowserSubscription; label: string; now: number },
): Promise<number> {
  const row = await ownTables(db)
    .insertInto('push_subscription')
    .values({
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      user_id: userId,
      device_label: label,
      kinds: writeKinds(ALERT_KINDS),
      created_at: now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        user_id: userId,
        device_label: label,
        failures: 0,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Every device that turned alerts on, oldest first (the bakery has one owner and a few admins). */
export async function listDevices(db: Executor): Promise<AlertDevice[]> {
  const rows = await ownTables(db)
    .selectFrom('push_subscription')
    .select([
      'id',
      'device_label',
      'kinds',
      'created_at',
      'last_success_at',
      'failures',
      'endpoint',
    ])
    .orderBy('id')
    .limit(100)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    label: row.device_label,
    kinds: readKinds(row.kinds),
    createdAt: Number(row.created_at),
    lastSuccessAt: row.last_success_at === null ? null : Number(row.last_success_at),
    failures: Number(row.failures),
    endpoint: row.endpoint,
  }))
}

/** Sets which kinds a device gets. Returns false when there is no such device. */
export async function setDeviceKinds(
  db: Executor,
  deviceId: number,
  kinds: readonly AlertKind[],
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('push_subscription')
    .set({ kinds: writeKinds(kinds) })
    .where('id', '=', deviceId)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Removes a device and whatever is still queued for it. Returns false when it was gone. */
export async function removeDevice(db: Executor, deviceId: number): Promise<boolean> {
  const result = await ownTables(db)
    .deleteFrom('push_subscription')
    .where('id', '=', deviceId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}
