import type { Transaction } from 'kysely'
import { getEnv } from '#app/config/env.server.ts'
import { type Db, getDb, serializeTransactions } from '#app/db/db.server.ts'
import type { Database } from '#app/db/schema.ts'
import type { MediaStore } from './media-store.server.ts'
import { getMediaStore } from './open-media-store.server.ts'

/** What every kind of photo upload works with: the database, the store and the shared quota. */
export interface MediaSettings {
  db: Db
  /** Where the photos go: DATA_DIR/media or a bucket (MEDIA_STORE). */
  store: MediaStore
  /** MEDIA_QUOTA_MB in bytes; undefined means no limit. */
  quotaBytes?: number
}

/** The running server's media settings, from the environment validated at boot. */
export function mediaSettings(): MediaSettings {
  const env = getEnv()
  return {
    db: getDb(),
    store: getMediaStore(),
    quotaBytes: env.MEDIA_QUOTA_MB === undefined ? undefined : env.MEDIA_QUOTA_MB * 1024 * 1024,
  }
}

export class QuotaExceededError extends Error {
  override name = 'QuotaExceededError'
}

/**
 * The tables whose rows record photos in the store, each with the bytes its
 * files take (`stored_bytes`). The quota is the store's, not one feature's:
 * a new kind of stored photo adds its table here, or it escapes the quota.
 * These columns are all the media module reads of them; the gallery,
 * inspiration and proofs features own the tables.
 */
export const PHOTO_TABLES = ['gallery_image', 'inspiration_photo', 'proof_image'] as const

/**
 * Bytes stored for every recorded variant, as counted against MEDIA_QUOTA_MB:
 * the gallery's photos and the customers' inspiration photos share one store,
 * so they share one quota.
 */
export async function mediaUsageBytes(db: Db): Promise<number> {
  let total = 0
  // One after the other: inside a transaction both share one connection.
  for (const table of PHOTO_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stored_bytes'), eb.lit(0)).as('total'))
      .executeTakeFirstOrThrow()
    total += Number(row.total)
  }
  return total
}

/**
 * The lock a transaction takes before it checks the quota and records a
 * photo: one name for every kind of photo, so two uploads of either kind
 * finishing together cannot both squeeze under the quota. It keeps the name
 * it had when only the gallery took photos, so an instance still running
 * older code during a rolling update takes the same lock.
 */
export const MEDIA_QUOTA_LOCK = 'gallery_image'

/**
 * In the transaction that is about to record a private image's `adding`
 * bytes: takes MEDIA_QUOTA_LOCK, then refuses with QuotaExceededError when
 * they do not fit under `quotaBytes` (undefined: no limit). The lock holds
 * until the transaction ends, so the record is in before another upload counts.
 */
export async function claimMediaRoomIn(
  trx: Transaction<Database>,
  { adding, quotaBytes }: { adding: number; quotaBytes: number | undefined },
): Promise<void> {
  await serializeTransactions(trx, MEDIA_QUOTA_LOCK)
  if (quotaBytes !== undefined && (await mediaUsageBytes(trx)) + adding > quotaBytes) {
    throw new QuotaExceededError('The media folder is full.')
  }
}
