import { type MiddlewareFunction, type RouterContextProvider, createContext } from 'react-router'
import type { Admin } from './session.server.ts'

/**
 * The signed-in admin, from the session cookie checked once on this very
 * request by the server (server/app.ts), or null. Set for every request.
 */
export const adminContext = createContext<Admin | null>()

/** The answer to an admin request without a session, the same for pages and the JSON API. */
export const NOT_SIGNED_IN = {
  ok: false,
  code: 'unauthorized',
  error: 'Please sign in to continue.',
} as const

/**
 * The admin this request was made by, whatever the page in the browser
 * believes. Without one it throws a 401 with a JSON body: an admin page
 * shows its sign-in boundary, and an API client (the gallery's upload
 * dialog) reads `code`. A thrown Response reaches resource routes as it is,
 * body and all.
 *
 * Owner pages need not call it: their layout's middleware (`guardOwnerPages`)
 * already has. A route calls it when it needs the admin herself, or when it
 * lives outside /admin (the gallery's API).
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): Admin {
  const admin = context.get(adminContext)
  if (!admin) throw Response.json(NOT_SIGNED_IN, { status: 401 })
  return admin
}

/**
 * The owner pages' guard (app/routes/admin-layout.tsx): before any loader or
 * action under the layout runs, a request without a session is refused with
 * requireAdmin's 401, for documents, `.data` requests and resource routes
 * alike. Routes added under the layout are guarded without doing anything.
 */
export const guardOwnerPages: MiddlewareFunction<Response> = ({ context }) => {
  requireAdmin(context)
}
