import type { Db } from '#app/db/db.server.ts'
import { isEmailAddress } from '#app/utils/email-address.ts'
import { describeWait } from '#app/utils/rate-limit.ts'
import { BodyTooLargeError, readBodyText } from '#app/utils/read-body.server.ts'
import type { Reply } from '#app/utils/reply.ts'
import type { Auth } from './auth.server.ts'
import {
  clearFormerDeviceCookie,
  issueDeviceCookie,
  readDeviceCookie,
} from './device-cookie.server.ts'
import { createDatabaseThrottleStore } from './login-throttle.server.ts'
import { type LoginThrottle, createLoginThrottle, throttleKeys } from './login-throttle.ts'
import { signIn } from './session.server.ts'

export type SignInReply = { ok: true } | { ok: false; error: string }

/** Sign-in always answers with headers of its own: the session cookie, or Retry-After. */
export type SignInOutcome = Reply<SignInReply> & { headers: Headers }

/**
 * Handles the sign-in dialog's post: email and password, one message for any
 * wrong email or password, and a new session cookie on success. Failures are
 * throttled (5 in 15 minutes): a browser that signed in to the account before
 * (it carries our signed device cookie) on its own, any other try per address
 * and per account, so strangers cannot lock the owner's own browser out.
 * The failures are counted in the database, across every instance.
 */
export async function receiveSignIn({
  request,
  clientIp,
  auth,
  db,
  now = Date.now(),
  throttle = createLoginThrottle({ store: createDatabaseThrottleStore(db) }),
}: {
  request: Request
  clientIp: string
  auth: Auth
  db: Db
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
  if (!isEmailAddress(email)) {
    return reply(400, { ok: false, error: 'Enter an email address like name@example.com.' })
  }

  const context = await auth.$context
  const cookieOptions = {
    secret: context.secret,
    secure: context.options.advanced?.useSecureCookies === true,
  }
  const account = email.toLowerCase()
  const device = readDeviceCookie(request.headers, cookieOptions)
  const keys = throttleKeys({
    clientIp,
    email: account,
    // A device cookie counts only for the account it was issued to.
    trustedDevice: device?.account === account ? device.id : undefined,
  })
  const wait = await throttle.retryAfter(keys, now)
  if (wait > 0) {
    headers.set('Retry-After', String(Math.ceil(wait / 1000)))
    return reply(429, {
      ok: false,
      error: `Too many failed sign-in attempts. Please try again in ${describeWait(wait)}.`,
    })
  }

  const result = await signIn(auth, { email, password, headers: request.headers })
  if (!result.ok) {
    await throttle.recordFailure(keys, now)
    return reply(result.status, { ok: false, error: result.error })
  }
  await throttle.recordSuccess(keys)
  for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie)
  // A fresh id on every success: a device's earlier failures start over.
  headers.append('Set-Cookie', issueDeviceCookie(account, cookieOptions))
  headers.append('Set-Cookie', clearFormerDeviceCookie(cookieOptions))
  return reply(200, { ok: true })
}
