/**
 * Failed sign-ins and what they lock: the sixth failure in fifteen minutes
 * locks the account until the window passes, yet the owner's known browser,
 * told by its signed device cookie, still signs in; that browser's own
 * failures lock only it, and a forged or borrowed device cookie counts as none.
 */
import { expect, test } from 'vitest'
import { signInRequest } from '#tests/support/admins.ts'
import { OWNER, freshIp, receiveSignIn, setUpAuth } from '#tests/support/owner-sign-ins.ts'
import { createAdmin } from './admins.server.ts'
import type { Auth } from './auth.server.ts'

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
