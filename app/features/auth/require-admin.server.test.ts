import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { adminContext, guardOwnerPages, requireAdmin } from './require-admin.server.ts'
import type { Admin } from './session.server.ts'

/** The context the server builds for a request (server/app.ts), with or without a signed-in admin. */
function contextFor(admin: Admin | null) {
  const context = new RouterContextProvider()
  context.set(adminContext, admin)
  return context
}

/** What a guard or a route threw, as the 401 Response React Router answers with. */
function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

async function expectNotSignedIn(thrown: unknown) {
  expect(thrown).toBeInstanceOf(Response)
  const response = thrown as Response
  expect(response.status).toBe(401)
  expect(response.headers.get('content-type')).toContain('application/json')
  expect(await response.json()).toEqual({
    ok: false,
    code: 'unauthorized',
    error: 'Please sign in to continue.',
  })
}

const owner = { id: 'admin-1', email: 'owner@bakery.test' }

test('a signed-in admin passes, and is who the route works for', () => {
  expect(requireAdmin(contextFor(owner))).toBe(owner)
})

test('without a session the route stops with a 401 whose JSON carries the code API clients read', async () => {
  await expectNotSignedIn(thrownBy(() => requireAdmin(contextFor(null))))
})

test('the owner pages’ guard lets the owner through to the page and refuses anyone else', async () => {
  const args = (admin: Admin | null) => ({
    request: new Request('http://localhost/admin/orders'),
    url: new URL('http://localhost/admin/orders'),
    params: {},
    context: contextFor(admin),
    pattern: '/admin/orders',
  })
  const next = async () => new Response('the page')
  expect(await guardOwnerPages(args(owner), next)).toBeUndefined()
  await expectNotSignedIn(thrownBy(() => guardOwnerPages(args(null), next)))
})

test('a context the server never filled is an error, not a signed-out visitor', () => {
  expect(() => requireAdmin(new RouterContextProvider())).toThrow()
})
