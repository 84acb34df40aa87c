import { withReplyTime } from '#app/content/site-words.ts'
import { site } from '#app/content/site.ts'
import { QUOTE_HOLDS_DATE } from './date-hold.ts'

/**
 * What the customer hears next, and when: the same words on the page after a
 * send, in the confirmation email and on the request's status page.
 */
export const NEXT_STEPS = [
  `We read every order ourselves and reply ${site.replyTime}.`,
  QUOTE_HOLDS_DATE,
  'Your date is booked once you accept the quote and the deposit is paid.',
] as const

/** The next steps with her reply time (Settings › Your site). */
export function nextSteps(replyTime: string): string[] {
  return NEXT_STEPS.map((step) => withReplyTime(step, replyTime))
}
