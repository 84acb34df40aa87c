import { afterEach, expect, test, vi } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setUpAuth, signInRequest } from '#tests/support/admins.ts'
import type { Auth } from './auth.server.ts'
import {
  PASSWORD_CHANGES_PER_ACCOUNT,
  RESET_LINKS_PER_ACCOUNT,
  RESET_REQUESTED,
  isResetLinkValid,
  receivePasswordChange,
  receivePasswordReset,
  receivePasswordResetRequest,
} from './password-reset.server.ts'
import { resolveAdmin } from './session.server.ts'
import { receiveSignIn } from './sign-in.server.ts'

const SITE = 'http://localhost:3000'
const OWNER = { email: 'owner@bakery.test', password: 'correct horse battery staple' }
const NEW_PASSWORD = 'a brand new passphrase'
let ipCounter = 0
const freshIp = () => `10.8.0.${++ipCounter}`

afterEach(() => {
  vi.useRealTimers()
})

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

function askForLink(
  { auth, db }: { auth: Auth; db: Db },
  email: string,
  { clientIp = freshIp(), now = Date.now() } = {},
) {
  return receivePasswordResetRequest({
    request: formPost('/admin/forgot-password', { email }),
    clientIp,
    auth,
    db,
    now,
  })
}

/** The reset links in the outbox, oldest first: what the delivery worker would email. */
async function mailedLinks(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'password_reset')
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const email = JSON.parse(row.payload) as { to: { address: string }; text: string }
    const token = /\/admin\/reset-password\/([\w-]+)/.exec(email.text)![1]!
    return { to: email.to.address, token }
  })
}

function reset(auth: Auth, token: string, password = NEW_PASSWORD, confirm = password) {
  return receivePasswordReset({
    request: formPost(`/admin/reset-password/${token}`, { password, confirm }),
    token,
    auth,
  })
}

async function signInWith(auth: Auth, db: Db, password: string) {
  return receiveSignIn({
    request: signInRequest(OWNER.email, password),
    clientIp: freshIp(),
    auth,
    db,
  })
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')

test('an admin’s address and an unknown one get the same answer; only the admin is mailed a link, through the outbox', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  const known = await askForLink(setUp, 'Owner@Bakery.test')
  const unknown = await askForLink(setUp, 'nobody@bakery.test')
  expect(known).toEqual({ status: 200, body: { ok: true, message: RESET_REQUESTED } })
  expect(unknown).toEqual(known)
  const links = await mailedLinks(setUp.db)
  expect(links.map((link) => link.to)).toEqual([OWNER.email])
  // Only a hash of the token is stored.
  const stored = await setUp.db
    .selectFrom('verification' as never)
    .select(['identifier' as never])
    .execute()
  expect(JSON.stringify(stored)).not.toContain(links[0]!.token)
})

test('the link sets a new password once, signs out every session, and signs this browser in', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  const { auth, db } = setUp
  const before = await signInWith(auth, db, OWNER.password)
  const oldSession = new Headers({ cookie: cookieOf(before.headers) })
  await askForLink(setUp, OWNER.email)
  const [{ token }] = (await mailedLinks(db)) as unknown as [{ token: string }]
  expect(await isResetLinkValid(auth, token)).toBe(true)

  expect((await reset(auth, token, NEW_PASSWORD, 'something else')).status).toBe(400)
  expect((await reset(auth, token, 'short')).status).toBe(400)
  const done = await reset(auth, token)
  expect(done.status).toBe(200)
  const { admin } = await resolveAdmin(auth, new Headers({ cookie: cookieOf(done.headers) }))
  expect(admin?.email).toBe(OWNER.email)
  expect((await resolveAdmin(auth, oldSession)).admin).toBeNull()
  expect((await signInWith(auth, db, OWNER.password)).status).toBe(401)
  expect((await signInWith(auth, db, NEW_PASSWORD)).status).toBe(200)

  // Single use: the same link again changes nothing.
  expect(await isResetLinkValid(auth, token)).toBe(false)
  const again = await reset(auth, token, 'yet another passphrase')
  expect(again.status).toBe(410)
  expect(again.body).toMatchObject({
    ok: false,
    error: expect.stringContaining('expired or was already used'),
  })
  expect((await signInWith(auth, db, NEW_PASSWORD)).status).toBe(200)
})

test('a link works for 15 minutes', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const start = new Date('2026-12-01T15:00:00Z')
  vi.setSystemTime(start)
  const setUp = await setUpAuth({ admin: OWNER })
  await askForLink(setUp, OWNER.email, { now: start.getTime() })
  await askForLink(setUp, OWNER.email, { now: start.getTime() })
  const [first, second] = (await mailedLinks(setUp.db)) as unknown as [
    { token: string },
    { token: string },
  ]

  vi.setSystemTime(start.getTime() + 14 * 60_000)
  expect(await isResetLinkValid(setUp.auth, first.token)).toBe(true)
  expect((await reset(setUp.auth, first.token)).status).toBe(200)

  vi.setSystemTime(start.getTime() + 15 * 60_000 + 1000)
  expect(await isResetLinkValid(setUp.auth, second.token)).toBe(false)
  expect((await reset(setUp.auth, second.token, 'too late a passphrase')).status).toBe(410)
  expect((await signInWith(setUp.auth, setUp.db, NEW_PASSWORD)).status).toBe(200)
})

test('links are limited per account quietly, and tries per address with a wait', async () => {
  const setUp = await setUpAuth({ admin: OWNER })
  const now = Date.now()
  for (let i = 0; i < RESET_LINKS_PER_ACCOUNT + 2; i++) {
    const answer = await askForLink(setUp, OWNER.email, { now: now + i })
    expect(answer.body).toEqual({ ok: true, message: RESET_REQUESTED })
  }
  expect(await mailedLinks(setUp.db)).toHaveLength(RESET_LINKS_PER_ACCOUNT)

  const ip = freshIp()
  for (let i = 0; i < 5; i++) {
    expect((await askForLink(setUp, `someone${i}@example.com`, { clientIp: ip, now })).status).toBe(
      200,
    )
  }
  const refused = await askForLink(setUp, 'someone@example.com', { clientIp: ip, now })
  expect(refused.status).toBe(429)
  expect(refused.body).toEqual({
    ok: false,
    error: 'Too many requests. Please try again in 15 minutes.',
  })
  // After the window the owner can ask again.
  await askForLink(setUp, OWNER.email, { now: now + 15 * 60_000 + 10 })
  expect(await mailedLinks(setUp.db)).toHaveLength(RESET_LINKS_PER_ACCOUNT + 1)
  expect((await askForLink(setUp, 'not an address')).status).toBe(400)
})

test('Settings changes the password with the current one, and signs out every other browser', async () => {
  const { auth, db } = await setUpAuth({ admin: OWNER })
  const here = cookieOf((await signInWith(auth, db, OWNER.password)).headers)
  const elsewhere = new Headers({
    cookie: cookieOf((await signInWith(auth, db, OWNER.password)).headers),
  })
  const { admin } = await resolveAdmin(auth, new Headers({ cookie: here }))
  const change = (fields: Record<string, string>) =>
    receivePasswordChange({
      request: formPost('/admin/settings', { intent: 'change-password', ...fields }, here),
      auth,
      db,
      adminId: admin!.id,
    })

  const wrong = await change({
    current_password: 'not it',
    password: NEW_PASSWORD,
    confirm: NEW_PASSWORD,
  })
  expect(wrong.status).toBe(400)
  expect(wrong.body).toMatchObject({ ok: false, error: 'That is not your current password.' })
  expect((await signInWith(auth, db, OWNER.password)).status).toBe(200)

  const changed = await change({
    current_password: OWNER.password,
    password: NEW_PASSWORD,
    confirm: NEW_PASSWORD,
  })
  expect(changed.status).toBe(200)
  expect((await resolveAdmin(auth, elsewhere)).admin).toBeNull()
  const fresh = new Headers({ cookie: cookieOf(changed.headers) })
  expect((await resolveAdmin(auth, fresh)).admin?.email).toBe(OWNER.email)
  expect((await signInWith(auth, db, NEW_PASSWORD)).status).toBe(200)
  expect(PASSWORD_CHANGES_PER_ACCOUNT).toBe(5)
})
