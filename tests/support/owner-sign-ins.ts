/**
 * The owner's sign-ins, for auth's tests of signing in, lockouts and admins:
 * each test's auth over a database of its own (so its failed sign-ins count
 * in that test's throttle table alone), a fresh client address for each
 * sign-in, and the cookies a browser sends back.
 */
import type { Db } from '#app/db/db.server.ts'
import type { Auth } from '#app/features/auth/auth.server.ts'
import { receiveSignIn as receiveSignInShared } from '#app/features/auth/sign-in.server.ts'
import { setUpAuth as setUpAuthShared } from './admins.ts'

/** Each test's database, so sign-ins count their failures in the test's own throttle table. */
const databases = new WeakMap<Auth, Db>()
/** A real database with better-auth's tables, its sign-ins counted in that database. */
export const setUpAuth = async (options?: Parameters<typeof setUpAuthShared>[0]) => {
  const setUp = await setUpAuthShared(options)
  databases.set(setUp.auth, setUp.db)
  return setUp
}
/** A sign-in to the form, counting its failures in its auth's own database. */
export const receiveSignIn = (options: Omit<Parameters<typeof receiveSignInShared>[0], 'db'>) =>
  receiveSignInShared({ ...options, db: databases.get(options.auth)! })

/** The bakery's owner, the admin most tests start with. */
export const OWNER = { email: 'owner@bakery.test', password: 'correct horse battery staple' }
let ipCounter = 0
/** A client address no earlier sign-in has come from. */
export const freshIp = () => `10.9.0.${++ipCounter}`

/** The Cookie header a browser sends back after these Set-Cookie lines. */
export function cookieHeader(setCookies: Headers) {
  return setCookies
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}
