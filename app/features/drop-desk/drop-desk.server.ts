/**
 * The owner's drops (/admin/drops): making one from her form, copying one to
 * next week, and one drop's page: sold, held and left of each item and
 * pickup window, live, and the orders to pack, window by window, each paid
 * or with what is still to pay (the book's one money rule).
 */
import type { Db } from '#app/db/db.server.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { updateDrop } from '#app/features/drops/drop-edits.server.ts'
import { type DropMoment, dropMoment, writeDropMoment } from '#app/features/drops/drop-moments.ts'
import { type DropTally, dropOrders, tallyDrop } from '#app/features/drops/drop-tally.server.ts'
import { createNamedDrop, readDropById, readDropInput } from '#app/features/drops/drops.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import {
  bakeryDateOf,
  bakeryInstant,
  bakeryTimeOf,
  bakeryToday,
  formatCalendarDate,
} from '#app/utils/dates.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { centsToInput, formatMoney } from '#app/utils/money.ts'
import { readDropForm } from './drop-form.ts'

export type MadeDrop = { ok: true; id: number } | { ok: false; errors: FieldErrors<string> }

/** Her new drop from the form, at the first free address for its name and day. */
export async function makeDrop(db: Db, form: URLSearchParams, now: Date): Promise<MadeDrop> {
  const read = readDropForm(form, bakeryToday(now))
  if (!read.ok) return read
  const { input } = read
  const { id } = await createNamedDrop(
    db,
    {
      name: input.name,
      description: input.description,
      pickupDate: input.pickupDate,
      opensAt: bakeryInstant(input.opens.date, input.opens.time),
      closesAt: bakeryInstant(input.closes.date, input.closes.time),
      holdMinutes: input.holdMinutes,
      payAtPickup: input.payAtPickup,
      items: input.items,
      windows: input.windows,
    },
    now,
  )
  return { ok: true, id }
}

/** The same moment of her clock `days` later: noon stays noon across a change of the clocks. */
function laterOnHerClock(at: Date, days: number): Date {
  return bakeryInstant(addDays(bakeryDateOf(at), days), bakeryTimeOf(at))
}

/**
 * "Duplicate for next week": the drop copied whole (items, stock, limits,
 * sections, windows, its settings), its pickup day, opening and closing a
 * week later on her clock. Null when there is no such drop.
 */
export async function duplicateForNextWeek(db: Db, id: number, now: Date): Promise<number | null> {
  const input = await readDropInput(db, id)
  if (!input) return null
  const copy = await createNamedDrop(
    db,
    {
      ...input,
      pickupDate: addDays(input.pickupDate, 7),
      opensAt: laterOnHerClock(input.opensAt, 7),
      closesAt: laterOnHerClock(input.closesAt, 7),
    },
    now,
  )
  return copy.id
}

export interface PackedOrder {
  requestId: number
  name: string
  phone: string
  what: string
  /** 'Paid' or 'To pay $24'. */
  money: string
  paid: boolean
}

export interface DropDeskView {
  id: number
  slug: string
  name: string
  pickupDay: string
  state: DropMoment
  when: string
  holdMinutes: number
  payAtPickup: boolean
  tally: DropTally
  /** Each window's orders to pack, in the window's order. */
  packing: { window: string; words: string; orders: PackedOrder[] }[]
}

/** One drop's page for its owner; null when there is no such drop. */
export async function readDropDesk(db: Db, id: number, now: Date): Promise<DropDeskView | null> {
  const drop = await readDropById(db, id)
  if (!drop) return null
  const [tally, orders] = await Promise.all([tallyDrop(db, drop, now), dropOrders(db, drop, now)])
  const packed = await Promise.all(
    orders.map(async (order) => {
      const { stillOwed } = amountsOwed(await moneyOf(db, order.requestId))
      return {
        window: order.window,
        requestId: order.requestId,
        name: order.name,
        phone: order.phone,
        what: order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', '),
        money: stillOwed === 0 ? 'Paid' : `To pay ${formatMoney(stillOwed)}`,
        paid: stillOwed === 0,
      }
    }),
  )
  const state = dropMoment(drop, now)
  return {
    id: drop.id,
    slug: drop.slug,
    name: drop.name,
    pickupDay: formatCalendarDate(drop.pickupDate),
    state,
    when:
      state === 'open'
        ? `Open until ${writeDropMoment(drop.closesAt)}`
        : state === 'upcoming'
          ? `Opens ${writeDropMoment(drop.opensAt)}, until ${writeDropMoment(drop.closesAt)}`
          : `Closed ${writeDropMoment(drop.closesAt)}`,
    holdMinutes: drop.holdMinutes,
    payAtPickup: drop.payAtPickup,
    tally,
    packing: tally.windows.map(({ window }) => ({
      window,
      words: formatWindow(window),
      orders: packed
        .filter((order) => order.window === window)
        .map(({ window: _window, ...order }) => order),
    })),
  }
}

/** A drop as its edit form starts: every field as she would type it, items with their ids. */
export async function dropFormValues(db: Db, id: number): Promise<Record<string, string> | null> {
  const input = await readDropInput(db, id)
  if (!input) return null
  const values: Record<string, string> = {
    name: input.name,
    description: input.description ?? '',
    pickup_date: input.pickupDate,
    opens_date: bakeryDateOf(input.opensAt),
    opens_time: bakeryTimeOf(input.opensAt),
    closes_date: bakeryDateOf(input.closesAt),
    closes_time: bakeryTimeOf(input.closesAt),
    hold_minutes: String(input.holdMinutes ?? 10),
    pay_at_pickup: input.payAtPickup ? 'on' : '',
  }
  for (const [row, item] of input.items.entries()) {
    values[`item.${row}.id`] = String(item.id)
    values[`item.${row}.name`] = item.name
    values[`item.${row}.price`] = centsToInput(item.priceCents)
    values[`item.${row}.stock`] = String(item.stock)
    values[`item.${row}.limit`] = item.perCustomerLimit == null ? '' : String(item.perCustomerLimit)
  }
  for (const [row, window] of input.windows.entries()) {
    values[`window.${row}.start`] = window.start
    values[`window.${row}.end`] = window.end
    values[`window.${row}.cap`] = window.capacity === null ? '' : String(window.capacity)
  }
  return values
}

/** Her changes to drop `id` from the edit form, or what to fix. */
export async function saveDropEdit(
  db: Db,
  id: number,
  form: URLSearchParams,
  now: Date,
): Promise<{ ok: true } | { ok: false; status: 400 | 404 | 409; errors: FieldErrors<string> }> {
  const read = readDropForm(form, bakeryToday(now))
  if (!read.ok) return { ok: false, status: 400, errors: read.errors }
  const { input } = read
  const saved = await updateDrop(db, {
    id,
    now,
    edit: {
      name: input.name,
      description: input.description,
      pickupDate: input.pickupDate,
      opensAt: bakeryInstant(input.opens.date, input.opens.time),
      closesAt: bakeryInstant(input.closes.date, input.closes.time),
      holdMinutes: input.holdMinutes,
      payAtPickup: input.payAtPickup,
      items: input.items,
      windows: input.windows,
    },
  })
  return saved.ok ? saved : { ok: false, status: saved.status, errors: saved.problems }
}
