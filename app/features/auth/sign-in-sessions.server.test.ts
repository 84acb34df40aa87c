/**
 * Signing in and the session it starts: the right password's session cookie
 * (HttpOnly, SameSite=Lax, Secure on https, a new id each time), one answer
 * for a wrong password and an unknown email, an address that is not one
 * refused, and the session's end: 30 days after sign-in, or signing out.
 */
import { expect, test } from 'vitest'
import { signInRequest } from '#tests/support/admins.ts'
import {
  OWNER,
  cookieHeader,
  freshIp,
  receiveSignIn,
  setUpAuth,
} from '#tests/support/owner-sign-ins.ts'
import type { Auth } from './auth.server.ts'
import { resolveAdmin, signOut } from './session.server.ts'

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
