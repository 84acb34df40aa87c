import { site } from '#app/content/site.ts'

/**
 * What the customer hears next, and when: the same words on the page after a
 * send, in the confirmation email and on the request's status page.
 */
export const NEXT_STEPS = [
  `We read every request ourselves and reply ${site.replyTime}.`,
  'If we can make it, we send you a quote with the price and the deposit that holds your date.',
  'Your date is booked once you accept the quote and the deposit is paid.',
] as const
