/**
 * The one phone rule of the public forms (orders and contact). The spec asks
 * for a ten-digit number; people write it with spaces, dashes, dots,
 * brackets or the country code ("416-555-0123", "(416) 555-0123",
 * "+1 416 555 0123"), so the rule reads the digits and the server keeps
 * those ten. No zod here: the forms render the hint without loading it.
 */

/** The longest number a form accepts as typed, formatting included. */
export const PHONE_NUMBER_MAX_LENGTH = 30

/** Under the phone field of every form. */
export const PHONE_NUMBER_HINT = '10 digits, e.g. 416-555-0123'

/** When the number cannot be read as ten digits. */
export const PHONE_NUMBER_INVALID = 'Enter a 10-digit phone number, e.g. 416-555-0123.'

// Digits with the separators people type between them (a no-break space
// arrives with numbers pasted from a web page); a + only in front.
const AS_WRITTEN = /^\+?[0-9 \u00A0().-]+$/

/**
 * The ten digits of a phone number as people write it, or null when it is not
 * one: other characters, or a digit count other than ten (eleven with the
 * country code 1 in front).
 */
export function phoneDigits(written: string): string | null {
  const value = written.trim()
  if (!AS_WRITTEN.test(value)) return null
  const digits = value.replace(/[^0-9]/g, '')
  if (digits.length === 10) return digits
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1)
  return null
}

/**
 * A stored number as the owner reads it: ten digits as "416-555-0123";
 * anything else (a number kept before the forms stored digits) as it is.
 */
export function formatPhoneNumber(stored: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(stored)
  return match ? `${match[1]}-${match[2]}-${match[3]}` : stored
}
