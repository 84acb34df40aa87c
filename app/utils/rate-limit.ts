export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number }

/**
 * A sliding-window limit: at most `max` hits per `windowMs`. Given the hit
 * times kept so far, says whether a hit at `now` is allowed and which times
 * to keep after it (refused hits are not kept, so they do not extend the
 * wait). Pure: where the times live is the caller's business
 * (rate-limit.server.ts keeps them in the database).
 */
export function countHit({
  hits,
  max,
  windowMs,
  now,
}: {
  hits: readonly number[]
  max: number
  windowMs: number
  now: number
}): RateLimitResult & { hits: number[] } {
  const recent = hits.filter((time) => time > now - windowMs).sort((a, b) => a - b)
  if (recent.length >= max) {
    return {
      allowed: false,
      retryAfterMs: recent[recent.length - max]! + windowMs - now,
      hits: recent,
    }
  }
  return { allowed: true, hits: [...recent, now] }
}

/** '45 seconds', '1 minute', '3 minutes' */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
