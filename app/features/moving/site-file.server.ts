import { z } from 'zod'
import { SITE_WORDS_KEYS, type SiteWords } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import { lockBookings } from '#app/features/availability/availability.server.ts'
import { settingsActionSchema } from '#app/features/availability/booking-settings-schema.ts'
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
import * as kitchenFile from '#app/features/kitchen/kitchen-file.server.ts'
import { listProducts, replaceMenu } from '#app/features/menu/menu.server.ts'
import type { DeliveryFee } from '#app/features/menu/option-prices.ts'
import { writeSetPrice } from '#app/features/menu/set-prices.server.ts'
import { readSiteWords, replaceSiteWords } from '#app/features/site-content/site-content.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { type MovedTreat, checkDeliveryFees, withSetPrices } from './set-prices-file.server.ts'
import * as settingsFile from './settings-file.server.ts'
import {
  type BookingPart,
  type CheckedBooking,
  type PickupWindowPart,
  SECTION_NAMES,
  checkBookingPart,
  checkMenuPart,
  checkPickupWindowsPart,
  checkWordsPart,
} from './site-file-sections.server.ts'
import {
  LEFT_OUT,
  SITE_FILE_FORMAT,
  SITE_FILE_LIMITS,
  SITE_FILE_VERSION,
  type SiteFileSummary,
} from './site-file.ts'

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

export type CheckedSiteFile =
  | {
      ok: true
      words: Partial<SiteWords>
      /** The policies come rendered, as a save in Settings stores them (decision 076). */
      booking: CheckedBooking
      pickupWindows: PickupWindowPart[]
      menu: MovedTreat[]
      deliveryFees: DeliveryFee[]
      kitchen: kitchenFile.CheckedKitchen | null
      settings: settingsFile.CheckedSettingsParts
      summary: SiteFileSummary
    }
  | { ok: false; error: string }

/** The file's JSON, its format and version, and its outline; the first problem is the answer. */
function readOutline(
  text: string,
): { ok: true; file: z.infer<typeof outline> } | { ok: false; error: string } {
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
  return { ok: true, file: parsed.data }
}

/**
 * Reads a file's text and checks every value with the schema of the form
 * that sets it in Settings (the site's words, the booking settings, pickup
 * windows, treats), so an import can hold nothing the forms would refuse.
 * The first problem is the answer, in a sentence naming where it is.
 */
export function checkSiteFile(text: string, today: string = bakeryToday()): CheckedSiteFile {
  const read = readOutline(text)
  if (!read.ok) return read
  const { file } = read
  const words = checkWordsPart(file.words)
  if (!words.ok) return words
  const schema = settingsActionSchema({ today })
  const booking = checkBookingPart(file.booking, schema)
  if (!booking.ok) return booking
  const windows = checkPickupWindowsPart(file.pickupWindows, schema)
  if (!windows.ok) return windows
  const menu = checkMenuPart(file.menu)
  if (!menu.ok) return menu
  const fees = checkDeliveryFees(file.deliveryFees ?? [])
  if (!fees.ok) return { ok: false, error: `Delivery fees: ${fees.error}` }
  const kitchen = file.kitchen === undefined ? null : kitchenFile.checkKitchen(file.kitchen)
  if (kitchen && !kitchen.ok) return { ok: false, error: kitchen.error }
  const parts = settingsFile.checkSettingsParts(file)
  if (!parts.ok) return { ok: false, error: parts.error }

  return {
    ok: true,
    words: words.words,
    booking: booking.booking,
    pickupWindows: windows.pickupWindows,
    menu: menu.menu,
    deliveryFees: fees.fees,
    kitchen: kitchen?.kitchen ?? null,
    settings: parts.parts,
    summary: {
      bakeryName: words.words.identity.name,
      treats: menu.menu.map((treat) => treat.name),
      pickupWindows: windows.pickupWindows.length,
      openWeekdays: booking.booking.weekdayCapacity.filter((units) => units > 0).length,
      sections: SITE_WORDS_KEYS.filter((key) => key in words.words).map(
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
