import { type Selectable, sql } from 'kysely'
import { site } from '#app/content/site.ts'
import { type Db, isUniqueViolation, serializeTransactions } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import type { ProductTable } from '#app/db/schema.ts'
import type { Product } from './product.ts'

const ownTables = tablesFor('menu')

export type { Product } from './product.ts'

/** What the owner types for a product (see menu-action.server.ts). */
export interface ProductInput {
  name: string
  description: string
  priceFromCents: number | null
  noticeDays: number
  effort: number
}

export type MenuChange = { ok: true } | { ok: false; error: string }

/** The app_state key set once the menu has been created from site.ts. */
const SEEDED_KEY = 'menu-seeded'

function toProduct(row: Selectable<ProductTable>): Product {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    priceFromCents: row.price_from_cents === null ? null : Number(row.price_from_cents),
    noticeDays: Number(row.notice_days),
    effort: Number(row.effort),
    active: Number(row.active) === 1,
    buyNowCents:
      Number(row.sells_now) === 1 && row.set_price_cents !== null
        ? Number(row.set_price_cents)
        : null,
  }
}

/**
 * Creates the menu from site.ts's treats the first time the site starts on a
 * database, and never again (not even if the owner later empties it). Each
 * treat is one insert-if-absent, so instances starting at once add each
 * treat once between them, and a start cut short is finished by the next.
 * Returns how many products this call added.
 */
export async function seedMenu(db: Db, treats = site.treats): Promise<number> {
  let added = 0
  for (const [index, treat] of treats.entries()) {
    const result = await ownTables(db)
      .insertInto('product')
      .columns(['name', 'description', 'position'])
      .expression(
        db
          .selectNoFrom([
            sql<string>`cast(${treat.name} as text)`.as('name'),
            sql<string>`cast(${treat.description} as text)`.as('description'),
            sql<number>`cast(${index + 1} as integer)`.as('position'),
          ])
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('app_state').select('key').where('key', '=', SEEDED_KEY))),
          ),
      )
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst()
    added += Number(result.numInsertedOrUpdatedRows ?? 0)
  }
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  return added
}

/** A product as a move to another install carries it: everything but its id. */
export type MenuEntry = Omit<Product, 'id' | 'buyNowCents'>

/**
 * Replaces the whole menu with `entries`, in their order (an empty list
 * empties it: the first-run setup without the demo menu). Run inside the
 * caller's transaction, so the menu changes with everything else or not at
 * all; the menu never seeds itself again afterwards. Orders already stored
 * keep the names they were sent with.
 */
export async function replaceMenu(db: Db, entries: readonly MenuEntry[]): Promise<void> {
  await ownTables(db).deleteFrom('product').execute()
  for (const [index, entry] of entries.entries()) {
    await ownTables(db)
      .insertInto('product')
      .values({
        ...columnsOf(entry),
        active: entry.active ? 1 : 0,
        position: index + 1,
      })
      .execute()
  }
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}

/** Every product in menu order, active or not: the owner's list. */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await ownTables(db)
    .selectFrom('product')
    .selectAll()
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map(toProduct)
}

/** The products customers may order, in menu order. */
export async function listActiveProducts(db: Db): Promise<Product[]> {
  return (await listProducts(db)).filter((product) => product.active)
}

function nameTaken(name: string): MenuChange {
  return { ok: false, error: `There is already a product called “${name}”.` }
}

function columnsOf(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    price_from_cents: input.priceFromCents,
    notice_days: input.noticeDays,
    effort: input.effort,
  }
}

/** Adds a product at the end of the menu, active. */
export async function addProduct(db: Db, input: ProductInput): Promise<MenuChange> {
  try {
    await db.transaction().execute(async (trx) => {
      await serializeTransactions(trx, 'menu-order')
      const last = await ownTables(trx)
        .selectFrom('product')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst()
      await ownTables(trx)
        .insertInto('product')
        .values({ ...columnsOf(input), position: Number(last?.max ?? 0) + 1 })
        .execute()
    })
    return { ok: true }
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(input.name)
    throw error
  }
}

const GONE: MenuChange = { ok: false, error: 'That product is gone; reload and try again.' }

/**
 * Changes a product's details. Orders already stored keep the name they were
 * sent with; new orders use the new one.
 */
export async function updateProduct(db: Db, id: number, input: ProductInput): Promise<MenuChange> {
  try {
    const result = await ownTables(db)
      .updateTable('product')
      .set(columnsOf(input))
      .where('id', '=', id)
      .executeTakeFirst()
    return result.numUpdatedRows > 0n ? { ok: true } : GONE
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(input.name)
    throw error
  }
}

/** Takes a product off the menu (false) or puts it back (true). Nothing is deleted. */
export async function setProductActive(db: Db, id: number, active: boolean): Promise<MenuChange> {
  const result = await ownTables(db)
    .updateTable('product')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n ? { ok: true } : GONE
}

/** Swaps a product with its neighbour above ('up') or below ('down'); at an end it stays. */
export async function moveProduct(
  db: Db,
  id: number,
  direction: 'up' | 'down',
): Promise<MenuChange> {
  return db.transaction().execute(async (trx) => {
    await serializeTransactions(trx, 'menu-order')
    const rows = await ownTables(trx)
      .selectFrom('product')
      .select(['id', 'position'])
      .orderBy('position')
      .orderBy('id')
      .execute()
    const index = rows.findIndex((row) => Number(row.id) === id)
    if (index === -1) return GONE
    const other = direction === 'up' ? index - 1 : index + 1
    if (other < 0 || other >= rows.length) return { ok: true }
    // Renumbered 1..n in the new order, so equal positions cannot stick.
    const order = rows.map((row) => Number(row.id))
    ;[order[index], order[other]] = [order[other]!, order[index]!]
    for (const [at, productId] of order.entries()) {
      await ownTables(trx)
        .updateTable('product')
        .set({ position: at + 1 })
        .where('id', '=', productId)
        .execute()
    }
    return { ok: true }
  })
}

/** Each treat's tax class (decision 113), by id and name, for her Taxes page and for pricing. */
export async function productTaxClasses(
  db: Executor,
): Promise<{ id: number; name: string; active: boolean; taxClassId: number | null }[]> {
  const rows = await ownTables(db)
    .selectFrom('product')
    .select(['id', 'name', 'active', 'tax_class_id'])
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    active: Number(row.active) === 1,
    taxClassId: row.tax_class_id === null ? null : Number(row.tax_class_id),
  }))
}

/** Puts treat `productId` in tax class `classId`, or in none; false when there is no such treat. */
export async function setProductTaxClass(
  db: Executor,
  { productId, classId }: { productId: number; classId: number | null },
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('product')
    .set({ tax_class_id: classId })
    .where('id', '=', productId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
