import { APIError } from 'better-auth/api'
import { type Auth, SESSION_ABSOLUTE_MS } from './auth.server.ts'

export interface Admin {
  id: string
  email: string
}

/**
 * Whether a request's Cookie header carries a session cookie at all (valid
 * or not): without one there is no session to look up, and its response is
 * nobody's private page.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader?.includes('session_token') ?? false
}

/**
 * The admin signed in by this request's session cookie, if any, and the
 * cookies to send back (better-auth pushes out the idle expiry as the session
 * is used). Sessions older than the absolute limit are ended here. The server
 * calls this only for requests where `hasSessionCookie` found one.
 */
export async function resolveAdmin(
  auth: Auth,
  headers: Headers,
  now = Date.now(),
): Promise<{ admin: Admin | null; setCookies: string[] }> {
  const { headers: responseHeaders, response } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  })
  const setCookies = responseHeaders.getSetCookie()
  if (!response) return { admin: null, setCookies }
  if (now - new Date(response.session.createdAt).getTime() > SESSION_ABSOLUTE_MS) {
    const ended = await signOut(auth, headers)
    return { admin: null, setCookies: ended }
  }
  return { admin: { id: response.user.id, email: response.user.email }, setCookies }
}

export type SignInResult =
  { ok: true; setCookies: string[] } | { ok: false; status: number; error: string }

export async function signIn(
  auth: Auth,
  { email, password, headers }: { email: string; password: string; headers: Headers },
): Promise<SignInResult> {
  try {
    const { headers: responseHeaders } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers,
      returnHeaders: true,
    })
    return { ok: true, setCookies: responseHeaders.getSetCookie() }
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      // One message whether the email or the password was wrong.
      return { ok: false, status: 401, error: 'Invalid email or password.' }
    }
    throw error
  }
}

/** Ends the session in the database and returns the cookies that clear it. */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  try {
    const { headers: responseHeaders } = await auth.api.signOut({ headers, returnHeaders: true })
    return responseHeaders.getSetCookie()
  } catch (error) {
    if (error instanceof APIError) return []
    throw error
  }
}
