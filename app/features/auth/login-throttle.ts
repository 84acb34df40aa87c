/**
 * Counts failed sign-ins per key (an address, an account). After `max`
 * failures within `windowMs`, further tries are refused until the oldest
 * failure leaves the window; a success clears the slate for its keys.
 */
export function createLoginThrottle({ max = 5, windowMs = 15 * 60_000 } = {}) {
  const failures = new Map<string, number[]>()

  const recent = (key: string, now: number) =>
    (failures.get(key) ?? []).filter((time) => time > now - windowMs)

  return {
    /** Milliseconds until a try is allowed again, or 0 when it is allowed now. */
    retryAfter(keys: string[], now: number): number {
      let wait = 0
      for (const key of keys) {
        const times = recent(key, now)
        if (times.length >= max) wait = Math.max(wait, times[times.length - max]! + windowMs - now)
      }
      return wait
    },
    recordFailure(keys: string[], now: number): void {
      for (const key of keys) failures.set(key, [...recent(key, now), now])
      if (failures.size > 10_000) {
        for (const [key] of failures) if (recent(key, now).length === 0) failures.delete(key)
      }
    },
    recordSuccess(keys: string[]): void {
      for (const key of keys) failures.delete(key)
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>

export function throttleKeys(clientIp: string, email: string): string[] {
  return [`ip:${clientIp}`, `account:${email.trim().toLowerCase()}`]
}
