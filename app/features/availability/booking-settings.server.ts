import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import { inTransaction } from '#app/db/in-transaction.server.ts'
import type { Database } from '#app/db/schema.ts'
import { type RenderedMarkdown, htmlToShow } from '#app/utils/markdown.server.ts'
import type { BookingRules } from './availability.ts'
import { readPickupWindows } from './pickup-windows.server.ts'
import type { PickupWindow } from './pickup-windows.ts'

/**
 * What the owner sets about bookings, read and written: each weekday's
 * capacity, closed dates, the horizon, the policies, delivery and the pickup
 * address. Her pickup windows are in pickup-windows.server.ts.
 */

const ownTables = tablesFor('availability')

type Executor = Kysely<Database> | Transaction<Database>

export interface ClosedPeriod {
  id: number
  start: string
  end: string
  /** Private: for the owner's eyes only. */
  note: string
}

/** Everything the owner sets about bookings, as /admin/settings shows it. */
export interface BookingSettings extends BookingRules {
  closedPeriods: ClosedPeriod[]
  /** Her Markdown, as she wrote it. */
  policies: string
  /** The policies as the pages show them: rendered when she saved them (decision 076). */
  policiesHtml: string
  deliveryEnabled: boolean
  deliveryNote: string
  /** Every weekday's pickup windows, by weekday then time. */
  pickupWindows: PickupWindow[]
  /** Private: shown to a customer only once her request is confirmed. */
  pickupAddress: string
}

export async function readBookingSettings(db: Executor): Promise<BookingSettings> {
  const [weekdays, periods, settings, pickupWindows] = await Promise.all([
    ownTables(db).selectFrom('weekday_capacity').select(['weekday', 'capacity']).execute(),
    ownTables(db)
      .selectFrom('closed_period')
      .select(['id', 'start_date', 'end_date', 'note'])
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('booking_settings')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
    readPickupWindows(db),
  ])
  const weekdayCapacity = [0, 0, 0, 0, 0, 0, 0]
  for (const row of weekdays) weekdayCapacity[Number(row.weekday)] = Number(row.capacity)
  return {
    weekdayCapacity,
    closedPeriods: periods.map((row) => ({
      id: Number(row.id),
      start: row.start_date,
      end: row.end_date,
      note: row.note,
    })),
    horizonDays: Number(settings.horizon_days),
    policies: settings.policies,
    policiesHtml: htmlToShow(settings.policies, settings.policies_html),
    deliveryEnabled: Number(settings.delivery_enabled) === 1,
    deliveryNote: settings.delivery_note,
    pickupWindows,
    pickupAddress: settings.pickup_address,
  }
}

/** The pickup address, for a customer whose request is confirmed (and the owner). */
export async function readPickupAddress(db: Executor): Promise<string> {
  const { pickup_address } = await ownTables(db)
    .selectFrom('booking_settings')
    .select('pickup_address')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return pickup_address
}

/** The rules customers' bookings follow: the settings without anything private. */
export async function readBookingRules(db: Executor): Promise<BookingRules> {
  const { weekdayCapacity, closedPeriods, horizonDays } = await readBookingSettings(db)
  return {
    weekdayCapacity,
    closedPeriods: closedPeriods.map(({ start, end }) => ({ start, end })),
    horizonDays,
  }
}

/**
 * Sets each weekday's capacity in effort units (index 0 = Sunday); 0 closes
 * that weekday. All seven change together or none does.
 */
export async function setWeekdayCapacity(db: Executor, capacities: readonly number[]) {
  await inTransaction(db, async (trx) => {
    for (const [weekday, capacity] of capacities.entries()) {
      await ownTables(trx)
        .updateTable('weekday_capacity')
        .set({ capacity })
        .where('weekday', '=', weekday)
        .execute()
    }
  })
}

/** Closes the bakery from `start` to `end` (both included), with the owner's private note. */
export async function addClosedPeriod(
  db: Executor,
  { start, end = start, note = '' }: { start: string; end?: string; note?: string },
): Promise<number> {
  const { id } = await ownTables(db)
    .insertInto('closed_period')
    .values({ start_date: start, end_date: end, note })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/** Opens the bakery again on a closed period's dates; the period removed, or undefined if it was gone. */
export async function removeClosedPeriod(
  db: Executor,
  id: number,
): Promise<Pick<ClosedPeriod, 'start' | 'end'> | undefined> {
  const row = await ownTables(db)
    .deleteFrom('closed_period')
    .where('id', '=', id)
    .returning(['start_date', 'end_date'])
    .executeTakeFirst()
  return row ? { start: row.start_date, end: row.end_date } : undefined
}

/**
 * Changes any of the one-row settings: the horizon, the policies, delivery.
 * The policies come rendered (`renderMarkdown`, which refuses a text that
 * cannot be shown), and their HTML is stored beside them.
 */
export async function updateBookingSettings(
  db: Executor,
  change: Partial<
    Pick<BookingSettings, 'horizonDays' | 'deliveryEnabled' | 'deliveryNote' | 'pickupAddress'> & {
      policies: RenderedMarkdown
    }
  >,
): Promise<void> {
  const values = {
    ...(change.horizonDays !== undefined ? { horizon_days: change.horizonDays } : {}),
    ...(change.policies !== undefined
      ? { policies: change.policies.markdown, policies_html: change.policies.html }
      : {}),
    ...(change.deliveryEnabled !== undefined
      ? { delivery_enabled: change.deliveryEnabled ? 1 : 0 }
      : {}),
    ...(change.deliveryNote !== undefined ? { delivery_note: change.deliveryNote } : {}),
    ...(change.pickupAddress !== undefined ? { pickup_address: change.pickupAddress } : {}),
  }
  if (Object.keys(values).length === 0) return
  await ownTables(db).updateTable('booking_settings').set(values).where('id', '=', 1).execute()
}
