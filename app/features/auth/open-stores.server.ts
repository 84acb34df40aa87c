import type { Env } from '#app/config/env.server.ts'
import { type Db, migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { loadAuthSecret } from './admins.server.ts'
import { type Auth, createAuth, migrateAuth } from './auth.server.ts'

/**
 * Opens the database in DATA_DIR and brings its tables and better-auth's up
 * to date: how the server and `npm run admin` both start.
 */
export async function openStores(
  env: Pick<Env, 'DATA_DIR' | 'SITE_URL' | 'AUTH_SECRET'>,
): Promise<{ db: Db; auth: Auth }> {
  const db = openDatabase(env.DATA_DIR)
  try {
    await migrateToLatest(db)
    const auth = createAuth({
      db,
      siteUrl: env.SITE_URL,
      secret: loadAuthSecret(env.DATA_DIR, env.AUTH_SECRET),
    })
    await migrateAuth(auth)
    return { db, auth }
  } catch (error) {
    await db.destroy()
    throw error
  }
}
