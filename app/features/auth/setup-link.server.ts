import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'

const ownTables = tablesFor('auth')

/**
 * The first-run setup link (docs/decisions/058): on an install with no admin,
 * boot prints `<SITE_URL>/admin/setup?token=…`, and the page it opens makes
 * the first admin. The token is 256 random bits kept in app_state, written
 * insert-if-absent, so instances starting at once on one database agree on
 * one token and each prints the same link; a later boot, still without an
 * admin, prints it again. It is kept as it is (like the shared sign-in key
 * beside it): whoever can read the database can already make an admin.
 * Setting up deletes it in the transaction that makes the admin.
 */

export const SETUP_PATH = '/admin/setup'

const SETUP_TOKEN_KEY = 'setup_token'

type Executor = Kysely<Database>

/** The one setup token: this install's, made now if there is none yet. */
export async function ensureSetupToken(db: Executor): Promise<string> {
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: SETUP_TOKEN_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await ownTables(db)
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', SETUP_TOKEN_KEY)
    .executeTakeFirstOrThrow()
  return row.value
}

/** The link printed at boot. */
export function setupLink(siteUrl: string, token: string): string {
  return `${siteUrl}${SETUP_PATH}?token=${encodeURIComponent(token)}`
}

/** Whether `token` is the unused setup token. */
export async function setupTokenWorks(db: Executor, token: string): Promise<boolean> {
  if (!token) return false
  const row = await ownTables(db)
    .selectFrom('app_state')
    .select('key')
    .where('key', '=', SETUP_TOKEN_KEY)
    .where('value', '=', token)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Spends the setup token: true for the one transaction that deletes it,
 * false for any other (a second tab, a second use of the link). Run it in
 * the transaction that makes the admin, so both happen or neither does.
 */
export async function spendSetupToken(db: Executor, token: string): Promise<boolean> {
  if (!token) return false
  const result = await ownTables(db)
    .deleteFrom('app_state')
    .where('key', '=', SETUP_TOKEN_KEY)
    .where('value', '=', token)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** Once an admin exists by another way (ADMIN_EMAIL, the command line), the link goes. */
export async function forgetSetupToken(db: Executor): Promise<void> {
  await ownTables(db).deleteFrom('app_state').where('key', '=', SETUP_TOKEN_KEY).execute()
}
