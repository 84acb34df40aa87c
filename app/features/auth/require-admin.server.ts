import { type AppLoadContext, data } from 'react-router'
import type { Admin } from './session.server.ts'

/**
 * Every admin loader and action starts here: the session was checked on this
 * request by the server, whatever the page in the browser believes.
 */
export function requireAdmin(context: AppLoadContext): Admin {
  if (!context.admin) {
    throw data({ ok: false, error: 'Please sign in to continue.' }, { status: 401 })
  }
  return context.admin
}
