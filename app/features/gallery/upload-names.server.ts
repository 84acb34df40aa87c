import { randomUUID } from 'node:crypto'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { acquireLease, releaseLease } from '#app/db/lease.server.ts'
import { storedName } from '#app/features/media/safe-name.ts'

const ownTables = tablesFor('gallery')

/** Names tried per upload: uploads of one name in one millisecond, far more than ever come at once. */
const NAME_ATTEMPTS = 1000

/** How long an upload being processed keeps its name; far longer than any upload takes. */
const UPLOAD_NAME_LEASE_MS = 60 * 60_000

/**
 * '{timestamp}_{safeName}', moved on by a millisecond if a record has that
 * name or an upload still being processed claimed it. The claim is a lease
 * row, so uploads on two instances never write the same files.
 */
export async function claimUnusedName(
  db: Db,
  uploadedName: string,
  timestamp: number,
): Promise<{ name: string; lease: { name: string; holder: string } }> {
  const holder = randomUUID()
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const candidate = storedName(uploadedName, timestamp + attempt)
    const lease = { name: `upload-name:${candidate}`, holder }
    if (!(await acquireLease(db, { ...lease, ttlMs: UPLOAD_NAME_LEASE_MS }))) continue
    // Looked up only once the lease is ours: an upload of the same name
    // holds it until its record is written, so a name read as free here
    // cannot be recorded by another upload before this one's.
    const taken = await ownTables(db)
      .selectFrom('gallery_image')
      .select('id')
      .where('file_name', '=', candidate)
      .executeTakeFirst()
    if (!taken) return { name: candidate, lease }
    await releaseLease(db, lease)
  }
  throw new Error(`No free file name for “${uploadedName}” after ${NAME_ATTEMPTS} tries`)
}
