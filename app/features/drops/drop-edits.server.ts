/**
 * The owner changes a drop she made: its words, times, hold minutes, its
 * items' names, prices, stock and limits, and its pickup times. Under the
 * drop's own lock, so a reservation checks against the drop as it is now
 * (reserveDrop reads it again inside the lock). Raising the stock puts more
 * on sale at once, and the waitlist's next pass offers it. What customers
 * have ordered or hold stays as it is: an item or a pickup time with orders
 * or live holds cannot be taken off, only set to nothing more.
 */
import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { lockDrop } from './drop-holds.server.ts'
import type { DropInput, DropItemInput } from './drops.server.ts'
import { liveHolds } from './live-holds.server.ts'

const ownTables = tablesFor('drops')

export type DropEdit = Omit<DropInput, 'slug' | 'sections' | 'items'> & {
  items: (DropItemInput & { id: number | null; row: number })[]
}

export type EditResult =
  { ok: true } | { ok: false; status: 404 | 409; problems: Record<string, string> }

/** Items and pickup times of `dropId` that live holds or orders name, at `now`. */
async function inUse(trx: Transaction<Database>, dropId: number, now: Date) {
  const [items, windows] = await Promise.all([
    liveHolds(trx, dropId, now)
      .innerJoin('drop_hold_line', 'drop_hold_line.hold_id', 'drop_hold.id')
      .select('drop_hold_line.item_id')
      .distinct()
      .execute(),
    liveHolds(trx, dropId, now).select('drop_hold.pickup_window').distinct().execute(),
  ])
  return {
    items: new Set(items.map((row) => Number(row.item_id))),
    windows: new Set(windows.map((row) => row.pickup_window)),
  }
}

/** The drop's items and pickup times as they are now, and which of them customers use. */
async function readDropContents(trx: Transaction<Database>, dropId: number, now: Date) {
  const [items, windows, used] = await Promise.all([
    ownTables(trx)
      .selectFrom('drop_item')
      .select(['id', 'name'])
      .where('drop_id', '=', dropId)
      .execute(),
    ownTables(trx)
      .selectFrom('drop_window')
      .select(['id', 'start_time', 'end_time'])
      .where('drop_id', '=', dropId)
      .execute(),
    inUse(trx, dropId, now),
  ])
  return { items, windows, used }
}

type DropContents = Awaited<ReturnType<typeof readDropContents>>

/** The items the edit leaves out: they are taken off the drop. */
function droppedItems(items: DropContents['items'], edit: DropEdit) {
  const kept = new Set(edit.items.map((item) => item.id).filter((itemId) => itemId !== null))
  return items.filter((item) => !kept.has(Number(item.id)))
}

/** The pickup times the edit keeps or adds, as `start-end`. */
function wantedWindows(edit: DropEdit) {
  return new Set(edit.windows.map((window) => `${window.start}-${window.end}`))
}

/** What the edit would take from customers, or names that is not in the drop, by field. */
function editProblems({
  edit,
  pickupDate,
  contents: { items, windows, used },
}: {
  edit: DropEdit
  pickupDate: string
  contents: DropContents
}): Record<string, string> {
  const problems: Record<string, string> = {}
  const dropped = droppedItems(items, edit)
  for (const item of dropped.filter((candidate) => used.items.has(Number(candidate.id)))) {
    problems.items = `${item.name} has orders or baskets: keep it, and set its stock to 0 to sell no more.`
  }
  for (const item of edit.items) {
    if (item.id !== null && !items.some((candidate) => Number(candidate.id) === item.id))
      problems[`item.${item.row}.name`] = 'This item is not in this drop: reload the page.'
  }
  const wanted = wantedWindows(edit)
  for (const window of windows) {
    const value = `${window.start_time}-${window.end_time}`
    if (!wanted.has(value) && used.windows.has(value))
      problems.windows = `The ${formatWindow(value)} pickup has orders or baskets: keep it.`
  }
  if (edit.pickupDate !== pickupDate && used.windows.size > 0) {
    problems.pickup_date = `Customers have ordered for ${formatCalendarDate(pickupDate)}: keep that day, or make a new drop for another.`
  }
  return problems
}

/** The drop's own words, times, hold minutes and how it is paid. */
async function writeDropSale(trx: Transaction<Database>, dropId: number, edit: DropEdit) {
  await ownTables(trx)
    .updateTable('drop_sale')
    .set({
      name: edit.name,
      description: edit.description ?? '',
      pickup_date: edit.pickupDate,
      opens_at: edit.opensAt.getTime(),
      closes_at: edit.closesAt.getTime(),
      hold_minutes: edit.holdMinutes ?? 10,
      pay_at_pickup: edit.payAtPickup ? 1 : 0,
    })
    .where('id', '=', dropId)
    .execute()
}

/** Takes off the items the edit leaves out, then updates or adds each of its items in order. */
async function writeDropItems(
  trx: Transaction<Database>,
  { dropId, edit, items }: { dropId: number; edit: DropEdit; items: DropContents['items'] },
) {
  const dropped = droppedItems(items, edit)
  if (dropped.length > 0) {
    // Only ended baskets and called-off orders still name them: history, not stock.
    await ownTables(trx)
      .deleteFrom('drop_hold_line')
      .where(
        'item_id',
        'in',
        dropped.map((item) => item.id),
      )
      .execute()
    await ownTables(trx)
      .deleteFrom('drop_item')
      .where(
        'id',
        'in',
        dropped.map((item) => item.id),
      )
      .execute()
  }
  for (const [position, item] of edit.items.entries()) {
    const values = {
      name: item.name,
      price_cents: item.priceCents,
      stock: item.stock,
      per_customer_limit: item.perCustomerLimit ?? null,
      position,
    }
    if (item.id === null) {
      await ownTables(trx)
        .insertInto('drop_item')
        .values({ ...values, drop_id: dropId })
        .execute()
    } else {
      await ownTables(trx).updateTable('drop_item').set(values).where('id', '=', item.id).execute()
    }
  }
}

/** Takes off the pickup times the edit leaves out, then sets or adds each of its own. */
async function writeDropWindows(
  trx: Transaction<Database>,
  { dropId, edit, windows }: { dropId: number; edit: DropEdit; windows: DropContents['windows'] },
) {
  const wanted = wantedWindows(edit)
  for (const window of windows) {
    if (!wanted.has(`${window.start_time}-${window.end_time}`))
      await ownTables(trx).deleteFrom('drop_window').where('id', '=', window.id).execute()
  }
  for (const window of edit.windows) {
    const same = windows.find(
      (candidate) => candidate.start_time === window.start && candidate.end_time === window.end,
    )
    if (same) {
      await ownTables(trx)
        .updateTable('drop_window')
        .set({ capacity: window.capacity })
        .where('id', '=', same.id)
        .execute()
    } else {
      await ownTables(trx)
        .insertInto('drop_window')
        .values({
          drop_id: dropId,
          start_time: window.start,
          end_time: window.end,
          capacity: window.capacity,
        })
        .execute()
    }
  }
}

/** Saves the owner's edit of a drop under its lock, unless it would take from customers (409). */
export async function updateDrop(
  db: Db,
  { id, edit, now }: { id: number; edit: DropEdit; now: Date },
): Promise<EditResult> {
  return db.transaction().execute(async (trx): Promise<EditResult> => {
    const sale = await ownTables(trx)
      .selectFrom('drop_sale')
      .select(['id', 'pickup_date'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!sale) return { ok: false, status: 404, problems: { name: 'There is no such drop.' } }
    await lockDrop(trx, id)
    const contents = await readDropContents(trx, id, now)
    const problems = editProblems({ edit, pickupDate: sale.pickup_date, contents })
    if (Object.keys(problems).length > 0) return { ok: false, status: 409, problems }

    await writeDropSale(trx, id, edit)
    await writeDropItems(trx, { dropId: id, edit, items: contents.items })
    await writeDropWindows(trx, { dropId: id, edit, windows: contents.windows })
    return { ok: true }
  })
}
