/**
 * What the owner's drop page counts: per item and per pickup window, what is
 * sold, what is held in baskets (or at Stripe's page), and what is left, all
 * from the live holds (live-holds.server.ts) at one moment; and the orders to
 * pack, window by window.
 */
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { leftOf } from './drop-stock.ts'
import type { Drop } from './drops.server.ts'
import { liveHolds, soldFlag } from './live-holds.server.ts'

const ownTables = tablesFor('drops')

export interface Tally {
  sold: number
  held: number
  /** Null for a window without a cap. */
  left: number | null
}

export interface DropTally {
  items: ({ id: number; name: string; stock: number } & Tally)[]
  windows: ({ window: string; capacity: number | null } & Tally)[]
}

/** Sold, held and left of each item and window of `drop` at `now`: two grouped reads. */
export async function tallyDrop(db: Db, drop: Drop, now: Date): Promise<DropTally> {
  const [byItem, byWindow] = await Promise.all([
    liveHolds(db, drop.id, now)
      .innerJoin('drop_hold_line', 'drop_hold_line.hold_id', 'drop_hold.id')
      .select((eb) => [
        'drop_hold_line.item_id as key',
        eb.fn.sum<number>('drop_hold_line.quantity').as('all'),
        eb.fn.sum<number>(eb('drop_hold_line.quantity', '*', soldFlag(eb))).as('sold'),
      ])
      .groupBy('drop_hold_line.item_id')
      .execute(),
    liveHolds(db, drop.id, now)
      .select((eb) => [
        'drop_hold.pickup_window as key',
        eb.fn.countAll<number>().as('all'),
        eb.fn.sum<number>(soldFlag(eb)).as('sold'),
      ])
      .groupBy('drop_hold.pickup_window')
      .execute(),
  ])
  const counts = <K>(rows: { key: K; all: number; sold: number }[]) =>
    new Map(rows.map((row) => [row.key, { all: Number(row.all), sold: Number(row.sold ?? 0) }]))
  const items = counts(byItem.map((row) => ({ ...row, key: Number(row.key) })))
  const windows = counts(byWindow)
  const left = leftOf(drop.rules, {
    items: new Map([...items].map(([id, { all }]) => [id, all])),
    windows: new Map([...windows].map(([window, { all }]) => [window, all])),
  })
  const tally = (count: { all: number; sold: number } | undefined) => ({
    sold: count?.sold ?? 0,
    held: (count?.all ?? 0) - (count?.sold ?? 0),
  })
  return {
    items: drop.rules.items.map((item, index) => ({
      id: item.id,
      name: item.name,
      stock: item.stock,
      ...tally(items.get(item.id)),
      left: left.items[index]!.left,
    })),
    windows: drop.rules.windows.map((window, index) => ({
      window: window.window,
      capacity: window.capacity,
      ...tally(windows.get(window.window)),
      left: left.windows[index]!.left,
    })),
  }
}

/** One order of a drop as the packing list shows it. */
export interface DropOrder {
  requestId: number
  name: string
  phone: string
  window: string
  lines: { name: string; quantity: number }[]
}

/**
 * The drop's sold orders at `now` (paid, or booked to pay at pickup), by
 * window and then by name: what the owner packs. Orders called off, and
 * those still at Stripe's page, are not in it.
 */
export async function dropOrders(db: Db, drop: Drop, now: Date): Promise<DropOrder[]> {
  const holds = await liveHolds(db, drop.id, now)
    .select((eb) => [
      'drop_hold.id',
      'drop_hold.request_id',
      'drop_hold.name',
      'drop_hold.phone',
      'drop_hold.pickup_window',
      soldFlag(eb).as('sold'),
    ])
    .orderBy('drop_hold.pickup_window')
    .orderBy('drop_hold.name')
    .orderBy('drop_hold.id')
    .execute()
  const sold = holds.filter((hold) => Number(hold.sold) === 1 && hold.request_id !== null)
  if (sold.length === 0) return []
  const lines = await ownTables(db)
    .selectFrom('drop_hold_line')
    .select(['hold_id', 'item_id', 'quantity'])
    .where(
      'hold_id',
      'in',
      sold.map((hold) => hold.id),
    )
    .orderBy('id')
    .execute()
  const names = new Map(drop.items.map((item) => [item.id, item.name]))
  return sold.map((hold) => ({
    requestId: Number(hold.request_id),
    // An erased customer's order keeps its place on the list, without her name.
    name: hold.name || 'Erased customer',
    phone: hold.phone,
    window: hold.pickup_window,
    lines: lines
      .filter((line) => line.hold_id === hold.id)
      .map((line) => ({
        name: names.get(Number(line.item_id)) ?? '',
        quantity: Number(line.quantity),
      })),
  }))
}
