/**
 * Counts failed sign-ins per key. After `max` failures within `windowMs`,
 * further tries under that key are refused until the oldest failure leaves
 * the window; a success clears the slate for its keys.
 *
 * Which keys a try counts under is the defence against both brute force and
 * lockout (OWASP's device cookies, see docs/decisions/012): a browser that
 * has signed in to the account before is counted on its own, so strangers'
 * failures for the owner's email never lock the owner's browser out, while
 * any other try counts against both its address and the account.
 */
export function createLoginThrottle({
  store,
  max = 5,
  windowMs = 15 * 60_000,
}: {
  store: LoginThrottleStore
  max?: number
  windowMs?: number
}) {
  return {
    /** Milliseconds until a try is allowed again, or 0 when it is allowed now. */
    async retryAfter(keys: string[], now: number): Promise<number> {
      let wait = 0
      for (const key of keys) {
        const times = await store.listFailures(key, now - windowMs)
        if (times.length >= max) wait = Math.max(wait, times[times.length - max]! + windowMs - now)
      }
      return wait
    },
    async recordFailure(keys: string[], now: number): Promise<void> {
      for (const key of keys) await store.addFailure(key, now, now - windowMs)
    },
    async recordSuccess(keys: string[]): Promise<void> {
      for (const key of keys) await store.clearFailures(key)
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>

/**
 * Where the throttle keeps failure times: the database
 * (login-throttle.server.ts), so every instance of the site counts the same
 * failures.
 */
export interface LoginThrottleStore {
  /** The failure times under `key` later than `since`, oldest first. */
  listFailures(key: string, since: number): Promise<number[]>
  /** Records a failure; times not later than `since` may be forgotten. */
  addFailure(key: string, at: number, since: number): Promise<void>
  clearFailures(key: string): Promise<void>
}

/**
 * The keys a sign-in try counts under. `trustedDevice` is the id of a valid
 * device cookie issued for this very account (see device-cookie.server.ts).
 */
export function throttleKeys({
  clientIp,
  email,
  trustedDevice,
}: {
  clientIp: string
  email: string
  trustedDevice?: string
}): string[] {
  const account = email.trim().toLowerCase()
  if (trustedDevice) return [`device:${trustedDevice}:${account}`]
  return [`ip:${clientIp}`, `account:${account}`]
}
