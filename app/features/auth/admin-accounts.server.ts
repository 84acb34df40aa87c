import { randomBytes } from 'node:crypto'
import type { Db } from '#app/db/db.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { isEmailAddress } from '#app/utils/email-address.ts'
import { rateLimit } from '#app/utils/rate-limit.server.ts'
import { describeWait } from '#app/utils/rate-limit.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type AccountIntent,
  type AccountResult,
  CHANGE_EMAIL,
  INVITE_ADMIN,
  INVITE_GONE,
  REMOVE_ADMIN,
} from './account.ts'
import { composeAdminInviteEmail, INVITE_DAYS, INVITE_PATH } from './admin-invite-email.server.ts'
import { AdminError, createAdmin, listAdmins } from './admins.server.ts'
import type { Auth } from './auth.server.ts'
import { deviceCookieFor, newPasswordOf, signInWithNewPassword } from './new-password.server.ts'

const WINDOW_MS = 15 * 60_000
const DAY_MS = 24 * 60 * 60 * 1000
/** Tries at the current password per account, as for a password change. */
export const EMAIL_CHANGES_PER_ACCOUNT = 5
/** Invitations one admin sends a day: a helper or two, not a mailing list. */
export const INVITES_PER_DAY = 10

/** better-auth keeps only a hash of this identifier (verification.storeIdentifier). */
const inviteIdentifier = (token: string) => `admin-invite:${token}`

function answer(
  intent: AccountIntent,
  status: number,
  body: { message: string } | { error: string },
) {
  return reply<AccountResult>(
    status,
    'message' in body ? { intent, ok: true, ...body } : { intent, ok: false, ...body },
  )
}

function addressOf(value: string | undefined): string | null {
  const address = (value ?? '').trim().toLowerCase()
  return isEmailAddress(address) ? address : null
}

/** The password's hash stored for an admin's sign-in, and whether `password` matches it. */
async function passwordMatches(auth: Auth, adminId: string, password: string): Promise<boolean> {
  const context = await auth.$context
  const account = (await context.internalAdapter.findAccounts(adminId)).find(
    (found) => found.providerId === 'credential',
  )
  if (!account?.password) return false
  return context.password.verify({ hash: account.password, password })
}

/**
 * "Your sign-in email": the new address and the current password. The
 * session stays; the device this is done from stays known (its cookie names
 * the new address), so the sign-in throttle does not treat her as a stranger.
 */
export async function receiveEmailChange({
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
}): Promise<Reply<AccountResult> & { headers: Headers }> {
  const headers = new Headers()
  const done = (status: number, body: { message: string } | { error: string }) => ({
    ...answer(CHANGE_EMAIL, status, body),
    headers,
  })
  const form = await readAdminForm(request)
  const email = addressOf(form?.email)
  if (!email) return done(400, { error: 'Enter the new email address, like name@example.com.' })
  if (!form?.current_password) return done(400, { error: 'Enter your current password.' })
  const limit = await rateLimit({
    db,
    key: `email-change:${adminId}`,
    max: EMAIL_CHANGES_PER_ACCOUNT,
    windowMs: WINDOW_MS,
    now,
  })
  if (!limit.allowed) {
    headers.set('Retry-After', String(Math.ceil(limit.retryAfterMs / 1000)))
    return done(429, {
      error: `Too many tries. Please try again in ${describeWait(limit.retryAfterMs)}.`,
    })
  }
  if (!(await passwordMatches(auth, adminId, form.current_password))) {
    return done(400, { error: 'That is not your current password.' })
  }
  const context = await auth.$context
  const taken = await context.internalAdapter.findUserByEmail(email)
  if (taken && taken.user.id !== adminId) {
    return done(409, { error: `${email} is another admin’s sign-in already.` })
  }
  await context.internalAdapter.updateUser(adminId, { email, name: email.split('@')[0] ?? email })
  headers.append('Set-Cookie', await deviceCookieFor(auth, email))
  return done(200, { message: `Done: you sign in with ${email} from now on.` })
}

/**
 * "Invite an admin": a single-use link, for INVITE_DAYS, emailed through the
 * outbox to someone who is not an admin yet. Only a hash of its token is
 * stored, so a copy of the database opens no account.
 */
export async function receiveAdminInvite({
  request,
  auth,
  db,
  adminId,
  siteUrl,
  now = Date.now(),
}: {
  request: Request
  auth: Auth
  db: Db
  adminId: string
  siteUrl: string
  now?: number
}): Promise<Reply<AccountResult>> {
  const form = await readAdminForm(request)
  const email = addressOf(form?.email)
  if (!email) {
    return answer(INVITE_ADMIN, 400, { error: 'Enter their email address, like name@example.com.' })
  }
  const context = await auth.$context
  if (await context.internalAdapter.findUserByEmail(email)) {
    return answer(INVITE_ADMIN, 409, { error: `${email} is an admin already.` })
  }
  const limit = await rateLimit({
    db,
    key: `admin-invite:${adminId}`,
    max: INVITES_PER_DAY,
    windowMs: DAY_MS,
    now,
  })
  if (!limit.allowed) {
    return answer(INVITE_ADMIN, 429, {
      error: `That is ${INVITES_PER_DAY} invitations today. Please try again in ${describeWait(limit.retryAfterMs)}.`,
    })
  }
  const inviter = await context.internalAdapter.findUserById(adminId)
  const token = randomBytes(32).toString('base64url')
  await context.internalAdapter.createVerificationValue({
    identifier: inviteIdentifier(token),
    value: email,
    expiresAt: new Date(now + INVITE_DAYS * DAY_MS),
  })
  await enqueueEmail(
    db,
    {
      topic: 'admin_invite',
      subjectId: 0,
      email: composeAdminInviteEmail({
        to: email,
        from: inviter?.email ?? 'The owner',
        url: `${siteUrl}${INVITE_PATH}/${token}`,
        bakeryName: (await readSiteSection(db, 'identity')).name,
      }),
    },
    now,
  )
  kickDeliveryWorker()
  return answer(INVITE_ADMIN, 200, {
    message: `Invitation sent to ${email}. The link works once, for ${INVITE_DAYS} days.`,
  })
}

/** The address an invitation link is for, while it still works; null once used or expired. */
export async function readAdminInvite(auth: Auth, token: string, now = Date.now()) {
  const context = await auth.$context
  const found = await context.internalAdapter.findVerificationValue(inviteIdentifier(token))
  if (!found || new Date(found.expiresAt).getTime() <= now) return null
  return { email: found.value }
}

export type InviteReply = { ok: true; message: string } | { ok: false; error: string }

/**
 * The invitation's form: the new admin's password, twice. The link is spent
 * by the first answer that gets it (better-auth consumes it atomically), so
 * two tabs or two instances make one admin; this browser is then signed in.
 */
export async function receiveInviteAcceptance({
  request,
  token,
  auth,
}: {
  request: Request
  token: string
  auth: Auth
}): Promise<Reply<InviteReply> & { headers: Headers }> {
  const headers = new Headers()
  const fail = (status: number, error: string) => ({
    status,
    body: { ok: false as const, error },
    headers,
  })
  const chosen = newPasswordOf(
    await readAdminForm(request),
    'The two passwords differ. Type the same password twice.',
  )
  if (!chosen.ok) return fail(400, chosen.error)
  const { password } = chosen
  const context = await auth.$context
  const invite = await context.internalAdapter.consumeVerificationValue(inviteIdentifier(token))
  if (!invite) return fail(410, INVITE_GONE)
  const email = invite.value
  try {
    await createAdmin(auth, email, password)
  } catch (error) {
    // Made an admin meanwhile (the command line, another invitation): sign in as usual.
    if (error instanceof AdminError) {
      return fail(409, `${email} is an admin already: sign in with Admin Login.`)
    }
    throw error
  }
  await signInWithNewPassword(auth, { email, password, request, headers })
  return { status: 200, body: { ok: true, message: 'Welcome: you are an admin now.' }, headers }
}

/**
 * "Remove" beside another admin: signed out at once and unable to sign in.
 * Not herself (another admin or the command line can), and never the last.
 */
export async function receiveAdminRemoval({
  request,
  auth,
  adminId,
}: {
  request: Request
  auth: Auth
  adminId: string
}): Promise<Reply<AccountResult>> {
  const form = await readAdminForm(request)
  const email = addressOf(form?.email)
  if (!email) return answer(REMOVE_ADMIN, 400, { error: 'That request could not be understood.' })
  if (form?.confirm !== 'on') {
    return answer(REMOVE_ADMIN, 400, { error: `Tick the box to remove ${email}.` })
  }
  const context = await auth.$context
  const found = await context.internalAdapter.findUserByEmail(email)
  if (!found) return answer(REMOVE_ADMIN, 404, { error: `${email} is not an admin.` })
  if (found.user.id === adminId) {
    return answer(REMOVE_ADMIN, 409, {
      error: 'You cannot remove yourself here; another admin can, or the command line.',
    })
  }
  await context.internalAdapter.deleteUserSessions(found.user.id)
  await context.internalAdapter.deleteAccounts(found.user.id)
  await context.internalAdapter.deleteUser(found.user.id)
  return answer(REMOVE_ADMIN, 200, {
    message: `${email} is no longer an admin and was signed out.`,
  })
}

/** The admins Settings lists, the signed-in one marked. */
export async function listAccountAdmins(auth: Auth, adminId: string) {
  const context = await auth.$context
  const self = await context.internalAdapter.findUserById(adminId)
  return (await listAdmins(auth)).map((admin) => ({
    email: admin.email,
    you: admin.email === self?.email,
  }))
}
