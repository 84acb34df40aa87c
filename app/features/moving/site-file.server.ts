import { z } from 'zod'
import { SITE_WORDS_KEYS, type SiteWords } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import { lockBookings } from '#app/features/availability/availability.server.ts'
import {
  capacityField,
  settingsActionSchema,
} from '#app/features/availability/booking-settings-schema.ts'
import {
  readBookingSettings,
  setWeekdayCapacity,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { DELIVERY_FEE_ROWS } from '#app/features/availability/delivery-fee-form.ts'
import {
  readDeliveryFees,
  writeDeliveryFees,
} from '#app/features/availability/delivery-fees.server.ts'
import { replacePickupWindows } from '#app/features/availability/pickup-windows.server.ts'
import { PICKUP_WINDOW_LIMITS, windowsOverlap } from '#app/features/availability/pickup-windows.ts'
import * as kitchenFile from '#app/features/kitchen/kitchen-file.server.ts'
import { MenuActionSchema } from '#app/features/menu/menu-action.server.ts'
import { listProducts, replaceMenu } from '#app/features/menu/menu.server.ts'
import type { DeliveryFee } from '#app/features/menu/option-prices.ts'
import { writeSetPrice } from '#app/features/menu/set-prices.server.ts'
import {
  checkSiteSection,
  completeSection,
  readSiteWords,
  replaceSiteWords,
} from '#app/features/site-content/site-content.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { type RenderedMarkdown, renderMarkdown } from '#app/utils/markdown.server.ts'
import { centsToInput } from '#app/utils/money.ts'
import {
  type MovedTreat,
  checkBuyNow,
  checkDeliveryFees,
  withSetPrices,
} from './set-prices-file.server.ts'
import * as settingsFile from './settings-file.server.ts'
import {
  LEFT_OUT,
  SITE_FILE_FORMAT,
  SITE_FILE_LIMITS,
  SITE_FILE_VERSION,
  type SiteFileSummary,
} from './site-file.ts'

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

/**
 * Version 1 of the file. Her labels', texts' and gift cards' settings and
 * her taxes are as their pages send them; absent in older files.
 */
export interface SiteFile extends Partial<settingsFile.SettingsParts> {
  format: typeof SITE_FILE_FORMAT
  version: typeof SITE_FILE_VERSION
  exportedAt: string
  leftOut: string
  words: SiteWords
  booking: BookingPart
  pickupWindows: PickupWindowPart[]
  menu: MovedTreat[]
  /** Delivery fees by postal-code prefix, for treats bought now; absent in older files. */
  deliveryFees?: DeliveryFee[]
  /** Her kitchen: rate, ingredients, recipes, what treats are made of; absent in older files. */
  kitchen?: kitchenFile.KitchenPart
}

/** Everything a file replaces, read from this install. */
export async function exportSiteFile(db: Db, now: Date = new Date()): Promise<SiteFile> {
  const [words, settings, products, deliveryFees] = await Promise.all([
    readSiteWords(db),
    readBookingSettings(db),
    listProducts(db),
    readDeliveryFees(db),
  ])
  const menu = await withSetPrices(db, products)
  return {
    format: SITE_FILE_FORMAT,
    version: SITE_FILE_VERSION,
    exportedAt: now.toISOString(),
    leftOut: LEFT_OUT,
    words,
    booking: {
      weekdayCapacity: [...settings.weekdayCapacity],
      horizonDays: settings.horizonDays,
      policies: settings.policies,
      deliveryEnabled: settings.deliveryEnabled,
      deliveryNote: settings.deliveryNote,
      pickupAddress: settings.pickupAddress,
    },
    pickupWindows: settings.pickupWindows.map(({ weekday, start, end, capacity }) => ({
      weekday,
      start,
      end,
      capacity,
    })),
    menu,
    deliveryFees,
    kitchen: await kitchenFile.exportKitchen(db),
    ...(await settingsFile.exportSettingsParts(db)),
  }
}

/** The file's outline; its values are each checked by the settings forms' own schemas below. */
const outline = z.object({
  format: z.literal(SITE_FILE_FORMAT),
  version: z.literal(SITE_FILE_VERSION),
  exportedAt: z.string().max(40).optional(),
  words: z.record(z.string(), z.unknown()),
  booking: z.object({
    weekdayCapacity: z.array(z.unknown()).length(7),
    horizonDays: z.unknown(),
    policies: z.unknown(),
    deliveryEnabled: z.boolean(),
    deliveryNote: z.unknown(),
    pickupAddress: z.unknown(),
  }),
  pickupWindows: z.array(z.record(z.string(), z.unknown())).max(SITE_FILE_LIMITS.pickupWindows),
  menu: z.array(z.record(z.string(), z.unknown())).max(SITE_FILE_LIMITS.treats),
  deliveryFees: z.array(z.record(z.string(), z.unknown())).max(DELIVERY_FEE_ROWS).optional(),
  kitchen: z.record(z.string(), z.unknown()).optional(),
  ...settingsFile.settingsPartsOutline,
})

/** A value as the settings form would have sent it: text, or missing. */
function asField(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

const SECTION_NAMES: Record<string, string> = {
  identity: 'name and contact details',
  words: 'stories',
  announcement: 'banner',
  faq: 'FAQ',
}

export type CheckedSiteFile =
  | {
      ok: true
      words: Partial<SiteWords>
      /** The policies come rendered, as a save in Settings stores them (decision 076). */
      booking: Omit<BookingPart, 'policies'> & { policies: RenderedMarkdown }
      pickupWindows: PickupWindowPart[]
      menu: MovedTreat[]
      deliveryFees: DeliveryFee[]
      kitchen: kitchenFile.CheckedKitchen | null
      settings: settingsFile.CheckedSettingsParts
      summary: SiteFileSummary
    }
  | { ok: false; error: string }

/**
 * Reads a file's text and checks every value with the schema of the form
 * that sets it in Settings (the site's words, the booking settings, pickup
 * windows, treats), so an import can hold nothing the forms would refuse.
 * The first problem is the answer, in a sentence naming where it is.
 */
export function checkSiteFile(text: string, today: string = bakeryToday()): CheckedSiteFile {
  const refuse = (error: string) => ({ ok: false as const, error })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return refuse('That file is not a site file: it is not JSON. Choose the file Export saved.')
  }
  if (
    typeof json !== 'object' ||
    json === null ||
    (json as { format?: unknown }).format !== SITE_FILE_FORMAT
  ) {
    return refuse('That file is not a site file from Export. Choose the file Export saved.')
  }
  if ((json as { version?: unknown }).version !== SITE_FILE_VERSION) {
    return refuse(
      `That site file is of a version this site does not read (it reads version ${SITE_FILE_VERSION}).`,
    )
  }
  const parsed = outline.safeParse(json)
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? 'the file'
    return refuse(`That site file is damaged: ${where} is not what Export writes.`)
  }
  const file = parsed.data

  // The words: each section by the schema the Your site forms use.
  const words: Partial<SiteWords> = {}
  for (const key of SITE_WORDS_KEYS) {
    if (!(key in file.words)) continue
    // A file from an earlier release lacks the fields added since: they take the plain words'.
    const checked = checkSiteSection(key, completeSection(key, file.words[key]))
    if (!checked.ok) {
      const [field, message] = Object.entries(checked.errors)[0] ?? ['', 'it is not complete.']
      return refuse(
        `Your words, ${SECTION_NAMES[key] ?? key}${field ? ` (${field})` : ''}: ${message}`,
      )
    }
    ;(words as Record<string, unknown>)[key] = checked.value
  }
  if (!words.identity) return refuse('That site file has no bakery name and contact details.')

  // The booking settings: each through its Settings form's schema.
  const schema = settingsActionSchema({ today })
  const booking = file.booking
  const forms = [
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
  const settings: Record<string, unknown> = {}
  for (const form of forms) {
    const checked = schema.safeParse(form)
    if (!checked.success) return refuse(`Booking settings: ${checked.error.issues[0]?.message}`)
    Object.assign(settings, checked.data)
  }
  const policies = renderMarkdown(settings.policies as string)
  if (!policies.ok) return refuse(`Booking settings, order policies: ${policies.error}`)
  const capacity = [0, 1, 2, 3, 4, 5, 6].map((day) => settings[capacityField(day)] as number)

  // Pickup windows: the add-a-window form's schema, then its per-day rules.
  const pickupWindows: PickupWindowPart[] = []
  for (const [index, window] of file.pickupWindows.entries()) {
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

  // The menu: the add-a-treat form's schema for each, names told apart as the menu does.
  const menu: MovedTreat[] = []
  const names = new Set<string>()
  for (const [index, treat] of file.menu.entries()) {
    const price = treat.priceFromCents
    const checked = MenuActionSchema.safeParse({
      intent: 'add',
      name: asField(treat.name),
      description: asField(treat.description) ?? '',
      price:
        price === null || price === undefined
          ? ''
          : typeof price === 'number' && Number.isSafeInteger(price) && price >= 0
            ? centsToInput(price)
            : String(price),
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

  // Delivery fees: the owner's delivery fees form, row by row.
  const fees = checkDeliveryFees(file.deliveryFees ?? [])
  if (!fees.ok) return refuse(`Delivery fees: ${fees.error}`)
  const kitchen = file.kitchen === undefined ? null : kitchenFile.checkKitchen(file.kitchen)
  if (kitchen && !kitchen.ok) return refuse(kitchen.error)
  const parts = settingsFile.checkSettingsParts(file)
  if (!parts.ok) return refuse(parts.error)

  return {
    ok: true,
    words,
    booking: {
      weekdayCapacity: capacity,
      horizonDays: settings.horizon_days as number,
      policies,
      deliveryEnabled: settings.delivery_enabled === 'on',
      deliveryNote: (settings.delivery_note as string | undefined) ?? '',
      pickupAddress: (settings.pickup_address as string | undefined) ?? '',
    },
    pickupWindows,
    menu,
    deliveryFees: fees.fees,
    kitchen: kitchen?.kitchen ?? null,
    settings: parts.parts,
    summary: {
      bakeryName: words.identity.name,
      treats: menu.map((treat) => treat.name),
      pickupWindows: pickupWindows.length,
      openWeekdays: capacity.filter((units) => units > 0).length,
      sections: SITE_WORDS_KEYS.filter((key) => key in words).map(
        (key) => SECTION_NAMES[key] ?? key,
      ),
      exportedAt: typeof file.exportedAt === 'string' ? file.exportedAt : null,
      carries: settingsFile.partsCarried(file),
    },
  }
}

/**
 * Replaces the words, booking settings, pickup windows and menu with a
 * checked file's, in one transaction: all of it, or nothing. The tables'
 * triggers replace the page version, so every page shows the new site at once.
 */
export async function importSiteFile(db: Db, checked: Extract<CheckedSiteFile, { ok: true }>) {
  await db.transaction().execute(async (trx) => {
    await lockBookings(trx)
    // A section the file lacks (one a later release added) keeps this site's.
    const current = await readSiteWords(trx)
    await replaceSiteWords(trx, { ...current, ...checked.words })
    await setWeekdayCapacity(trx, checked.booking.weekdayCapacity)
    await updateBookingSettings(trx, {
      horizonDays: checked.booking.horizonDays,
      policies: checked.booking.policies,
      deliveryEnabled: checked.booking.deliveryEnabled,
      deliveryNote: checked.booking.deliveryNote,
      pickupAddress: checked.booking.pickupAddress,
    })
    await replacePickupWindows(trx, checked.pickupWindows)
    // A file without a kitchen keeps this one's, treats' recipes included (by name).
    const kept = checked.kitchen ? null : await kitchenFile.rememberTreatRecipes(trx)
    await replaceMenu(
      trx,
      checked.menu.map(({ buyNow: _buyNow, ...entry }) => entry),
    )
    // Each treat's set price and options, on the treat the menu just made of the same name.
    const made = new Map((await listProducts(trx)).map((product) => [product.name, product.id]))
    for (const treat of checked.menu) {
      if (!treat.buyNow) continue
      await writeSetPrice(trx, made.get(treat.name)!, treat.buyNow, { anyState: true })
    }
    await writeDeliveryFees(trx, checked.deliveryFees)
    if (checked.kitchen) await kitchenFile.replaceKitchen(trx, checked.kitchen)
    else if (kept) await kitchenFile.restoreTreatRecipes(trx, kept)
    await settingsFile.importSettingsParts(trx, checked.settings)
  })
}
