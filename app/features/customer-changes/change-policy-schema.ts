import { z } from 'zod/mini'
import { OUTSIDE_DATE_WINDOW, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import { optionalLines } from '#app/utils/form-fields.ts'
import { CHANGE_DETAILS_MAX, POLICY_LIMITS, SAVE_CHANGE_POLICY } from './change-policy.ts'

/*
 * What the server reads the change policy's settings form and a customer's
 * change or cancellation with (decision 054), apart from the rules the pages
 * show (change-policy.ts), so no page loads zod for them (decision 061).
 */

function wholeNumber(label: string, { min, max }: { min: number; max: number }) {
  const message = `${label}: a whole number from ${min} to ${max}.`
  return z.pipe(
    z.string(message).check(z.trim(), z.regex(/^\d{1,3}$/, message)),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, message), z.lte(max, message))),
  )
}

/** The settings form, read the same in the browser and on the server. */
export const ChangePolicyFormSchema = z.object({
  intent: z.literal(SAVE_CHANGE_POLICY),
  change_window_days: wholeNumber('No changes within', POLICY_LIMITS.days),
  refund_cutoff_days: wholeNumber('Full refund rule days', POLICY_LIMITS.days),
  refund_before_percent: wholeNumber('Refund before', POLICY_LIMITS.percent),
  refund_after_percent: wholeNumber('Refund after', POLICY_LIMITS.percent),
})

export type ChangePolicyForm = z.output<typeof ChangePolicyFormSchema>

const position = z.pipe(
  z
    .string('Please reload your order’s page and try again.')
    .check(z.regex(/^[1-9]\d{0,5}$/, 'Please reload your order’s page and try again.')),
  z.transform(Number),
)

/**
 * "Ask for a change" on her page: the date (and a time, if the day has set
 * times) and her words about it. The details of each of her requests come
 * with it as `<detail>_<position>` (self-service.server.ts reads them with
 * the order form's rules); whether anything differs from her order is the
 * server's to say.
 */
export const AskChangeFormSchema = z.object({
  intent: z.literal('ask-change'),
  request: position,
  new_date: z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => (value?.trim() ? value.trim() : null)),
    )
    .check(
      z.refine((value) => value === null || isRealDate(value), {
        error: 'Choose the new date from the calendar.',
        abort: true,
      }),
      z.refine((value) => value === null || isCalendarDate(value), OUTSIDE_DATE_WINDOW),
    ),
  new_window: z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => (value?.trim() ? value.trim() : null)),
    )
    .check(
      z.refine((value) => value === null || /^\d{2}:\d{2}-\d{2}:\d{2}$/.test(value), {
        error: 'Choose one of the times offered.',
      }),
    ),
  details: optionalLines(
    'What you would tell us',
    CHANGE_DETAILS_MAX,
    `Please keep it to ${CHANGE_DETAILS_MAX} characters; write to us for more.`,
  ),
})

/** "Confirm cancellation" on her page: what her confirm step showed, in cents. */
export const CancelFormSchema = z.object({
  intent: z.literal('cancel'),
  request: position,
  expected_refund: z.pipe(
    z
      .string('Please look at what you would get back first.')
      .check(z.regex(/^\d{1,9}$/, 'Please look at what you would get back first.')),
    z.transform(Number),
  ),
})

export const SelfServiceFormSchema = z.discriminatedUnion('intent', [
  AskChangeFormSchema,
  CancelFormSchema,
])
