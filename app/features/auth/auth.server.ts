import { betterAuth } from 'better-auth'
import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import { isPostgres } from '#app/db/portable-schema.server.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts'
import {
  RESET_LINK_MINUTES,
  RESET_PATH,
  queuePasswordResetEmail,
} from './password-reset-email.server.ts'

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH }

/** Unused for this long, a session ends (each use pushes this out again). */
export const SESSION_IDLE_SECONDS = 3 * 24 * 60 * 60
/** However much it is used, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000

/**
 * better-auth with email and password over our own database, SQLite or
 * PostgreSQL, through the same Kysely instance and dialect. Only its
 * server API is used: our routes sign in and out and reset passwords, so
 * its HTTP endpoints (sign-up among them) are never exposed.
 */
export function createAuth({ db, siteUrl, secret }: { db: Db; siteUrl: string; secret: string }) {
  return betterAuth({
    // Read by better-auth's plugins only (a two-factor issuer, a passkey's
    // name), and this site uses none: no page or email shows it, so the
    // seed's name stays (decision 059, Later).
    appName: site.brandTitle,
    baseURL: siteUrl,
    secret,
    database: { db, type: isPostgres(db) ? 'postgres' : 'sqlite' },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // "Forgot password?": a single-use link, through the outbox, to our own page
      // (password-reset.server.ts); setting the password ends every session.
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) =>
        queuePasswordResetEmail(db, { to: user.email, url: `${siteUrl}${RESET_PATH}/${token}` }),
    },
    // Only a hash of each reset token is stored: a copy of the database opens no account.
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      // Push the idle expiry out at most once an hour, not on every request.
      updateAge: 60 * 60,
    },
    // Sign-in throttling is ours (failures per address and per account).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'bakery',
      useSecureCookies: siteUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    telemetry: { enabled: false },
    trustedOrigins: [siteUrl],
  })
}

export type Auth = ReturnType<typeof createAuth>

let current: Auth | undefined

export function getAuth(): Auth {
  if (!current) throw new Error('Auth is not set up yet: call setAuth() at boot.')
  return current
}

export function setAuth(auth: Auth | undefined): void {
  current = auth
}

/** Creates or updates better-auth's tables (user, session, account, verification). */
export async function migrateAuth(auth: Auth): Promise<void> {
  const context = await auth.$context
  await context.runMigrations()
}
