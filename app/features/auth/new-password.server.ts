import { AdminError, checkPassword } from './admins.server.ts'
import type { Auth } from './auth.server.ts'
import { issueDeviceCookie } from './device-cookie.server.ts'
import { signIn } from './session.server.ts'

/**
 * The new password a form sends twice (`password`, `confirm`): refused with
 * `differ` when the two are not the same, or with the bounds' sentence.
 */
export function newPasswordOf(
  form: { password?: string | null; confirm?: string | null } | undefined,
  differ: string,
): { ok: true; password: string } | { ok: false; error: string } {
  const password = form?.password ?? ''
  if (password !== (form?.confirm ?? '')) return { ok: false, error: differ }
  try {
    checkPassword(password)
  } catch (error) {
    if (error instanceof AdminError) return { ok: false, error: error.message }
    throw error
  }
  return { ok: true, password }
}

/** The cookie by which the sign-in throttle knows this browser as `email`'s (decision 012). */
export async function deviceCookieFor(auth: Auth, email: string): Promise<string> {
  const context = await auth.$context
  return issueDeviceCookie(email.toLowerCase(), {
    secret: context.secret,
    secure: context.options.advanced?.useSecureCookies === true,
  })
}

/**
 * Signs this browser in with a password just set (a reset, an invitation):
 * its session cookie and its device cookie go into `headers`, so the admin
 * goes straight to the Today page.
 */
export async function signInWithNewPassword(
  auth: Auth,
  {
    email,
    password,
    request,
    headers,
  }: { email: string; password: string; request: Request; headers: Headers },
): Promise<void> {
  const signedIn = await signIn(auth, { email, password, headers: request.headers })
  if (!signedIn.ok) return
  for (const cookie of signedIn.setCookies) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await deviceCookieFor(auth, email))
}
