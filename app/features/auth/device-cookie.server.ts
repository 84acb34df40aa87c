import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * A device cookie (OWASP, "Slow down online guessing attacks with device
 * cookies"): after a successful sign-in the browser gets a signed note that
 * it has signed in to this account before. Sign-in tries that carry one are
 * throttled per device, apart from everyone else's failures, so nobody can
 * lock the owner out by failing on purpose. It proves only "this browser knew
 * the password once"; it never signs anyone in.
 */

/** Long-lived: a browser stays known as long as the owner keeps using it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
/**
 * Only the sign-in post reads it, but that post reaches us at `/admin/login`
 * from a plain form and at `/admin/login.data` from the dialog when React
 * runs: a cookie's path matches only whole segments, so it has to be the
 * folder both live in.
 */
const COOKIE_PATH = '/admin'
/** Where the cookie lived before, which the dialog's post never carried. */
const FORMER_COOKIE_PATH = '/admin/login'

export interface DeviceCookieOptions {
  /** AUTH_SECRET, the key the session cookies are signed with too. */
  secret: string
  /** Under an https SITE_URL: Secure, with the `__Secure-` prefix (as the session cookie). */
  secure: boolean
}

export interface KnownDevice {
  /** The account (lower-case email) the device signed in to. */
  account: string
  /** Random per issue: the device's own throttle key. */
  id: string
}

export function deviceCookieName({ secure }: Pick<DeviceCookieOptions, 'secure'>): string {
  return secure ? '__Secure-bakery.device' : 'bakery.device'
}

/** The Set-Cookie header value that marks this browser as known to `account`. */
export function issueDeviceCookie(account: string, options: DeviceCookieOptions): string {
  const id = randomBytes(16).toString('base64url')
  const payload = `${Buffer.from(account.toLowerCase()).toString('base64url')}.${id}`
  const value = `${payload}.${sign(payload, options.secret)}`
  const attributes = [
    `${deviceCookieName(options)}=${value}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (options.secure) attributes.push('Secure')
  return attributes.join('; ')
}

/**
 * Clears a device cookie left at the former, narrower path, so one browser
 * keeps one device cookie.
 */
export function clearFormerDeviceCookie(options: Pick<DeviceCookieOptions, 'secure'>): string {
  const attributes = [
    `${deviceCookieName(options)}=`,
    'Max-Age=0',
    `Path=${FORMER_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (options.secure) attributes.push('Secure')
  return attributes.join('; ')
}

/** The device a request's cookie names, or undefined when it has none or it is not ours. */
export function readDeviceCookie(
  headers: Headers,
  options: DeviceCookieOptions,
): KnownDevice | undefined {
  const name = deviceCookieName(options)
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [key, value] = splitOnce(part.trim(), '=')
    if (key !== name || !value) continue
    const [encodedAccount = '', id = '', signature = ''] = value.split('.')
    if (!encodedAccount || !id || !signature) continue
    if (!signatureMatches(`${encodedAccount}.${id}`, signature, options.secret)) continue
    return { account: Buffer.from(encodedAccount, 'base64url').toString(), id }
  }
  return undefined
}

function sign(payload: string, secret: string): string {
  // A label of its own, so this signature can never stand in for another use of the key.
  return createHmac('sha256', secret).update(`bakery device cookie\0${payload}`).digest('base64url')
}

function signatureMatches(payload: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(sign(payload, secret))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}
