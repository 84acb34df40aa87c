import type { AppLoadContext } from 'react-router'
import { expect, test } from 'vitest'
import { requireAdmin } from './require-admin.server.ts'

const context = (admin: AppLoadContext['admin']): AppLoadContext => ({
  cspNonce: '',
  clientIp: '192.0.2.1',
  admin,
})

test('a signed-in admin passes, and is who the route works for', () => {
  const owner = { id: 'admin-1', email: 'owner@bakery.test' }
  expect(requireAdmin(context(owner))).toBe(owner)
})

test('without a session the route stops with a 401 whose JSON carries the code API clients read', async () => {
  let thrown: unknown
  try {
    requireAdmin(context(null))
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(Response)
  const response = thrown as Response
  expect(response.status).toBe(401)
  expect(response.headers.get('content-type')).toContain('application/json')
  expect(await response.json()).toEqual({
    ok: false,
    code: 'unauthorized',
    error: 'Please sign in to continue.',
  })
})
