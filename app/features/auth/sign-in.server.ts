import { describeWait } from '#app/utils/rate-limit.ts'
import { BodyTooLargeError, readBodyText } from '#app/utils/read-body.server.ts'
import type { Reply } from '#app/utils/reply.ts'
import type { Auth } from './auth.server.ts'
import { type LoginThrottle, createLoginThrottle, throttleKeys } from './login-throttle.ts'
import { signIn } from './session.server.ts'

export type SignInReply = { ok: true } | { ok: false; error: string }

/** Sign-in always answers with headers of its own: the session cookie, or Retry-After. */
export type SignInOutcome = Reply<SignInReply> & { headers: Headers }

const processThrottle = createLoginThrottle()

/**
 * Handles the sign-in dialog's post: email and password, throttled per
 * address and per account (5 failures in 15 minutes), one message for any
 * wrong email or password, and a new session cookie on success.
 */
export async function receiveSignIn({
  request,
  clientIp,
  auth,
  now = Date.now(),
  throttle = processThrottle,
}: {
  request: Request
  clientIp: string
  auth: Auth
  now?: number
  throttle?: LoginThrottle
}): Promise<SignInOutcome> {
  const headers = new Headers()
  const reply = (status: number, body: SignInReply): SignInOutcome => ({ status, body, headers })

  let text: string
  try {
    text = await readBodyText(request, 4096)
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return reply(413, { ok: false, error: 'Invalid email or password.' })
    throw error
  }
  const form = new URLSearchParams(text)
  const email = (form.get('email') ?? '').trim()
  const password = form.get('password') ?? ''
  if (!email || !password) {
    return reply(400, { ok: false, error: 'Enter your email address and password.' })
  }

  const keys = throttleKeys(clientIp, email)
  const wait = throttle.retryAfter(keys, now)
  if (wait > 0) {
    headers.set('Retry-After', String(Math.ceil(wait / 1000)))
    return reply(429, {
      ok: false,
      error: `Too many failed sign-in attempts. Please try again in ${describeWait(wait)}.`,
    })
  }

  const result = await signIn(auth, { email, password, headers: request.headers })
  if (!result.ok) {
    throttle.recordFailure(keys, now)
    return reply(result.status, { ok: false, error: result.error })
  }
  throttle.recordSuccess(keys)
  for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie)
  return reply(200, { ok: true })
}
