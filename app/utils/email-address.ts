/**
 * The one rule for an email address, wherever one comes in: the public forms
 * (in the browser and on the server), sign-in, the admin command and the
 * environment. It is the address an `<input type="email">` accepts (WHATWG),
 * with a dot in the domain: a local part of letters, digits, dots and
 * `!#$%&'*+/=?^_`{|}~-`, then `@` and dot-separated labels. No display name,
 * quotes, spaces, commas or angle brackets, so an address can never smuggle a
 * second recipient or markup into a Reply-To header.
 */
const EMAIL_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/** The longest address SMTP can carry in a path (RFC 5321 with its errata). */
export const EMAIL_MAX_LENGTH = 254

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_ADDRESS.test(value)
}
