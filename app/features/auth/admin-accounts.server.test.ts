import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setUpAuth, signInRequest } from '#tests/support/admins.ts'
import { CHANGE_EMAIL, INVITE_ADMIN, REMOVE_ADMIN } from './account.ts'
import {
  INVITES_PER_DAY,
  listAccountAdmins,
  readAdminInvite,
  receiveAdminInvite,
  receiveAdminRemoval,
  receiveEmailChange,
  receiveInviteAcceptance,
} from './admin-accounts.server.ts'
import { INVITE_DAYS } from './admin-invite-email.server.ts'
import type { Auth } from './auth.server.ts'
import { resolveAdmin } from './session.server.ts'
import { receiveSignIn } from './sign-in.server.ts'

const SITE = 'http://localhost:3000'
const OWNER = { email: 'owner@bakery.test', password: 'correct horse battery staple' }
const HELPER = 'helper@bakery.test'
const HELPER_PASSWORD = 'flour sugar butter eggs'
let ipCounter = 0
const freshIp = () => `10.9.0.${++ipCounter}`

function formPost(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  })
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')

async function ownerId(auth: Auth) {
  const context = await auth.$context
  return (await context.internalAdapter.findUserByEmail(OWNER.email))!.user.id
}

function invite(
  { auth, db }: { auth: Auth; db: Db },
  adminId: string,
  email: string,
  now = Date.now(),
) {
  return receiveAdminInvite({
    request: formPost('/admin/settings', { intent: INVITE_ADMIN, email }),
    auth,
    db,
    adminId,
    siteUrl: SITE,
    now,
  })
}

/** The invitations in the outbox, oldest first: what the delivery worker would email. */
async function mailedInvites(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'admin_invite')
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const email = JSON.parse(row.payload) as { to: { address: string }; text: string }
    const token = /\/admin\/invite\/([\w-]+)/.exec(email.text)![1]!
    return { to: email.to.address, text: email.text, token }
  })
}

function accept(auth: Auth, token: string, password = HELPER_PASSWORD, confirm = password) {
  return receiveInviteAcceptance({
    request: formPost(`/admin/invite/${token}`, { password, confirm }),
    token,
    auth,
  })
}

async function signInWith(auth: Auth, db: Db, email: string, password: string) {
  return receiveSignIn({ request: signInRequest(email, password), clientIp: freshIp(), auth, db })
}

test('an invitation is emailed once through the outbox; its link makes the admin once and signs them in', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  const { auth, db } = setUp
  const sent = await invite(setUp, await ownerId(auth), ' Helper@Bakery.test ')
  expect(sent).toEqual({
    status: 200,
    body: {
      intent: INVITE_ADMIN,
      ok: true,
      message: `Invitation sent to ${HELPER}. The link works once, for ${INVITE_DAYS} days.`,
    },
  })
  const [mail] = await mailedInvites(db)
  expect(mail).toMatchObject({ to: HELPER, text: expect.stringContaining(OWNER.email) })
  const { token } = mail!
  // Only a hash of the token is stored.
  const stored = await db
    .selectFrom('verification' as never)
    .select(['identifier' as never])
    .execute()
  expect(JSON.stringify(stored)).not.toContain(token)
  expect(await readAdminInvite(auth, token)).toEqual({ email: HELPER })

  expect((await accept(auth, token, HELPER_PASSWORD, 'something else')).status).toBe(400)
  expect((await accept(auth, token, 'short')).status).toBe(400)
  // A refused password leaves the link working.
  expect(await readAdminInvite(auth, token)).toEqual({ email: HELPER })
  const joined = await accept(auth, token)
  expect(joined.status).toBe(200)
  const { admin } = await resolveAdmin(auth, new Headers({ cookie: cookieOf(joined.headers) }))
  expect(admin?.email).toBe(HELPER)
  expect((await signInWith(auth, db, HELPER, HELPER_PASSWORD)).status).toBe(200)
  expect((await listAccountAdmins(auth, admin!.id)).map((a) => [a.email, a.you])).toEqual([
    [HELPER, true],
    [OWNER.email, false],
  ])

  // Single use: the same link again makes nothing and says why.
  expect(await readAdminInvite(auth, token)).toBeNull()
  const again = await accept(auth, token, 'another passphrase here')
  expect(again.status).toBe(410)
  expect(again.body).toMatchObject({ ok: false, error: expect.stringContaining('already used') })
  expect((await signInWith(auth, db, HELPER, HELPER_PASSWORD)).status).toBe(200)
})

test('two answers to one invitation at once make one admin', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  await invite(setUp, await ownerId(setUp.auth), HELPER)
  const { token } = (await mailedInvites(setUp.db))[0]!
  const answers = await Promise.all([
    accept(setUp.auth, token, 'first browser passphrase'),
    accept(setUp.auth, token, 'second browser passphrase'),
  ])
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410])
  const admins = await listAccountAdmins(setUp.auth, await ownerId(setUp.auth))
  expect(admins.map((a) => a.email)).toEqual([HELPER, OWNER.email])
})

test('an invitation works for a week; one for an admin, a non-address or past the day’s limit is refused', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  const { auth, db } = setUp
  const id = await ownerId(auth)
  const eightDaysAgo = Date.now() - (INVITE_DAYS + 1) * 24 * 60 * 60 * 1000
  await invite(setUp, id, HELPER, eightDaysAgo)
  const { token } = (await mailedInvites(db))[0]!
  expect(await readAdminInvite(auth, token)).toBeNull()
  expect((await accept(auth, token)).status).toBe(410)
  expect((await signInWith(auth, db, HELPER, HELPER_PASSWORD)).status).toBe(401)

  expect(await invite(setUp, id, OWNER.email)).toMatchObject({
    status: 409,
    body: { ok: false, error: `${OWNER.email} is an admin already.` },
  })
  expect((await invite(setUp, id, 'not an address')).status).toBe(400)
  // The one a week ago counts in its own day, not today's.
  for (let n = 1; n <= INVITES_PER_DAY; n++) {
    expect((await invite(setUp, id, `helper${n}@bakery.test`)).status).toBe(200)
  }
  const over = await invite(setUp, id, 'one-too-many@bakery.test')
  expect(over.status).toBe(429)
  expect(over.body).toMatchObject({
    ok: false,
    error: expect.stringContaining('invitations today'),
  })
  expect((await mailedInvites(db)).map((mail) => mail.to)).not.toContain('one-too-many@bakery.test')
})

test('removing an admin signs them out and stops their sign-in; never oneself, never without the tick', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  const { auth, db } = setUp
  const id = await ownerId(auth)
  await invite(setUp, id, HELPER)
  const { token } = (await mailedInvites(db))[0]!
  const helperSession = new Headers({ cookie: cookieOf((await accept(auth, token)).headers) })
  expect((await resolveAdmin(auth, helperSession)).admin?.email).toBe(HELPER)

  const remove = (email: string, fields: Record<string, string> = { confirm: 'on' }) =>
    receiveAdminRemoval({
      request: formPost('/admin/settings', { intent: REMOVE_ADMIN, email, ...fields }),
      auth,
      adminId: id,
    })
  expect((await remove(HELPER, {})).status).toBe(400)
  expect((await remove(OWNER.email)).body).toMatchObject({
    ok: false,
    error: expect.stringContaining('cannot remove yourself'),
  })
  expect((await remove('nobody@bakery.test')).status).toBe(404)
  expect((await resolveAdmin(auth, helperSession)).admin?.email).toBe(HELPER)

  expect(await remove(HELPER)).toEqual({
    status: 200,
    body: {
      intent: REMOVE_ADMIN,
      ok: true,
      message: `${HELPER} is no longer an admin and was signed out.`,
    },
  })
  expect((await resolveAdmin(auth, helperSession)).admin).toBeNull()
  expect((await signInWith(auth, db, HELPER, HELPER_PASSWORD)).status).toBe(401)
  expect((await signInWith(auth, db, OWNER.email, OWNER.password)).status).toBe(200)
})

test('a new sign-in email needs the current password and an address no other admin has', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  const { auth, db } = setUp
  const id = await ownerId(auth)
  await invite(setUp, id, HELPER)
  const { token } = (await mailedInvites(db))[0]!
  await accept(auth, token)
  const change = (email: string, password: string) =>
    receiveEmailChange({
      request: formPost('/admin/settings', {
        intent: CHANGE_EMAIL,
        email,
        current_password: password,
      }),
      auth,
      db,
      adminId: id,
    })
  expect((await change('owner@newbakery.test', 'not my password')).body).toMatchObject({
    ok: false,
    error: 'That is not your current password.',
  })
  expect((await change(HELPER, OWNER.password)).status).toBe(409)
  expect((await change('nope', OWNER.password)).status).toBe(400)
  expect((await signInWith(auth, db, OWNER.email, OWNER.password)).status).toBe(200)

  const changed = await change('Owner@NewBakery.test', OWNER.password)
  expect(changed.body).toEqual({
    intent: CHANGE_EMAIL,
    ok: true,
    message: 'Done: you sign in with owner@newbakery.test from now on.',
  })
  expect((await signInWith(auth, db, 'owner@newbakery.test', OWNER.password)).status).toBe(200)
  expect((await signInWith(auth, db, OWNER.email, OWNER.password)).status).toBe(401)
})
