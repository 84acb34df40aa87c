import { BodyTooLargeError, readBodyText } from './read-body.server.ts'
import { type RateLimitStore, describeWait, rateLimit } from './rate-limit.ts'

/** What a public form's action answers; routes turn it into a response as it is. */
export interface PostOutcome<Body> {
  status: number
  body: Body
  headers?: Record<string, string>
}

export interface PostFailure {
  ok: false
  error: string
}

/** About ten sends a minute from one address is more than any person needs. */
export const SENDS_PER_MINUTE = 10

/**
 * The checks every public post gets before its content is looked at: a rate
 * limit per client address, then a body read that stops at `maxBytes`.
 */
export async function readPublicPost({
  request,
  clientIp,
  limits,
  maxBytes,
  now = Date.now(),
}: {
  request: Request
  clientIp: string
  limits: RateLimitStore
  maxBytes: number
  now?: number
}): Promise<{ text: string } | { refused: PostOutcome<PostFailure> }> {
  const limit = rateLimit({
    store: limits,
    key: clientIp,
    max: SENDS_PER_MINUTE,
    windowMs: 60_000,
    now,
  })
  if (!limit.allowed) {
    return {
      refused: {
        status: 429,
        headers: { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) },
        body: {
          ok: false,
          error: `You have sent a lot in the last minute. Please try again in ${describeWait(limit.retryAfterMs)}.`,
        },
      },
    }
  }
  try {
    return { text: await readBodyText(request, maxBytes) }
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    return {
      refused: {
        status: 413,
        body: {
          ok: false,
          error: `That is more than we can take in one send (${Math.round(maxBytes / 1024)} KB). Please send it in smaller parts.`,
        },
      },
    }
  }
}
