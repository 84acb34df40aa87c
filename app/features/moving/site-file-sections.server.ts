/**
 * A site file's words, booking settings, pickup windows and menu, each read
 * back through the schema of the form that sets it in Settings, so an import
 * can hold nothing the forms would refuse. Each check answers with the first
 * problem, in a sentence naming where it is.
 */
import { SITE_WORDS_KEYS, type SiteWords } from '#app/content/site-words.ts'
import {
  capacityField,
  type settingsActionSchema,
} from '#app/features/availability/booking-settings-schema.ts'
import { PICKUP_WINDOW_LIMITS, windowsOverlap } from '#app/features/availability/pickup-windows.ts'
import { MenuActionSchema } from '#app/features/menu/menu-action.server.ts'
import {
  checkSiteSection,
  completeSection,
} from '#app/features/site-content/site-content.server.ts'
import { type RenderedMarkdown, renderMarkdown } from '#app/utils/markdown.server.ts'
import { centsToInput } from '#app/utils/money.ts'
import { type MovedTreat, checkBuyNow } from './set-prices-file.server.ts'

/** The booking settings a file carries: everything the owner sets, less closed dates and secrets. */
export interface BookingPart {
  weekdayCapacity: number[]
  horizonDays: number
  policies: string
  deliveryEnabled: boolean
  deliveryNote: string
  pickupAddress: string
}

export interface PickupWindowPart {
  weekday: number
  start: string
  end: string
  capacity: number
}

/** The policies come rendered, as a save in Settings stores them (decision 076). */
export type CheckedBooking = Omit<BookingPart, 'policies'> & { policies: RenderedMarkdown }

type Checked<T> = ({ ok: true } & T) | { ok: false; error: string }

/** The Settings forms' schema, made once for the day the file is read on. */
type SettingsSchema = ReturnType<typeof settingsActionSchema>

const refuse = (error: string) => ({ ok: false as const, error })

/** A value as the settings form would have sent it: text, or missing. */
function asField(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

export const SECTION_NAMES: Record<string, string> = {
  identity: 'name and contact details',
  words: 'stories',
  announcement: 'banner',
  faq: 'FAQ',
}

/** The words: each section by the schema the Your site forms use; the name and contacts a must. */
export function checkWordsPart(
  fileWords: Record<string, unknown>,
): Checked<{ words: Partial<SiteWords> & Pick<SiteWords, 'identity'> }> {
  const words: Partial<SiteWords> = {}
  for (const key of SITE_WORDS_KEYS) {
    if (!(key in fileWords)) continue
    // A file from an earlier release lacks the fields added since: they take the plain words'.
    const checked = checkSiteSection(key, completeSection(key, fileWords[key]))
    if (!checked.ok) {
      const [field, message] = Object.entries(checked.errors)[0] ?? ['', 'it is not complete.']
      return refuse(
        `Your words, ${SECTION_NAMES[key] ?? key}${field ? ` (${field})` : ''}: ${message}`,
      )
    }
    ;(words as Record<string, unknown>)[key] = checked.value
  }
  if (!words.identity) return refuse('That site file has no bakery name and contact details.')
  return { ok: true, words: { ...words, identity: words.identity } }
}

/** The booking settings as each of their Settings forms would have sent them. */
function bookingForms(booking: {
  weekdayCapacity: unknown[]
  horizonDays: unknown
  policies: unknown
  deliveryEnabled: boolean
  deliveryNote: unknown
  pickupAddress: unknown
}) {
  return [
    {
      intent: 'capacity',
      ...Object.fromEntries(
        booking.weekdayCapacity.map((value, day) => [capacityField(day), asField(value)]),
      ),
    },
    { intent: 'horizon', horizon_days: asField(booking.horizonDays) },
    { intent: 'policies', policies: asField(booking.policies) },
    {
      intent: 'delivery',
      ...(booking.deliveryEnabled ? { delivery_enabled: 'on' } : {}),
      delivery_note: asField(booking.deliveryNote),
    },
    { intent: 'pickup-address', pickup_address: asField(booking.pickupAddress) },
  ]
}

/** The booking settings: each through its Settings form's schema, the policies rendered. */
export function checkBookingPart(
  booking: Parameters<typeof bookingForms>[0],
  schema: SettingsSchema,
): Checked<{ booking: CheckedBooking }> {
  const settings: Record<string, unknown> = {}
  for (const form of bookingForms(booking)) {
    const checked = schema.safeParse(form)
    if (!checked.success) return refuse(`Booking settings: ${checked.error.issues[0]?.message}`)
    Object.assign(settings, checked.data)
  }
  const policies = renderMarkdown(settings.policies as string)
  if (!policies.ok) return refuse(`Booking settings, order policies: ${policies.error}`)
  return {
    ok: true,
    booking: {
      weekdayCapacity: [0, 1, 2, 3, 4, 5, 6].map((day) => settings[capacityField(day)] as number),
      horizonDays: settings.horizon_days as number,
      policies,
      deliveryEnabled: settings.delivery_enabled === 'on',
      deliveryNote: (settings.delivery_note as string | undefined) ?? '',
      pickupAddress: (settings.pickup_address as string | undefined) ?? '',
    },
  }
}

/** Pickup windows: the add-a-window form's schema, then its per-day rules. */
export function checkPickupWindowsPart(
  fileWindows: readonly Record<string, unknown>[],
  schema: SettingsSchema,
): Checked<{ pickupWindows: PickupWindowPart[] }> {
  const pickupWindows: PickupWindowPart[] = []
  for (const [index, window] of fileWindows.entries()) {
    const checked = schema.safeParse({
      intent: 'pickup-window-add',
      window_weekday: asField(window.weekday),
      window_start: asField(window.start),
      window_end: asField(window.end),
      window_capacity: asField(window.capacity),
    })
    if (!checked.success || checked.data.intent !== 'pickup-window-add') {
      return refuse(
        `Pickup window ${index + 1}: ${checked.error?.issues[0]?.message ?? 'it is not complete.'}`,
      )
    }
    const next = {
      weekday: checked.data.window_weekday,
      start: checked.data.window_start,
      end: checked.data.window_end,
      capacity: checked.data.window_capacity,
    }
    const sameDay = pickupWindows.filter((other) => other.weekday === next.weekday)
    if (sameDay.length >= PICKUP_WINDOW_LIMITS.perDay) {
      return refuse(
        `Pickup window ${index + 1}: a day can have at most ${PICKUP_WINDOW_LIMITS.perDay} pickup windows.`,
      )
    }
    if (sameDay.some((other) => windowsOverlap(other, next))) {
      return refuse(`Pickup window ${index + 1}: it overlaps another window on the same day.`)
    }
    pickupWindows.push(next)
  }
  return { ok: true, pickupWindows }
}

/** A treat's price as the add-a-treat form would have sent it. */
function priceField(price: unknown): string {
  if (price === null || price === undefined) return ''
  return typeof price === 'number' && Number.isSafeInteger(price) && price >= 0
    ? centsToInput(price)
    : String(price)
}

/** The menu: the add-a-treat form's schema for each, names told apart as the menu does. */
export function checkMenuPart(
  fileMenu: readonly Record<string, unknown>[],
): Checked<{ menu: MovedTreat[] }> {
  const menu: MovedTreat[] = []
  const names = new Set<string>()
  for (const [index, treat] of fileMenu.entries()) {
    const checked = MenuActionSchema.safeParse({
      intent: 'add',
      name: asField(treat.name),
      description: asField(treat.description) ?? '',
      price: priceField(treat.priceFromCents),
      notice_days: asField(treat.noticeDays),
      effort: asField(treat.effort),
    })
    const label = typeof treat.name === 'string' ? `“${treat.name.slice(0, 60)}”` : `${index + 1}`
    if (!checked.success || checked.data.intent !== 'add') {
      return refuse(`Treat ${label}: ${checked.error?.issues[0]?.message ?? 'it is not complete.'}`)
    }
    if (typeof treat.active !== 'boolean')
      return refuse(`Treat ${label}: say whether it is on the menu.`)
    const key = checked.data.name.toLowerCase()
    if (names.has(key))
      return refuse(`Treat ${label} is in the file twice; each treat needs its own name.`)
    names.add(key)
    const buyNow = treat.buyNow === undefined ? undefined : checkBuyNow(treat.buyNow)
    if (buyNow && !buyNow.ok) return refuse(`Treat ${label}: ${buyNow.error}`)
    menu.push({
      name: checked.data.name,
      description: checked.data.description,
      priceFromCents: checked.data.price,
      noticeDays: checked.data.notice_days,
      effort: checked.data.effort,
      active: treat.active,
      ...(buyNow?.ok ? { buyNow: buyNow.input } : {}),
    })
  }
  return { ok: true, menu }
}
