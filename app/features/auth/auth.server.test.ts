import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setUpAuth as setUpAuthShared, signInRequest } from '#tests/support/admins.ts'
import {
  AdminError,
  changeAdminPassword,
  createAdmin,
  ensureAdmin,
  listAdmins,
  removeAdmin,
} from './admins.server.ts'
import type { Auth } from './auth.server.ts'
import { resolveAdmin, signOut } from './session.server.ts'
import { setupTokenWorks } from './setup-link.server.ts'
import { receiveSignIn as receiveSignInShared } from './sign-in.server.ts'

/** Each test's database, so sign-ins count their failures in the test's own throttle table. */
const databases = new WeakMap<Auth, Db>()
const setUpAuth = async (options?: Parameters<typeof setUpAuthShared>[0]) => {
  const setUp = await setUpAuthShared(options)
  databases.set(setUp.auth, setUp.db)
  return setUp
}
const receiveSignIn = (options: Omit<Parameters<typeof receiveSignInShared>[0], 'db'>) =>
  receiveSignInShared({ ...options, db: databases.get(options.auth)! })

const OWNER = { email: 'owner@bakery.test', password: 'correct horse battery staple' }
let ipCounter = 0
const freshIp = () => `10.9.0.${++ipCounter}`

function cookieHeader(setCookies: Headers) {
  return setCookies
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** The owner signs in; the request headers their browser sends afterwards. */
async function signedInCookie(auth: Auth) {
  const outcome = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  return new Headers({ cookie: cookieHeader(outcome.headers) })
}

test('the right password signs in with an HttpOnly, SameSite=Lax session cookie', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const outcome = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  expect(outcome.status).toBe(200)
  expect(outcome.body).toEqual({ ok: true })
  const [cookie] = outcome.headers.getSetCookie()
  expect(cookie).toMatch(/^bakery\.session_token=/)
  expect(cookie).toMatch(/HttpOnly/i)
  expect(cookie).toMatch(/SameSite=Lax/i)
  expect(cookie).not.toMatch(/Secure/i)

  const { admin } = await resolveAdmin(auth, new Headers({ cookie: cookieHeader(outcome.headers) }))
  expect(admin?.email).toBe(OWNER.email)
})

test('on an https site the session cookie is Secure', async () => {
  const { auth } = await setUpAuth({ siteUrl: 'https://butterandbloom.ca', admin: OWNER })
  const outcome = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password, 'https://butterandbloom.ca'),
    clientIp: freshIp(),
    auth,
  })
  const [cookie] = outcome.headers.getSetCookie()
  expect(cookie).toMatch(/^__Secure-bakery\.session_token=/)
  expect(cookie).toMatch(/; Secure/i)
})

test('every sign-in gets a new session id', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const first = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  const second = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  expect(cookieHeader(first.headers)).not.toBe(cookieHeader(second.headers))
})

test('a wrong password and an unknown email get the same answer', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const wrongPassword = await receiveSignIn({
    request: signInRequest(OWNER.email, 'not the password'),
    clientIp: freshIp(),
    auth,
  })
  const unknownEmail = await receiveSignIn({
    request: signInRequest('nobody@bakery.test', OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  expect(wrongPassword.status).toBe(401)
  expect(wrongPassword.body).toEqual({ ok: false, error: 'Invalid email or password.' })
  expect(unknownEmail.status).toBe(401)
  expect(unknownEmail.body).toEqual(wrongPassword.body)
  expect(wrongPassword.headers.getSetCookie()).toEqual([])
})

test('the sixth failure in fifteen minutes gets 429; the right password works again after the window', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const ip = freshIp()
  const start = Date.now()
  for (let i = 0; i < 5; i++) {
    const outcome = await receiveSignIn({
      request: signInRequest(OWNER.email, `wrong ${i}`),
      clientIp: ip,
      auth,
      now: start + i,
    })
    expect(outcome.status).toBe(401)
  }
  const sixth = await receiveSignIn({
    request: signInRequest(OWNER.email, `wrong 6`),
    clientIp: ip,
    auth,
    now: start + 10,
  })
  expect(sixth.status).toBe(429)
  expect(sixth.body).toEqual({
    ok: false,
    error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  })
  expect(sixth.headers.get('Retry-After')).toBe('900')
  // Even the right password waits, from this address or any other (the account is locked too).
  const locked = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
    now: start + 20,
  })
  expect(locked.status).toBe(429)

  const later = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: ip,
    auth,
    now: start + 15 * 60_000 + 1,
  })
  expect(later.status).toBe(200)
})

/** The owner's browser after a sign-in: the device cookie it keeps (and no session). */
async function knownBrowser(auth: Auth, siteUrl?: string) {
  const outcome = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password, siteUrl),
    clientIp: freshIp(),
    auth,
  })
  const device = outcome.headers.getSetCookie().find((cookie) => cookie.includes('.device='))
  expect(device).toBeDefined()
  return { setCookie: device!, cookie: device!.split(';')[0]! }
}

function signInFrom(cookie: string | undefined, password: string, siteUrl?: string) {
  const request = signInRequest(OWNER.email, password, siteUrl)
  if (cookie) request.headers.set('cookie', cookie)
  return request
}

test('strangers’ failures lock untrusted tries, but the owner’s known browser still signs in', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const { cookie } = await knownBrowser(auth)
  const start = Date.now()
  // Five strangers, each from an address of their own, fail for the owner's email.
  for (let i = 0; i < 5; i++) {
    const outcome = await receiveSignIn({
      request: signInRequest(OWNER.email, `guess ${i}`),
      clientIp: freshIp(),
      auth,
      now: start + i,
    })
    expect(outcome.status).toBe(401)
  }
  const untrusted = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
    now: start + 10,
  })
  expect(untrusted.status).toBe(429)

  const owner = await receiveSignIn({
    request: signInFrom(cookie, OWNER.password),
    clientIp: freshIp(),
    auth,
    now: start + 20,
  })
  expect(owner.status).toBe(200)
  expect(owner.headers.getSetCookie().some((line) => line.includes('session_token='))).toBe(true)
})

test('a known browser’s own failures lock that browser, not the account', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const { cookie } = await knownBrowser(auth)
  const ip = freshIp()
  const start = Date.now()
  for (let i = 0; i < 5; i++) {
    const outcome = await receiveSignIn({
      request: signInFrom(cookie, `wrong ${i}`),
      clientIp: ip,
      auth,
      now: start + i,
    })
    expect(outcome.status).toBe(401)
  }
  const locked = await receiveSignIn({
    request: signInFrom(cookie, OWNER.password),
    clientIp: ip,
    auth,
    now: start + 10,
  })
  expect(locked.status).toBe(429)
  expect(locked.headers.get('Retry-After')).toBe('900')
  // The device's failures were its own: the account is not locked for other tries.
  const elsewhere = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
    now: start + 20,
  })
  expect(elsewhere.status).toBe(200)
})

test('a forged, tampered or other account’s device cookie counts as none', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const { cookie } = await knownBrowser(auth)
  const [name, value] = cookie.split('=') as [string, string]
  const [account, id, signature] = value.split('.') as [string, string, string]
  const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
  const forgeries = [
    `${name}=${account}.${id}.${flipped}`,
    `${name}=${account}.${id}x.${signature}`,
    `${name}=${Buffer.from('other@bakery.test').toString('base64url')}.${id}.${signature}`,
    `${name}=${account}.${id}`,
  ]
  // An honest cookie, but for another account: it must not shelter the owner's.
  const other = { email: 'other@bakery.test', password: 'another long passphrase' }
  await createAdmin(auth, other.email, other.password)
  const otherBrowser = await receiveSignIn({
    request: signInRequest(other.email, other.password),
    clientIp: freshIp(),
    auth,
  })
  forgeries.push(
    otherBrowser.headers
      .getSetCookie()
      .find((line) => line.includes('.device='))!
      .split(';')[0]!,
  )

  const start = Date.now()
  for (let i = 0; i < 5; i++) {
    await receiveSignIn({
      request: signInRequest(OWNER.email, `guess ${i}`),
      clientIp: freshIp(),
      auth,
      now: start + i,
    })
  }
  for (const forged of forgeries) {
    const outcome = await receiveSignIn({
      request: signInFrom(forged, OWNER.password),
      clientIp: freshIp(),
      auth,
      now: start + 10,
    })
    expect(outcome.status, forged).toBe(429)
  }
})

test('the device cookie is HttpOnly and SameSite=Lax, and Secure with the __Secure- prefix on https', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const { setCookie } = await knownBrowser(auth)
  expect(setCookie).toMatch(/^bakery\.device=[\w-]+\.[\w-]+\.[\w-]+; /)
  expect(setCookie).toContain('; HttpOnly')
  expect(setCookie).toContain('; SameSite=Lax')
  // The dialog posts to /admin/login.data when React runs, the plain form to /admin/login: both carry it.
  expect(setCookie).toContain('; Path=/admin;')
  expect(setCookie).not.toContain('Secure')

  const https = await setUpAuth({ admin: OWNER, siteUrl: 'https://butterandbloom.ca' })
  const secure = await knownBrowser(https.auth, 'https://butterandbloom.ca')
  expect(secure.setCookie).toMatch(/^__Secure-bakery\.device=/)
  expect(secure.setCookie).toContain('; Secure')
})

test('a sign-in with something that is not an email address is refused before any lookup', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const outcome = await receiveSignIn({
    request: signInRequest('owner@bakery.test,eve@evil.test', OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  expect(outcome).toMatchObject({
    status: 400,
    body: { ok: false, error: 'Enter an email address like name@example.com.' },
  })
})

test('the admin command refuses addresses with commas or angle brackets', async () => {
  const { auth } = await setUpAuth()
  for (const address of ['ada@example.com,victim.example', '<script>@x.com']) {
    await expect(createAdmin(auth, address, 'a long passphrase')).rejects.toThrow(
      new AdminError(`"${address}" is not an email address.`),
    )
  }
})

test('passwords must be 8 to 128 characters and are never truncated', async () => {
  const { auth } = await setUpAuth()
  await expect(createAdmin(auth, 'a@bakery.test', 'short')).rejects.toThrow(
    new AdminError('The password must be at least 8 characters.'),
  )
  await expect(createAdmin(auth, 'a@bakery.test', 'x'.repeat(129))).rejects.toThrow(
    'at most 128 characters',
  )
  const long = `${'pâtissière-'.repeat(9)}end` // 102 characters
  await createAdmin(auth, 'long@bakery.test', long)
  const prefix = await receiveSignIn({
    request: signInRequest('long@bakery.test', long.slice(0, 72)),
    clientIp: freshIp(),
    auth,
  })
  expect(prefix.status).toBe(401)
  const whole = await receiveSignIn({
    request: signInRequest('long@bakery.test', long),
    clientIp: freshIp(),
    auth,
  })
  expect(whole.status).toBe(200)
})

test('passwords are stored only as salted scrypt hashes', async () => {
  const { auth, db } = await setUpAuth({ admin: OWNER })
  await createAdmin(auth, 'second@bakery.test', OWNER.password)
  const rows = await db
    .selectFrom('account' as never)
    .select(['password' as never])
    .execute()
  const hashes = rows.map((row) => (row as { password: string }).password)
  expect(hashes).toHaveLength(2)
  for (const hash of hashes) {
    expect(hash).not.toContain(OWNER.password)
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
  }
  expect(hashes[0]).not.toBe(hashes[1])
})

test('changing a password ends every session and only the new one works', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const signedIn = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  await changeAdminPassword(auth, OWNER.email, 'a brand new passphrase')
  const { admin } = await resolveAdmin(
    auth,
    new Headers({ cookie: cookieHeader(signedIn.headers) }),
  )
  expect(admin).toBeNull()
  expect(
    (
      await receiveSignIn({
        request: signInRequest(OWNER.email, OWNER.password),
        clientIp: freshIp(),
        auth,
      })
    ).status,
  ).toBe(401)
  expect(
    (
      await receiveSignIn({
        request: signInRequest(OWNER.email, 'a brand new passphrase'),
        clientIp: freshIp(),
        auth,
      })
    ).status,
  ).toBe(200)
})

test('admins can be listed and removed', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  await createAdmin(auth, 'Helper@Bakery.test', 'another good password')
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual([
    'helper@bakery.test',
    'owner@bakery.test',
  ])
  await expect(createAdmin(auth, 'owner@bakery.test', 'whatever123')).rejects.toThrow(
    'already exists',
  )
  await removeAdmin(auth, 'helper@bakery.test')
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual(['owner@bakery.test'])
  await expect(removeAdmin(auth, 'helper@bakery.test')).rejects.toThrow('There is no admin')
})

test('a first start with no admin prints a setup link, the same one at every start until an admin exists', async () => {
  const { auth, db } = await setUpAuth()
  const lines: string[] = []
  const options = { db, siteUrl: 'https://bakery.test', log: (line: string) => lines.push(line) }
  await ensureAdmin(auth, options)
  const link = /Set up your bakery: (https:\/\/bakery\.test\/admin\/setup\?token=(\S+))/.exec(
    lines.join('\n'),
  )
  expect(link).not.toBeNull()
  // At least 128 random bits.
  expect(link![2]).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(await setupTokenWorks(db, link![2]!)).toBe(true)
  expect(lines.join('\n')).not.toMatch(/password/i)

  lines.length = 0
  await ensureAdmin(auth, options)
  expect(lines.join('\n')).toContain(link![1])

  // Once an admin exists (here from the command line), boot is quiet and the link is gone.
  await createAdmin(auth, OWNER.email, OWNER.password)
  lines.length = 0
  await ensureAdmin(auth, options)
  expect(lines).toEqual([])
  expect(await setupTokenWorks(db, link![2]!)).toBe(false)
})

test('ADMIN_EMAIL and ADMIN_PASSWORD create that admin once', async () => {
  const { auth, db } = await setUpAuth({ admin: OWNER })
  const options = {
    adminEmail: 'nadia@bakery.test',
    adminPassword: 'from the environment',
    db,
    siteUrl: 'https://bakery.test',
    log: () => {},
  }
  await ensureAdmin(auth, options)
  await ensureAdmin(auth, options)
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual([
    'nadia@bakery.test',
    'owner@bakery.test',
  ])
})

test('instances starting at once on one database create the admin once, and all of them start', async () => {
  const { auth, db } = await setUpAuth()
  const lines: string[] = []
  const fromEnv = {
    adminEmail: 'nadia@bakery.test',
    adminPassword: 'from the environment',
    db,
    siteUrl: 'https://bakery.test',
    log: (line: string) => lines.push(line),
  }
  await Promise.all([ensureAdmin(auth, fromEnv), ensureAdmin(auth, fromEnv)])
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual(['nadia@bakery.test'])
  expect(lines).toEqual(['admin: created nadia@bakery.test from ADMIN_EMAIL'])
  const outcome = await receiveSignIn({
    request: signInRequest('nadia@bakery.test', 'from the environment'),
    clientIp: freshIp(),
    auth,
  })
  expect(outcome.status).toBe(200)
})

test('instances starting at once with no admin agree on one setup link', async () => {
  const { auth, db } = await setUpAuth()
  const lines: string[] = []
  const options = { db, siteUrl: 'https://bakery.test', log: (line: string) => lines.push(line) }
  await Promise.all([
    ensureAdmin(auth, options),
    ensureAdmin(auth, options),
    ensureAdmin(auth, options),
  ])
  const links = new Set(lines.flatMap((line) => /token=(\S+)/.exec(line)?.[1] ?? []))
  expect(links.size).toBe(1)
  expect(await setupTokenWorks(db, [...links][0]!)).toBe(true)
  expect(await listAdmins(auth)).toEqual([])
})

test('a session ends 30 days after sign-in however much it is used', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const cookie = await signedInCookie(auth)
  const in29Days = Date.now() + 29 * 24 * 60 * 60 * 1000
  expect((await resolveAdmin(auth, cookie, in29Days)).admin?.email).toBe(OWNER.email)

  const in31Days = Date.now() + 31 * 24 * 60 * 60 * 1000
  const expired = await resolveAdmin(auth, cookie, in31Days)
  expect(expired.admin).toBeNull()
  // It is ended for good, not just refused this once.
  expect((await resolveAdmin(auth, cookie)).admin).toBeNull()
})

test('signing out deletes the session', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const cookie = await signedInCookie(auth)
  const cleared = await signOut(auth, cookie)
  expect(cleared.join('\n')).toMatch(/bakery\.session_token=;.*Max-Age=0/i)
  expect((await resolveAdmin(auth, cookie)).admin).toBeNull()
})
