import { z } from 'zod/mini'
import { OUTSIDE_DATE_WINDOW, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import { multiLine, optionalLine } from '#app/utils/form-fields.ts'
import {
  LIMITS,
  SETTINGS_INTENTS,
  type SettingsIntent,
  WEEKDAY_NAMES,
  capacityField,
  isSettingsIntent,
} from './booking-settings-fields.ts'
import { PICKUP_WINDOW_LIMITS, isGridTime, minutesOf } from './pickup-windows.ts'

/**
 * What the owner's availability forms at /admin/settings post, one intent
 * each, and the rules their fields follow, checked by the server's action.
 * The page draws its inputs from booking-settings-fields.ts (re-exported
 * here), so it loads none of zod (decision 061); this file stays browser-safe.
 */

export {
  LIMITS,
  SETTINGS_INTENTS,
  type SettingsIntent,
  WEEKDAY_NAMES,
  capacityField,
  isSettingsIntent,
}

/** A whole number typed in a form, between min and max; `label` names it in the message. */
function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`
  return z.pipe(
    z.string(message).check(z.trim(), z.regex(/^\d{1,6}$/, message)),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, message), z.lte(max, message))),
  )
}

/** A date typed in the form: `message` when it is not one, the site's window when it is far off. */
function calendarDate(message: string) {
  return z
    .string(message)
    .check(
      z.trim(),
      z.refine(isRealDate, { error: message, abort: true }),
      z.refine(isCalendarDate, OUTSIDE_DATE_WINDOW),
    )
}

const capacityFields = Object.fromEntries(
  WEEKDAY_NAMES.map((day, weekday) => [
    capacityField(weekday),
    wholeNumber(day, LIMITS.capacity.min, LIMITS.capacity.max),
  ]),
) as Record<`capacity_${0 | 1 | 2 | 3 | 4 | 5 | 6}`, ReturnType<typeof wholeNumber>>

/** A time of day chosen for a pickup window: on the quarter hour. */
function windowTime(label: string) {
  const message = `${label} must be a time such as 10:00, on the hour or a quarter past, half past or a quarter to.`
  return z.string(message).check(z.trim(), z.refine(isGridTime, message))
}

const FROM_MESSAGE = 'Choose the first closed date.'
const TO_MESSAGE = 'Choose the last closed date, or leave it empty for one day.'

/** The form for each intent; close-dates needs the bakery's date today to refuse past dates. */
export function settingsActionSchema({ today }: { today: string }) {
  return z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('capacity'), ...capacityFields }),
    z
      .object({
        intent: z.literal('close-dates'),
        from: calendarDate(FROM_MESSAGE).check(
          z.refine((from) => from >= today, 'That date has passed; choose today or later.'),
        ),
        // Empty means the one day From names.
        to: z.optional(
          z.string(TO_MESSAGE).check(
            z.trim(),
            z.refine((to) => to === '' || isRealDate(to), { error: TO_MESSAGE, abort: true }),
            z.refine((to) => to === '' || isCalendarDate(to), OUTSIDE_DATE_WINDOW),
          ),
        ),
        note: optionalLine('Note', LIMITS.closedNote),
      })
      .check(
        z.refine((value) => !value.to || value.to >= value.from, {
          error: '“To” must be the same day as “From” or later.',
          path: ['to'],
        }),
      ),
    z.object({
      intent: z.literal('reopen'),
      id: z.pipe(z.string().check(z.regex(/^\d{1,15}$/)), z.transform(Number)),
    }),
    z.object({
      intent: z.literal('horizon'),
      horizon_days: wholeNumber('Days ahead', LIMITS.horizonDays.min, LIMITS.horizonDays.max),
    }),
    z.object({
      intent: z.literal('policies'),
      policies: multiLine('Order policies', LIMITS.policies),
    }),
    z.object({
      intent: z.literal('delivery'),
      // A checkbox: sent ("on") when ticked, left out when not.
      delivery_enabled: z.optional(z.string()),
      delivery_note: optionalLine('Delivery note', LIMITS.deliveryNote),
    }),
    z
      .object({
        intent: z.literal('pickup-window-add'),
        window_weekday: z.pipe(
          z
            .string('Choose the day of the week.')
            .check(z.regex(/^[0-6]$/, 'Choose the day of the week.')),
          z.transform(Number),
        ),
        window_start: windowTime('From'),
        window_end: windowTime('Until'),
        window_capacity: wholeNumber(
          'Requests it takes',
          PICKUP_WINDOW_LIMITS.capacity.min,
          PICKUP_WINDOW_LIMITS.capacity.max,
        ),
      })
      .check(
        z.refine((value) => minutesOf(value.window_start)! < minutesOf(value.window_end)!, {
          error: '“Until” must be later than “From”.',
          path: ['window_end'],
        }),
      ),
    z.object({
      intent: z.literal('pickup-window-remove'),
      id: z.pipe(z.string().check(z.regex(/^\d{1,15}$/)), z.transform(Number)),
    }),
    z.object({
      intent: z.literal('pickup-address'),
      pickup_address: optionalLine('Pickup address', PICKUP_WINDOW_LIMITS.address),
    }),
  ])
}

export type SettingsAction = z.output<ReturnType<typeof settingsActionSchema>>

/** Each form's fields, in page order, for messages beside them. */
export const SETTINGS_FIELDS: Record<SettingsIntent, readonly string[]> = {
  capacity: [1, 2, 3, 4, 5, 6, 0].map(capacityField),
  'close-dates': ['from', 'to', 'note'],
  reopen: [],
  horizon: ['horizon_days'],
  policies: ['policies'],
  delivery: ['delivery_enabled', 'delivery_note'],
  'pickup-window-add': ['window_weekday', 'window_start', 'window_end', 'window_capacity'],
  'pickup-window-remove': [],
  'pickup-address': ['pickup_address'],
}
