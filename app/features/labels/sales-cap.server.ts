import type { Db } from '#app/db/db.server.ts'
import { salesInYear } from '#app/features/reports/year-sales.server.ts'
import { localSettings } from '#app/utils/local-settings.ts'
import { readLabelSettings } from './labels.server.ts'
import { regionOf } from './regions.ts'

/**
 * Her year's sales against the most her law lets a home kitchen sell
 * (decision 106): her own figure where she wrote one, else her region's,
 * which is in its law's currency and so read only by a bakery counting in it.
 */

/** At this share of the cap, Settings warns her. */
export const CAP_WARNING_PERCENT = 80

export interface SalesCap {
  year: number
  salesCents: number
  capCents: number
  /** Whose cap it is: "Texas's" or "your". */
  whose: string
  /** Whole percent of the cap sold, rounded down. */
  percent: number
  warn: boolean
}

export async function readSalesCap(db: Db, today: string): Promise<SalesCap | null> {
  const settings = await readLabelSettings(db)
  const region = regionOf(settings.region)
  const regional =
    region?.yearlySalesCap && region.yearlySalesCap.currency === localSettings().currency
      ? { capCents: region.yearlySalesCap.cents, whose: `${region.name}’s` }
      : null
  const cap =
    settings.salesCapCents !== null ? { capCents: settings.salesCapCents, whose: 'your' } : regional
  if (!cap || cap.capCents <= 0) return null
  const year = Number(today.slice(0, 4))
  const salesCents = await salesInYear(db, year)
  const percent = Math.floor((Math.max(salesCents, 0) * 100) / cap.capCents)
  return { year, salesCents, ...cap, percent, warn: percent >= CAP_WARNING_PERCENT }
}
