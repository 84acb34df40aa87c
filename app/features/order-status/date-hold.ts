/**
 * When a customer's date is held and when it is booked, in the words the
 * private page and every email use, so the two never disagree (decision 030).
 * The rule (decisions 020 and 022): a quote holds its day until it expires
 * unanswered; an accepted quote keeps holding it until the deposit arrives
 * (or the bakery waives it), and that books it. The browser may load this file.
 */

/** The quote step, as "what happens next" tells it. */
export const QUOTE_HOLDS_DATE =
  'If we can make it, we send you a quote with the price and the deposit. It holds your date until it expires.'

/** A quote waiting for an answer, as its status explains it. */
export const QUOTED_DATE_HOLD =
  'Your date is held for you until the quote expires, and booked once you accept it and the deposit is paid.'

/** An accepted quote whose deposit has not arrived. */
export const ACCEPTED_DATE_HOLD =
  'Your date stays held for you, and we’ll confirm the booking once your deposit arrives.'

/**
 * "Your date is held for you until <expiry>. After that …", around the
 * expiry as the caller writes it (text in an email, a <time> on the page).
 * `written` is its text: a time that already ends in a full stop (3:00 p.m.,
 * as some locales write it) gets no second one.
 */
export function heldUntil<T>(expiry: T, written: string = String(expiry)): [string, T, string] {
  return [
    'Your date is held for you until ',
    expiry,
    `${written.endsWith('.') ? '' : '.'} After that the quote expires and the date may go to someone else.`,
  ]
}
