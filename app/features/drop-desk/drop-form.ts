/**
 * The owner's drop form as the server reads it: the drop's name and words,
 * its pickup day, when it opens and closes (her own clock), how long a hold
 * lasts, whether she takes payment at pickup, and rows of items and pickup
 * windows. A row left empty is skipped; a row begun is read whole, and every
 * problem is named beside its field. Pure: the page and the tests use it.
 */
import { formatWindow, windowsOverlap } from '#app/features/availability/pickup-windows.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCount } from '#app/utils/count.ts'
import { isCalendarDate } from '#app/utils/dates.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { moneyProblemMessage, readMoney } from '#app/utils/money.ts'

export const DROP_LIMITS = {
  name: 80,
  description: 1_000,
  itemName: 80,
  /** Rows the form offers and the server reads: a bound on the loop as much as a rule. */
  items: 24,
  windows: 8,
  stock: 10_000,
  holdMinutes: { min: 1, max: 60, usual: 10 },
  /** How far ahead a drop may be set: a year is more than any bakery plans. */
  daysAhead: 366,
} as const

/** Her clock time, HH:MM, as a time field sends it. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

export interface DropFormItem {
  /** The item it changes, when the form edits a drop; null for a new one. */
  id: number | null
  /** Its row on the form, for a problem about it. */
  row: number
  name: string
  priceCents: number
  stock: number
  perCustomerLimit: number | null
}

export interface DropFormInput {
  name: string
  description: string
  /** YYYY-MM-DD */
  pickupDate: string
  /** Her wall clock: YYYY-MM-DD and HH:MM, turned into moments by the server. */
  opens: { date: string; time: string }
  closes: { date: string; time: string }
  holdMinutes: number
  payAtPickup: boolean
  items: DropFormItem[]
  windows: { start: string; end: string; capacity: number | null }[]
}

export type DropFormResult =
  { ok: true; input: DropFormInput } | { ok: false; errors: FieldErrors<string> }

/** What the new drop form starts with, on her clock. */
export interface NewDropDefaults {
  pickup_date: string
  opens_date: string
  opens_time: string
  closes_date: string
  closes_time: string
}

/** A refused form: each problem by its field, and what she wrote. */
export interface NewDropRefusal {
  errors: FieldErrors<string>
  values: Record<string, string>
}

type Form = URLSearchParams | FormData

function textOf(form: Form, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/** A whole number from `min` to `max`, or a message; empty is `empty`. */
function wholeNumber(
  written: string,
  { min, max, label, empty }: { min: number; max: number; label: string; empty?: null },
): number | null | string {
  if (written === '' && empty === null) return null
  if (!/^\d{1,6}$/.test(written) || Number(written) < min || Number(written) > max) {
    return `${label} must be a whole number from ${min} to ${formatCount(max)}.`
  }
  return Number(written)
}

function readItems(form: Form, errors: FieldErrors<string>): DropFormItem[] {
  const items: DropFormItem[] = []
  for (let row = 0; row < DROP_LIMITS.items; row += 1) {
    const field = (part: string) => `item.${row}.${part}`
    const [name, price, stock, limit] = ['name', 'price', 'stock', 'limit'].map((part) =>
      textOf(form, field(part)),
    ) as [string, string, string, string]
    const idText = textOf(form, field('id'))
    const id = /^[1-9]\d{0,8}$/.test(idText) ? Number(idText) : null
    if (!name && !price && !stock && !limit) continue
    if (!name) errors[field('name')] = 'Name this item.'
    else if (name.length > DROP_LIMITS.itemName)
      errors[field('name')] = `Keep the name to ${DROP_LIMITS.itemName} characters.`
    const money = readMoney(price)
    if (!money.ok) errors[field('price')] = moneyProblemMessage('The price', money)
    else if (money.cents === 0) errors[field('price')] = 'The price must be more than nothing.'
    const count = wholeNumber(stock, { min: 0, max: DROP_LIMITS.stock, label: 'Stock' })
    if (typeof count === 'string') errors[field('stock')] = count
    const most = wholeNumber(limit, {
      min: 1,
      max: DROP_LIMITS.stock,
      label: 'The limit',
      empty: null,
    })
    if (typeof most === 'string') errors[field('limit')] = most
    if (money.ok && typeof count === 'number' && typeof most !== 'string') {
      items.push({ id, row, name, priceCents: money.cents, stock: count, perCustomerLimit: most })
    }
  }
  return items
}

function readWindows(form: Form, errors: FieldErrors<string>): DropFormInput['windows'] {
  const windows: DropFormInput['windows'] = []
  for (let row = 0; row < DROP_LIMITS.windows; row += 1) {
    const field = (part: string) => `window.${row}.${part}`
    const [start, end, cap] = ['start', 'end', 'cap'].map((part) => textOf(form, field(part))) as [
      string,
      string,
      string,
    ]
    if (!start && !end && !cap) continue
    if (!CLOCK.test(start)) errors[field('start')] = 'Give the time it starts.'
    if (!CLOCK.test(end)) errors[field('end')] = 'Give the time it ends.'
    else if (CLOCK.test(start) && end <= start)
      errors[field('end')] = 'It must end after it starts.'
    const capacity = wholeNumber(cap, {
      min: 1,
      max: DROP_LIMITS.stock,
      label: 'The number of orders',
      empty: null,
    })
    if (typeof capacity === 'string') errors[field('cap')] = capacity
    if (errors[field('start')] || errors[field('end')] || typeof capacity === 'string') continue
    const clash = windows.find((other) => windowsOverlap(other, { start, end }))
    if (clash) {
      errors[field('start')] =
        `It overlaps ${formatWindow(`${clash.start}-${clash.end}`)}; pickup times must not.`
      continue
    }
    windows.push({ start, end, capacity })
  }
  return windows.sort((a, b) => a.start.localeCompare(b.start))
}

/** When it opens or closes: a date and a time on her clock. */
function readMoment(form: Form, name: 'opens' | 'closes', errors: FieldErrors<string>) {
  const date = textOf(form, `${name}_date`)
  const time = textOf(form, `${name}_time`)
  if (!isCalendarDate(date)) errors[`${name}_date`] = 'Choose a date.'
  if (!CLOCK.test(time)) errors[`${name}_time`] = 'Choose a time.'
  return { date, time }
}

/**
 * Reads the form for `today` (her date, YYYY-MM-DD). The moments are checked
 * in order by their wall-clock text, which sorts as time does; the server
 * turns them into moments in her time zone.
 */
export function readDropForm(form: Form, today: string): DropFormResult {
  const errors: FieldErrors<string> = {}
  const name = textOf(form, 'name')
  if (!name) errors.name = 'Name the drop: “Saturday bake”.'
  else if (name.length > DROP_LIMITS.name)
    errors.name = `Keep the name to ${DROP_LIMITS.name} characters.`
  const description = textOf(form, 'description')
  if (description.length > DROP_LIMITS.description)
    errors.description = `Keep the description to ${formatCount(DROP_LIMITS.description)} characters.`
  const pickupDate = textOf(form, 'pickup_date')
  if (!isCalendarDate(pickupDate)) errors.pickup_date = 'Choose the pickup day.'
  else if (pickupDate < today) errors.pickup_date = 'The pickup day has passed.'
  else if (pickupDate > addDays(today, DROP_LIMITS.daysAhead))
    errors.pickup_date = 'Choose a pickup day within a year.'
  const opens = readMoment(form, 'opens', errors)
  const closes = readMoment(form, 'closes', errors)
  const clock = (moment: { date: string; time: string }) => `${moment.date}T${moment.time}`
  if (!errors.closes_date && !errors.closes_time && !errors.opens_date && !errors.opens_time) {
    if (clock(closes) <= clock(opens)) errors.closes_time = 'It must close after it opens.'
    else if (!errors.pickup_date && closes.date > pickupDate)
      errors.closes_date = 'It must close by the pickup day.'
  }
  const { min, max, usual } = DROP_LIMITS.holdMinutes
  const holdWritten = textOf(form, 'hold_minutes')
  const holdMinutes =
    holdWritten === '' ? usual : wholeNumber(holdWritten, { min, max, label: 'Hold time' })
  if (typeof holdMinutes === 'string') errors.hold_minutes = holdMinutes
  const items = readItems(form, errors)
  if (items.length === 0 && !Object.keys(errors).some((key) => key.startsWith('item.')))
    errors['item.0.name'] = 'Add at least one item.'
  const windows = readWindows(form, errors)
  if (windows.length === 0 && !Object.keys(errors).some((key) => key.startsWith('window.')))
    errors['window.0.start'] = 'Add at least one pickup time.'
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    input: {
      name,
      description,
      pickupDate,
      opens,
      closes,
      holdMinutes: holdMinutes as number,
      payAtPickup: form.get('pay_at_pickup') === 'on',
      items,
      windows,
    },
  }
}
