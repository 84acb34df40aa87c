import type { AppLoadContext } from 'react-router'
import type { Admin } from './session.server.ts'

/** The answer to an admin request without a session, the same for pages and the JSON API. */
export const NOT_SIGNED_IN = {
  ok: false,
  code: 'unauthorized',
  error: 'Please sign in to continue.',
} as const

/**
 * Every admin loader and action starts here: the session was checked on this
 * request by the server, whatever the page in the browser believes. Without
 * one it throws a 401 with a JSON body: an admin page shows its sign-in
 * boundary, and an API client (the gallery's upload dialog) reads `code`.
 * A thrown Response reaches resource routes as it is, body and all.
 */
export function requireAdmin(context: AppLoadContext): Admin {
  if (!context.admin) throw Response.json(NOT_SIGNED_IN, { status: 401 })
  return context.admin
}
