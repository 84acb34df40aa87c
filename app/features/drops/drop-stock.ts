/**
 * What a drop has left, and whether a basket fits in it: the one rule the
 * reserve, the live counters and the owner's drop page all read (decision
 * 099). Pure: the server counts what holds and orders take, under the
 * drop's lock, and asks this module.
 */
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { formatCount } from '#app/utils/count.ts'

export interface DropItemRule {
  id: number
  name: string
  stock: number
  sectionId: number | null
  /** The most one customer may have; null for no limit. */
  perCustomerLimit: number | null
}

export interface DropSectionRule {
  id: number
  name: string
  stock: number
}

export interface DropWindowRule {
  /** HH:MM-HH:MM */
  window: string
  /** Orders it takes; null for no cap. */
  capacity: number | null
}

export interface DropRules {
  items: DropItemRule[]
  sections: DropSectionRule[]
  windows: DropWindowRule[]
}

/** What live holds and orders take: quantities by item id, holds by window. */
export interface Taken {
  items: ReadonlyMap<number, number>
  windows: ReadonlyMap<string, number>
}

export interface Left {
  items: { id: number; left: number }[]
  /** What each section's shared stock has left. */
  sections: { id: number; left: number }[]
  /** null: the window has no cap. */
  windows: { window: string; left: number | null }[]
}

/** A basket: quantities by item id (only those above 0) and the window chosen. */
export interface Basket {
  quantities: ReadonlyMap<number, number>
  window: string
}

/** The most of one item a basket may ask for: a bound, not a limit she sets. */
export const MAX_QUANTITY = 99

export type BasketCheck = { ok: true } | { ok: false; problems: string[] }

const takenOf = (map: ReadonlyMap<number | string, number>, key: number | string) =>
  map.get(key) ?? 0

function sectionTaken(rules: DropRules, taken: Taken, sectionId: number): number {
  return rules.items
    .filter((item) => item.sectionId === sectionId)
    .reduce((sum, item) => sum + takenOf(taken.items, item.id), 0)
}

/** An item's own stock left, and its section's: the smaller is what can be had. */
function itemLeft(rules: DropRules, taken: Taken, item: DropItemRule): number {
  const own = item.stock - takenOf(taken.items, item.id)
  const section = rules.sections.find((candidate) => candidate.id === item.sectionId)
  const shared = section ? section.stock - sectionTaken(rules, taken, section.id) : own
  return Math.max(0, Math.min(own, shared))
}

export function leftOf(rules: DropRules, taken: Taken): Left {
  return {
    items: rules.items.map((item) => ({ id: item.id, left: itemLeft(rules, taken, item) })),
    sections: rules.sections.map((section) => ({
      id: section.id,
      left: Math.max(0, section.stock - sectionTaken(rules, taken, section.id)),
    })),
    windows: rules.windows.map(({ window, capacity }) => ({
      window,
      left: capacity === null ? null : Math.max(0, capacity - takenOf(taken.windows, window)),
    })),
  }
}

/**
 * Whether `basket` fits what is left, this customer's own earlier holds
 * (`mine`, quantities by item id) counted against each item's limit. Every
 * problem is named, each with what is left, so the customer can change her
 * basket in one go.
 */
export function checkBasket(
  rules: DropRules,
  taken: Taken,
  basket: Basket,
  mine: ReadonlyMap<number, number> = new Map(),
): BasketCheck {
  const problems: string[] = []
  // Sections with an item already refused for stock: their own line says it.
  const refusedSections = new Set<number | null>()
  const asked = [...basket.quantities].filter(([, quantity]) => quantity > 0)
  if (asked.length === 0) problems.push('Choose at least one item.')
  for (const [id, quantity] of asked) {
    const item = rules.items.find((candidate) => candidate.id === id)
    if (!item) {
      problems.push('One of the items chosen is not in this drop.')
      continue
    }
    const left = itemLeft(rules, taken, item)
    if (quantity > left) refusedSections.add(item.sectionId)
    if (left === 0) problems.push(`${item.name} is sold out.`)
    else if (quantity > left) problems.push(`${item.name}: only ${formatCount(left)} left.`)
    const limit = item.perCustomerLimit
    if (limit !== null && quantity + takenOf(mine, id) > limit) {
      const already = takenOf(mine, id)
      problems.push(
        `${item.name}: at most ${formatCount(limit)} per customer` +
          (already > 0 ? `, and you have ${formatCount(already)} already.` : '.'),
      )
    }
  }
  // Items that each fit may still ask more of their section together than it has.
  for (const section of rules.sections) {
    if (refusedSections.has(section.id)) continue
    const wanted = asked
      .filter(([id]) => rules.items.find((item) => item.id === id)?.sectionId === section.id)
      .reduce((sum, [, quantity]) => sum + quantity, 0)
    const left = Math.max(0, section.stock - sectionTaken(rules, taken, section.id))
    if (wanted > left && left > 0)
      problems.push(`${section.name}: only ${formatCount(left)} left between them.`)
  }
  const window = rules.windows.find((candidate) => candidate.window === basket.window)
  if (!window) problems.push('Choose a pickup time.')
  else if (window.capacity !== null && takenOf(taken.windows, window.window) >= window.capacity)
    problems.push(`The ${formatWindow(window.window)} pickup is full.`)
  return problems.length === 0 ? { ok: true } : { ok: false, problems }
}

/** What someone waits for: an item of the drop, or a place at one of its pickup times. */
export type Want = { item: number } | { window: string }

const WANTS =
  /^(?:item:([1-9]\d{0,8})|window:((?:[01]\d|2[0-3]):[0-5]\d-(?:[01]\d|2[0-3]):[0-5]\d))$/

/** 'item:12' or 'window:10:00-11:00', as the waitlist keeps it. */
export function wantText(want: Want): string {
  return 'item' in want ? `item:${want.item}` : `window:${want.window}`
}

export function wantOf(text: string): Want | null {
  const match = WANTS.exec(text)
  if (!match) return null
  return match[1] ? { item: Number(match[1]) } : { window: match[2]! }
}
