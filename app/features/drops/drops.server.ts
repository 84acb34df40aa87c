/**
 * A drop as the owner sets it up and as its pages read it (decision 099).
 * The stock it has left is counted from its holds: drop-holds.server.ts.
 */
import type { Transaction } from 'kysely'
import { type Db, isUniqueViolation } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import type { Database } from '#app/db/schema.ts'
import type { DropRules } from './drop-stock.ts'

const ownTables = tablesFor('drops')

export interface DropItemInput {
  name: string
  description?: string
  priceCents: number
  stock: number
  perCustomerLimit?: number | null
  /** The section (by its position in `sections`) whose stock it shares. */
  section?: number | null
  productId?: number | null
  /** Each one's share of the pickup day's capacity, in effort units. */
  effort?: number
}

export interface DropInput {
  slug: string
  name: string
  description?: string
  /** YYYY-MM-DD */
  pickupDate: string
  opensAt: Date
  closesAt: Date
  holdMinutes?: number
  payAtPickup?: boolean
  sections?: { name: string; stock: number }[]
  items: DropItemInput[]
  windows: { start: string; end: string; capacity: number | null }[]
}

export interface Drop {
  id: number
  slug: string
  name: string
  description: string
  pickupDate: string
  opensAt: number
  closesAt: number
  holdMinutes: number
  payAtPickup: boolean
  items: {
    id: number
    name: string
    description: string
    priceCents: number
    effort: number
    /** The menu's treat it sells; null for the drop's own. */
    productId: number | null
  }[]
  rules: DropRules
}

/** Stores a drop whole, in one transaction: its sections, items and windows. */
export async function createDrop(db: Db, input: DropInput, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await ownTables(trx)
      .insertInto('drop_sale')
      .values({
        slug: input.slug,
        name: input.name,
        description: input.description ?? '',
        pickup_date: input.pickupDate,
        opens_at: input.opensAt.getTime(),
        closes_at: input.closesAt.getTime(),
        hold_minutes: input.holdMinutes ?? 10,
        pay_at_pickup: input.payAtPickup ? 1 : 0,
        created_at: now.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sectionIds: number[] = []
    for (const [position, section] of (input.sections ?? []).entries()) {
      const row = await ownTables(trx)
        .insertInto('drop_section')
        .values({ drop_id: id, name: section.name, stock: section.stock, position })
        .returning('id')
        .executeTakeFirstOrThrow()
      sectionIds.push(Number(row.id))
    }
    for (const [position, item] of input.items.entries()) {
      await ownTables(trx)
        .insertInto('drop_item')
        .values({
          drop_id: id,
          section_id: item.section == null ? null : sectionIds[item.section]!,
          product_id: item.productId ?? null,
          name: item.name,
          description: item.description ?? '',
          price_cents: item.priceCents,
          stock: item.stock,
          per_customer_limit: item.perCustomerLimit ?? null,
          effort: item.effort ?? 0,
          position,
        })
        .execute()
    }
    for (const window of input.windows) {
      await ownTables(trx)
        .insertInto('drop_window')
        .values({
          drop_id: id,
          start_time: window.start,
          end_time: window.end,
          capacity: window.capacity,
        })
        .execute()
    }
    return Number(id)
  })
}

/** Drops kept at once: more than a bakery runs, and a few kilobytes each. */
export const MAX_KEPT_DROPS = 50

/**
 * Drops already read, by slug, with the page version they were read at. The
 * version's triggers replace it on every change to a drop, its items,
 * sections or windows, in the writer's transaction (migration 044), so a
 * kept drop is used only while it is still what the database holds, on any
 * instance. Only a cost lives here: an empty map answers the same, with
 * four more queries; at a drop's opening second it saves them on each of
 * hundreds of answers.
 */
const keptDrops = new Map<string, { version: string; drop: Drop | null }>()

/** The drop at /drops/<slug>, with its rules; null when there is none. */
export async function readDrop(db: Db | Transaction<Database>, slug: string): Promise<Drop | null> {
  const version = await readPageVersion(db)
  const kept = keptDrops.get(slug)
  if (kept?.version === version) return kept.drop
  const drop = await readDropRows(db, slug)
  keptDrops.delete(slug)
  keptDrops.set(slug, { version, drop })
  while (keptDrops.size > MAX_KEPT_DROPS) keptDrops.delete(keptDrops.keys().next().value!)
  return drop
}

/** The drop with id `id`, as readDrop reads it; null when there is none. */
export async function readDropById(
  db: Db | Transaction<Database>,
  id: number,
): Promise<Drop | null> {
  const row = await ownTables(db)
    .selectFrom('drop_sale')
    .select('slug')
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? readDrop(db, row.slug) : null
}

/** A drop's items and sections in her order, and its pickup windows by time: one round trip each. */
async function readDefinition(db: Db | Transaction<Database>, id: number) {
  const [items, sections, windows] = await Promise.all([
    ownTables(db)
      .selectFrom('drop_item')
      .selectAll()
      .where('drop_id', '=', id)
      .orderBy('position')
      .execute(),
    ownTables(db)
      .selectFrom('drop_section')
      .selectAll()
      .where('drop_id', '=', id)
      .orderBy('position')
      .execute(),
    ownTables(db)
      .selectFrom('drop_window')
      .selectAll()
      .where('drop_id', '=', id)
      .orderBy('start_time')
      .execute(),
  ])
  return { items, sections, windows }
}

async function readDropRows(db: Db | Transaction<Database>, slug: string): Promise<Drop | null> {
  const drop = await ownTables(db)
    .selectFrom('drop_sale')
    .selectAll()
    .where('slug', '=', slug)
    .executeTakeFirst()
  if (!drop) return null
  const id = Number(drop.id)
  const { items, sections, windows } = await readDefinition(db, id)
  return {
    id,
    slug: drop.slug,
    name: drop.name,
    description: drop.description,
    pickupDate: drop.pickup_date,
    opensAt: Number(drop.opens_at),
    closesAt: Number(drop.closes_at),
    holdMinutes: Number(drop.hold_minutes),
    payAtPickup: Number(drop.pay_at_pickup) === 1,
    items: items.map((item) => ({
      id: Number(item.id),
      name: item.name,
      description: item.description,
      priceCents: Number(item.price_cents),
      effort: Number(item.effort),
      productId: item.product_id === null ? null : Number(item.product_id),
    })),
    rules: {
      items: items.map((item) => ({
        id: Number(item.id),
        name: item.name,
        stock: Number(item.stock),
        sectionId: item.section_id === null ? null : Number(item.section_id),
        perCustomerLimit: item.per_customer_limit === null ? null : Number(item.per_customer_limit),
      })),
      sections: sections.map((section) => ({
        id: Number(section.id),
        name: section.name,
        stock: Number(section.stock),
      })),
      windows: windows.map((window) => ({
        window: `${window.start_time}-${window.end_time}`,
        capacity: window.capacity === null ? null : Number(window.capacity),
      })),
    },
  }
}

/** A drop's address from its name and day: 'saturday-bake-2026-12-05'. */
export function slugOf(name: string, pickupDate: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `${words || 'drop'}-${pickupDate}`
}

/** Tries at a free address before giving up: a bakery runs one or two drops a day. */
const SLUG_TRIES = 20

/**
 * Stores a new drop at the first free address for its name and day
 * ('…-2', '…-3' after the first); returns its id and slug.
 */
export async function createNamedDrop(
  db: Db,
  input: Omit<DropInput, 'slug'>,
  now: Date,
): Promise<{ id: number; slug: string }> {
  const base = slugOf(input.name, input.pickupDate)
  for (let attempt = 1; attempt <= SLUG_TRIES; attempt += 1) {
    const slug = attempt === 1 ? base : `${base}-${attempt}`
    const taken = await ownTables(db)
      .selectFrom('drop_sale')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst()
    if (taken) continue
    try {
      return { id: await createDrop(db, { ...input, slug }, now), slug }
    } catch (error) {
      // Another instance took the same address a moment ago: try the next.
      if (!isUniqueViolation(error)) throw error
    }
  }
  throw new Error(`No free address for the drop ${base}`)
}

/** Everything a drop was set up with, as createDrop takes it: what a copy starts from. */
export async function readDropInput(
  db: Db,
  id: number,
): Promise<
  (Omit<DropInput, 'slug' | 'items'> & { items: (DropItemInput & { id: number })[] }) | null
> {
  const drop = await ownTables(db)
    .selectFrom('drop_sale')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!drop) return null
  const { items, sections, windows } = await readDefinition(db, id)
  const sectionIds = sections.map((section) => Number(section.id))
  return {
    name: drop.name,
    description: drop.description,
    pickupDate: drop.pickup_date,
    opensAt: new Date(Number(drop.opens_at)),
    closesAt: new Date(Number(drop.closes_at)),
    holdMinutes: Number(drop.hold_minutes),
    payAtPickup: Number(drop.pay_at_pickup) === 1,
    sections: sections.map((section) => ({ name: section.name, stock: Number(section.stock) })),
    items: items.map((item) => ({
      id: Number(item.id),
      name: item.name,
      description: item.description,
      priceCents: Number(item.price_cents),
      stock: Number(item.stock),
      perCustomerLimit: item.per_customer_limit === null ? null : Number(item.per_customer_limit),
      section: item.section_id === null ? null : sectionIds.indexOf(Number(item.section_id)),
      productId: item.product_id === null ? null : Number(item.product_id),
      effort: Number(item.effort),
    })),
    windows: windows.map((window) => ({
      start: window.start_time,
      end: window.end_time,
      capacity: window.capacity === null ? null : Number(window.capacity),
    })),
  }
}
