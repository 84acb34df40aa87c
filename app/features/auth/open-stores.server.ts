import { EnvError, type Env } from '#app/config/env.server.ts'
import {
  type Db,
  isDatabaseHealthy,
  migrateToLatest,
  oneInstanceAtATime,
  openDatabase,
  redactDatabaseUrl,
} from '#app/db/db.server.ts'
import { loadAuthSecret, loadSharedAuthSecret } from './admins.server.ts'
import { type Auth, createAuth, migrateAuth } from './auth.server.ts'

/**
 * Opens the database (PostgreSQL at DATABASE_URL, else SQLite in DATA_DIR)
 * and brings its tables and better-auth's up to date: how the server and
 * `npm run admin` both start.
 */
export async function openStores(
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'SITE_URL' | 'AUTH_SECRET'>,
): Promise<{ db: Db; auth: Auth }> {
  const db = openDatabase({ dataDir: env.DATA_DIR, url: env.DATABASE_URL })
  try {
    if (env.DATABASE_URL) await requireReachable(db, env.DATABASE_URL)
    await migrateToLatest(db)
    const auth = createAuth({
      db,
      siteUrl: env.SITE_URL,
      // Instances on one PostgreSQL share its key; the embedded default keeps
      // it beside its database, in DATA_DIR.
      secret: env.DATABASE_URL
        ? await loadSharedAuthSecret(db, env.AUTH_SECRET)
        : loadAuthSecret(env.DATA_DIR, env.AUTH_SECRET),
    })
    // better-auth creates its tables without a lock of its own (our migrator takes one).
    await oneInstanceAtATime(db, 'better-auth migrations', () => migrateAuth(auth))
    return { db, auth }
  } catch (error) {
    await db.destroy()
    throw error
  }
}

/**
 * A database that cannot be reached is a configuration problem: boot stops
 * with a message naming the variable, as for a malformed one. The URL is
 * shown without its password.
 */
async function requireReachable(db: Db, url: string): Promise<void> {
  let reason = ''
  const healthy = await isDatabaseHealthy(db, (error) => {
    reason = error instanceof Error ? error.message : String(error)
  })
  if (!healthy) {
    throw new EnvError(
      `Invalid environment:\n  DATABASE_URL: cannot connect to ${redactDatabaseUrl(url)}${reason ? ` (${reason})` : ''}`,
    )
  }
}
