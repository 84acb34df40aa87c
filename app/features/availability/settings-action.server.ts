import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { formatShortDateRange, bakeryToday } from '#app/utils/dates.ts'
import { fieldErrorsOf } from '#app/utils/field-errors.ts'
import { renderMarkdown } from '#app/utils/markdown.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  LIMITS,
  SETTINGS_FIELDS,
  WEEKDAY_NAMES,
  type SettingsAction,
  type SettingsIntent,
  capacityField,
  isSettingsIntent,
  settingsActionSchema,
} from './booking-settings-schema.ts'
import {
  addClosedPeriod,
  removeClosedPeriod,
  setWeekdayCapacity,
  updateBookingSettings,
} from './booking-settings.server.ts'
import { addPickupWindow, removePickupWindow } from './pickup-windows.server.ts'
import { formatWindow, windowValue } from './pickup-windows.ts'

/**
 * The most an availability form may post: the policies' 4,000 characters,
 * each up to 9 bytes once percent-encoded (’ is %E2%80%99), and a little more.
 */
export const MAX_SETTINGS_FORM_BYTES = LIMITS.policies * 9 + 1024

export type SettingsActionResult =
  | { ok: true; intent: SettingsIntent; message: string }
  | {
      ok: false
      /** The form that was refused; missing when the post was not one of them. */
      intent?: SettingsIntent
      error: string
      /** Messages beside the fields, by field name. */
      fields?: Record<string, string>
      /** What the form posted, for a page without JavaScript to show again. */
      values?: Record<string, string>
    }

const CHECK_FIELDS = 'Please correct the marked field.'

/** What a form posted, kept to its own fields, for a page without JavaScript to show again. */
function postedValues(form: Record<string, string>, intent: SettingsIntent) {
  return Object.fromEntries(
    Object.entries(form).filter(([field]) => SETTINGS_FIELDS[intent].includes(field)),
  )
}

/** A post its form's schema refused: 400, each message beside its field. */
function refuseFields(
  form: Record<string, string>,
  intent: SettingsIntent,
  error: Parameters<typeof fieldErrorsOf>[0],
): Reply<SettingsActionResult> {
  const known = SETTINGS_FIELDS[intent]
  const fields = Object.fromEntries(
    Object.entries(fieldErrorsOf(error)).filter(([field]) => known.includes(field)),
  ) as Record<string, string>
  // A field the form has no control for (a reopen's id): not the page's post.
  if (Object.keys(fields).length === 0) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const values = postedValues(form, intent)
  return reply(400, { ok: false, intent, error: CHECK_FIELDS, fields, values })
}

/**
 * The owner's availability forms at /admin/settings: weekly capacity, closed
 * dates, the booking horizon, the order policies and delivery. A bad field is
 * a 400 with its message beside it and nothing written; a closed period that
 * is already gone is a 409; never a 500.
 */
export async function receiveSettingsAction({
  request,
  db,
  now = new Date(),
}: {
  request: Request
  db: Db
  now?: Date
}): Promise<Reply<SettingsActionResult>> {
  const form = await readAdminForm(request, MAX_SETTINGS_FORM_BYTES)
  if (!form || !isSettingsIntent(form.intent)) {
    return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  }
  const intent = form.intent
  const today = bakeryToday(now)
  const parsed = settingsActionSchema({ today }).safeParse(form)
  if (!parsed.success) return refuseFields(form, intent, parsed.error)
  return applySettings({ db, form, intent }, parsed.data)
}

/** The post a form sent, with the database its change is written to. */
interface Posted {
  db: Db
  form: Record<string, string>
  intent: SettingsIntent
}

/** Writes one form's checked change and says what it did. */
async function applySettings(
  { db, form, intent }: Posted,
  action: SettingsAction,
): Promise<Reply<SettingsActionResult>> {
  switch (action.intent) {
    case 'capacity': {
      await setWeekdayCapacity(
        db,
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => action[capacityField(weekday) as 'capacity_0']),
      )
      return saved(intent, 'Weekly capacity saved.')
    }
    case 'close-dates': {
      const end = action.to || action.from
      await addClosedPeriod(db, { start: action.from, end, note: action.note ?? '' })
      return saved(intent, `Closed ${formatShortDateRange(action.from, end)}.`)
    }
    case 'reopen': {
      const removed = await removeClosedPeriod(db, action.id)
      if (!removed) {
        return reply(409, { ok: false, intent, error: 'Those dates were already open again.' })
      }
      return saved(intent, `Open again ${formatShortDateRange(removed.start, removed.end)}.`)
    }
    case 'horizon': {
      await updateBookingSettings(db, { horizonDays: action.horizon_days })
      return saved(
        intent,
        `Customers can now book up to ${action.horizon_days} ${action.horizon_days === 1 ? 'day' : 'days'} ahead.`,
      )
    }
    case 'policies':
      return savePolicies({ db, form, intent }, action)
    case 'delivery': {
      const enabled = action.delivery_enabled !== undefined
      await updateBookingSettings(db, {
        deliveryEnabled: enabled,
        deliveryNote: action.delivery_note ?? '',
      })
      return saved(
        intent,
        enabled ? 'Delivery saved: customers can choose it.' : 'Delivery saved: pickup only.',
      )
    }
    case 'pickup-window-add':
      return addWindow({ db, form, intent }, action)
    case 'pickup-window-remove':
      return removeWindow({ db, form, intent }, action)
    case 'pickup-address': {
      await updateBookingSettings(db, { pickupAddress: action.pickup_address ?? '' })
      return saved(
        intent,
        action.pickup_address
          ? 'Pickup address saved. Customers see it once you confirm their request.'
          : 'Pickup address cleared.',
      )
    }
  }
}

/** The order policies, stored rendered; markdown that will not render is a 400 beside the field. */
async function savePolicies(
  { db, form, intent }: Posted,
  action: Extract<SettingsAction, { intent: 'policies' }>,
): Promise<Reply<SettingsActionResult>> {
  const rendered = renderMarkdown(action.policies)
  if (!rendered.ok) {
    return reply(400, {
      ok: false,
      intent,
      error: CHECK_FIELDS,
      fields: { policies: rendered.error },
      values: { policies: form.policies ?? '' },
    })
  }
  await updateBookingSettings(db, { policies: rendered })
  return saved(intent, 'Order policies saved.')
}

/** A new pickup window; one the day has no room for is a 409 beside its field. */
async function addWindow(
  { db, form, intent }: Posted,
  action: Extract<SettingsAction, { intent: 'pickup-window-add' }>,
): Promise<Reply<SettingsActionResult>> {
  const added = await addPickupWindow(db, {
    weekday: action.window_weekday,
    start: action.window_start,
    end: action.window_end,
    capacity: action.window_capacity,
  })
  if (!added.ok) {
    const values = postedValues(form, intent)
    return reply(409, {
      ok: false,
      intent,
      error: added.error,
      fields: { [added.field]: added.error },
      values,
    })
  }
  return saved(
    intent,
    `${WEEKDAY_NAMES[added.window.weekday]} ${formatWindow(windowValue(added.window))} added, taking ${added.window.capacity} ${added.window.capacity === 1 ? 'request' : 'requests'}.`,
  )
}

/** A pickup window taken off; one already gone is a 409. */
async function removeWindow(
  { db, intent }: Posted,
  action: Extract<SettingsAction, { intent: 'pickup-window-remove' }>,
): Promise<Reply<SettingsActionResult>> {
  const removed = await removePickupWindow(db, action.id)
  if (!removed) {
    return reply(409, { ok: false, intent, error: 'That pickup window was already removed.' })
  }
  return saved(
    intent,
    `${WEEKDAY_NAMES[removed.weekday]} ${formatWindow(windowValue(removed))} removed. Requests already made keep their time.`,
  )
}

function saved(intent: SettingsIntent, message: string): Reply<SettingsActionResult> {
  return reply(200, { ok: true, intent, message })
}
