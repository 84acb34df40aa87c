export interface RateLimitStore {
  hits: Map<string, number[]>
}

export function createRateLimitStore(): RateLimitStore {
  return { hits: new Map() }
}

/**
 * A sliding-window limit: at most `max` hits per `windowMs` for each key.
 * Pure apart from the store, and `now` is passed in, so it is trivial to test.
 */
export function rateLimit({
  store,
  key,
  max,
  windowMs,
  now,
}: {
  store: RateLimitStore
  key: string
  max: number
  windowMs: number
  now: number
}): { allowed: true } | { allowed: false; retryAfterMs: number } {
  const recent = (store.hits.get(key) ?? []).filter((time) => time > now - windowMs)
  if (recent.length >= max) {
    store.hits.set(key, recent)
    return { allowed: false, retryAfterMs: recent[0]! + windowMs - now }
  }
  recent.push(now)
  store.hits.set(key, recent)
  // Keys of visitors long gone would otherwise pile up for ever.
  if (store.hits.size > 10_000) pruneRateLimitStore(store, now - windowMs)
  return { allowed: true }
}

function pruneRateLimitStore(store: RateLimitStore, before: number): void {
  for (const [key, times] of store.hits) {
    if (times.every((time) => time <= before)) store.hits.delete(key)
  }
}

/** '45 seconds', '1 minute', '3 minutes' */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
