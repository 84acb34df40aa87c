import { APIError } from 'better-auth/api'
import type { Db } from '#app/db/db.server.ts'
import { isEmailAddress } from '#app/utils/email-address.ts'
import { rateLimit } from '#app/utils/rate-limit.server.ts'
import { describeWait } from '#app/utils/rate-limit.ts'
import { BodyTooLargeError, readBodyText } from '#app/utils/read-body.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { CHANGE_PASSWORD, type ChangePasswordResult } from './account.ts'
import type { Auth } from './auth.server.ts'
import { newPasswordOf, signInWithNewPassword } from './new-password.server.ts'
import { RESET_LINK_MINUTES } from './password-reset-email.server.ts'

export type PasswordFormReply = { ok: true; message: string } | { ok: false; error: string }

const WINDOW_MS = 15 * 60_000
/** Tries from one address: a person asks once or twice; a script is told to wait. */
export const RESET_REQUESTS_PER_ADDRESS = 5
/** Links mailed to one address: enough for a lost email, not enough to flood an inbox. */
export const RESET_LINKS_PER_ACCOUNT = 3
const MAX_FORM_BYTES = 2048

/** The one answer to "Forgot password?", whoever the address belongs to. */
export const RESET_REQUESTED = `If that address is an admin’s, a link to set a new password is on its way. It works once, for ${RESET_LINK_MINUTES} minutes.`
const LINK_GONE =
  'This link has expired or was already used. Ask for a new one with “Forgot password?” in the sign-in dialog.'

async function readForm(request: Request): Promise<URLSearchParams | null> {
  try {
    return new URLSearchParams(await readBodyText(request, MAX_FORM_BYTES))
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null
    throw error
  }
}

/**
 * "Forgot password?" from the sign-in dialog: emails a single-use link
 * (better-auth's reset flow, with our page and our outbox) when the address
 * is an admin's, and answers the same either way. Tries are limited per
 * address (429 with the wait) and links per account (quietly: the answer
 * must not say whether the address is an admin's).
 */
export async function receivePasswordResetRequest({
  request,
  clientIp,
  auth,
  db,
  now = Date.now(),
}: {
  request: Request
  clientIp: string
  auth: Auth
  db: Db
  now?: number
}): Promise<Reply<PasswordFormReply>> {
  const form = await readForm(request)
  const email = (form?.get('email') ?? '').trim().toLowerCase()
  if (!isEmailAddress(email)) {
    return reply(400, { ok: false, error: 'Enter an email address like name@example.com.' })
  }
  const byAddress = await rateLimit({
    db,
    key: `password-reset:ip:${clientIp}`,
    max: RESET_REQUESTS_PER_ADDRESS,
    windowMs: WINDOW_MS,
    now,
  })
  if (!byAddress.allowed) {
    return reply(
      429,
      {
        ok: false,
        error: `Too many requests. Please try again in ${describeWait(byAddress.retryAfterMs)}.`,
      },
      { 'Retry-After': String(Math.ceil(byAddress.retryAfterMs / 1000)) },
    )
  }
  const byAccount = await rateLimit({
    db,
    key: `password-reset:account:${email}`,
    max: RESET_LINKS_PER_ACCOUNT,
    windowMs: WINDOW_MS,
    now,
  })
  if (byAccount.allowed) await auth.api.requestPasswordReset({ body: { email } })
  return reply(200, { ok: true, message: RESET_REQUESTED })
}

/** Whether a reset link still works (unused and within its minutes), for its page. */
export async function isResetLinkValid(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  return Boolean(found && new Date(found.expiresAt).getTime() > Date.now())
}

/**
 * The reset link's form: sets the new password once, ends every session of
 * the account, then signs this browser in (a session and a device cookie in
 * `headers`) so the owner goes straight to her Today page.
 */
export async function receivePasswordReset({
  request,
  token,
  auth,
}: {
  request: Request
  token: string
  auth: Auth
}): Promise<Reply<PasswordFormReply> & { headers: Headers }> {
  const headers = new Headers()
  const fail = (status: number, error: string) => ({
    status,
    body: { ok: false as const, error },
    headers,
  })
  const form = await readForm(request)
  const chosen = newPasswordOf(
    { password: form?.get('password'), confirm: form?.get('confirm') },
    'The two passwords differ. Type the same new password twice.',
  )
  if (!chosen.ok) return fail(400, chosen.error)
  const { password } = chosen
  const context = await auth.$context
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  const user = found ? await context.internalAdapter.findUserById(found.value) : null
  if (!user) return fail(410, LINK_GONE)
  try {
    await auth.api.resetPassword({ body: { newPassword: password, token } })
  } catch (error) {
    // Used meanwhile, or expired: the token is spent whichever it was.
    if (error instanceof APIError && error.statusCode < 500) return fail(410, LINK_GONE)
    throw error
  }
  await signInWithNewPassword(auth, { email: user.email, password, request, headers })
  return { status: 200, body: { ok: true, message: 'Your new password is set.' }, headers }
}

/** Changing it from Settings: tries per account, so a left-open session cannot guess on and on. */
export const PASSWORD_CHANGES_PER_ACCOUNT = 5

/**
 * Settings' "Change password": the current password is required; the new one
 * ends every other session, and this browser gets a fresh session cookie.
 */
export async function receivePasswordChange({
  request,
  auth,
  db,
  adminId,
  now = Date.now(),
}: {
  request: Request
  auth: Auth
  db: Db
  adminId: string
  now?: number
}): Promise<Reply<ChangePasswordResult> & { headers: Headers }> {
  const headers = new Headers()
  const answer = (status: number, body: PasswordFormReply) => ({
    status,
    body: { ...body, intent: CHANGE_PASSWORD } satisfies ChangePasswordResult,
    headers,
  })
  const form = await readForm(request)
  const current = form?.get('current_password') ?? ''
  if (!current) return answer(400, { ok: false, error: 'Enter your current password.' })
  const chosen = newPasswordOf(
    { password: form?.get('password'), confirm: form?.get('confirm') },
    'The two new passwords differ. Type the same new password twice.',
  )
  if (!chosen.ok) return answer(400, chosen)
  const { password } = chosen
  const limit = await rateLimit({
    db,
    key: `password-change:${adminId}`,
    max: PASSWORD_CHANGES_PER_ACCOUNT,
    windowMs: WINDOW_MS,
    now,
  })
  if (!limit.allowed) {
    headers.set('Retry-After', String(Math.ceil(limit.retryAfterMs / 1000)))
    return answer(429, {
      ok: false,
      error: `Too many tries. Please try again in ${describeWait(limit.retryAfterMs)}.`,
    })
  }
  try {
    const { headers: responseHeaders } = await auth.api.changePassword({
      body: { currentPassword: current, newPassword: password, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    })
    for (const cookie of responseHeaders.getSetCookie()) headers.append('Set-Cookie', cookie)
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      return answer(400, { ok: false, error: 'That is not your current password.' })
    }
    throw error
  }
  return answer(200, {
    ok: true,
    message: 'Password changed. Every other browser was signed out.',
  })
}
