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
  store = createMemoryThrottleStore(),
  max = 5,
  windowMs = 15 * 60_000,
}: { store?: LoginThrottleStore; max?: number; windowMs?: number } = {}) {
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
 * Where the throttle keeps failure times. In memory for one process today; a
 * database table can take its place when several servers share the work.
 */
export interface LoginThrottleStore {
  /** The failure times under `key` later than `since`, oldest first. */
  listFailures(key: string, since: number): Promise<number[]>
  /** Records a failure; times not later than `since` may be forgotten. */
  addFailure(key: string, at: number, since: number): Promise<void>
  clearFailures(key: string): Promise<void>
}

export function createMemoryThrottleStore({ maxKeys = 10_000 } = {}): LoginThrottleStore {
  const failures = new Map<string, number[]>()
  const recent = (key: string, since: number) =>
    (failures.get(key) ?? []).filter((time) => time > since)
  return {
    async listFailures(key, since) {
      return recent(key, since)
    },
    async addFailure(key, at, since) {
      failures.set(key, [...recent(key, since), at])
      // Bounded: a flood of made-up keys cannot grow memory without end.
      if (failures.size > maxKeys) {
        for (const [stale] of failures)
          if (recent(stale, since).length === 0) failures.delete(stale)
      }
    },
    async clearFailures(key) {
      failures.delete(key)
    },
  }
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
