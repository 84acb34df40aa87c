import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'

const ownTables = tablesFor('owner-alerts')

type Executor = Kysely<Database> | Transaction<Database>

/** The app_state key that keeps the site's VAPID key pair, as JSON. */
export const VAPID_KEY = 'owner-alerts:vapid'

export interface VapidKeys {
  /** base64url, uncompressed P-256: what a browser subscribes with. */
  publicKey: string
  privateKey: string
}

/**
 * The site's VAPID keys, made the first time anyone asks and kept in the
 * database: every instance signs pushes with the same pair, and a browser
 * subscribed through one is reached through any. Two instances starting at
 * once each make a pair, but only the first insert is kept (insert if absent)
 * and both read that one back.
 */
export async function getVapidKeys(db: Executor): Promise<VapidKeys> {
  const stored = await readVapidKeys(db)
  if (stored) return stored
  const { default: webpush } = await import('web-push')
  const fresh = webpush.generateVAPIDKeys()
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: VAPID_KEY, value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const kept = await readVapidKeys(db)
  if (!kept) throw new Error('owner-alerts: the VAPID keys could not be stored')
  return kept
}

async function readVapidKeys(db: Executor): Promise<VapidKeys | undefined> {
  const row = await ownTables(db)
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', VAPID_KEY)
    .executeTakeFirst()
  if (!row) return undefined
  const keys = JSON.parse(row.value) as Partial<VapidKeys>
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error('owner-alerts: the stored VAPID keys cannot be read')
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey }
}
