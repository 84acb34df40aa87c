import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { isEmailAddress } from '#app/utils/email-address.ts'
import { type Auth, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.server.ts'
import { ensureSetupToken, forgetSetupToken, setupLink } from './setup-link.server.ts'

const ownTables = tablesFor('auth')

export class AdminError extends Error {
  override name = 'AdminError'
}

export interface AdminSummary {
  email: string
  createdAt: Date
}

/** Refuses passwords outside the bounds; never trims or truncates them. */
export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AdminError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AdminError(`The password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  }
}

function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase()
  if (!isEmailAddress(normalized)) {
    throw new AdminError(`"${email}" is not an email address.`)
  }
  return normalized
}

export async function createAdmin(auth: Auth, email: string, password: string): Promise<void> {
  const address = normalizeEmail(email)
  checkPassword(password)
  const context = await auth.$context
  if (await context.internalAdapter.findUserByEmail(address)) {
    throw new AdminError(`An admin with the email ${address} already exists.`)
  }
  const hash = await context.password.hash(password)
  const user = await context.internalAdapter.createUser(
    { email: address, name: address.split('@')[0] ?? address, emailVerified: true },
    { method: 'admin' },
  )
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  })
}

/** Sets a new password and signs the admin out everywhere. */
export async function changeAdminPassword(auth: Auth, email: string, password: string) {
  checkPassword(password)
  const context = await auth.$context
  const user = await findAdmin(auth, email)
  await context.internalAdapter.updatePassword(user.id, await context.password.hash(password))
  await context.internalAdapter.deleteUserSessions(user.id)
}

export async function removeAdmin(auth: Auth, email: string): Promise<void> {
  const context = await auth.$context
  const user = await findAdmin(auth, email)
  await context.internalAdapter.deleteUserSessions(user.id)
  await context.internalAdapter.deleteAccounts(user.id)
  await context.internalAdapter.deleteUser(user.id)
}

export async function listAdmins(auth: Auth): Promise<AdminSummary[]> {
  const context = await auth.$context
  const users = await context.internalAdapter.listUsers(undefined, undefined, {
    field: 'email',
    direction: 'asc',
  })
  return users.map((user) => ({ email: user.email, createdAt: new Date(user.createdAt) }))
}

async function findAdmin(auth: Auth, email: string) {
  const address = normalizeEmail(email)
  const context = await auth.$context
  const found = await context.internalAdapter.findUserByEmail(address)
  if (!found) throw new AdminError(`There is no admin with the email ${address}.`)
  return found.user
}

/**
 * createAdmin at boot, where instances of the site on one database may start
 * at the same moment and each find the admin missing: the one whose insert
 * loses to another's gets false, not an error, and starts all the same.
 */
async function createAdminAtBoot(auth: Auth, email: string, password: string): Promise<boolean> {
  try {
    await createAdmin(auth, email, password)
    return true
  } catch (error) {
    const context = await auth.$context
    if (await context.internalAdapter.findUserByEmail(normalizeEmail(email))) return false
    throw error
  }
}

/**
 * At boot: ADMIN_EMAIL + ADMIN_PASSWORD create that admin if it is missing.
 * With no admin at all and neither set, boot prints the one-time setup link
 * (setup-link.server.ts) where the owner makes her own account: the only
 * secret the log ever carries, and no password is written anywhere.
 */
export async function ensureAdmin(
  auth: Auth,
  {
    adminEmail,
    adminPassword,
    db,
    siteUrl,
    log = console.log,
  }: {
    adminEmail?: string
    adminPassword?: string
    db: Db
    siteUrl: string
    log?: (line: string) => void
  },
): Promise<void> {
  const context = await auth.$context
  if (adminEmail && adminPassword) {
    if (!(await context.internalAdapter.findUserByEmail(normalizeEmail(adminEmail)))) {
      if (await createAdminAtBoot(auth, adminEmail, adminPassword)) {
        log(`admin: created ${adminEmail} from ADMIN_EMAIL`)
      }
    }
  }
  if ((await context.internalAdapter.countTotalUsers()) > 0) {
    await forgetSetupToken(db)
    return
  }
  const token = await ensureSetupToken(db)
  log(`Set up your bakery: ${setupLink(siteUrl, token)}`)
  log('admin: the link works once; it makes the first admin (the owner) and then stops working')
}

/**
 * The key that signs session cookies: AUTH_SECRET if set, else one generated
 * on first start and kept in DATA_DIR, so sessions survive restarts. (On
 * PostgreSQL, `loadSharedAuthSecret` keeps it in the database instead.)
 */
export function loadAuthSecret(dataDir: string, configured?: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

const AUTH_SECRET_KEY = 'auth_secret'

/**
 * On a shared database the generated key lives in the database, so every
 * instance signs and checks sessions with the same one: the first to start
 * stores it, the others read it (insert-if-absent, then read).
 */
export async function loadSharedAuthSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: AUTH_SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await ownTables(db)
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', AUTH_SECRET_KEY)
    .executeTakeFirstOrThrow()
  return row.value
}
