/**
 * A request's payment reference, 'BB-4821': what the customer writes in her
 * e-Transfer message so the owner can tell whose money came in. Random (the
 * intake draws it, see request-intake.server.ts), never a count of orders,
 * and unique in the book under its index. The browser may load this file.
 */

/** Every reference starts with this, the bakery's initials. */
export const REFERENCE_PREFIX = 'BB'

/** Digits a new reference has at least; more once the book has used many. */
export const REFERENCE_MIN_DIGITS = 4
export const REFERENCE_MAX_DIGITS = 8

const LOOKS_LIKE_REFERENCE = new RegExp(
  `^${REFERENCE_PREFIX}\\s*-?\\s*(\\d{${REFERENCE_MIN_DIGITS},${REFERENCE_MAX_DIGITS}})$`,
  'i',
)

/**
 * The reference a search or a message means, written as stored
 * ('bb4821', 'BB - 4821' → 'BB-4821'), or null when it does not look like one.
 */
export function readPaymentReference(text: string): string | null {
  const match = LOOKS_LIKE_REFERENCE.exec(text.trim())
  return match ? `${REFERENCE_PREFIX}-${match[1]}` : null
}

/** The "how to pay" line every quote carries: where the reference goes. */
export function referenceInstruction(reference: string): string {
  return `Put ${reference} in the e-Transfer message, so we know the payment is yours.`
}
