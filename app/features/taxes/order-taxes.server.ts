import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { productTaxClasses } from '#app/features/menu/menu.server.ts'
import { type OrderTax, orderTaxes } from '#app/features/order-status/tax-rules.ts'

const ownTables = tablesFor('taxes')

/** One thing an order is made of, named by its treat (id or name); none for a drop's own item. */
export interface TaxedLine {
  productId?: number | null
  product?: string
  cents: number
}

/**
 * The taxes an order priced now carries (decision 113), from the class of
 * each thing it is made of: a treat's own class, the class she marked for
 * a drop's own items. Read in the transaction that prices the order, so
 * the quote keeps the rates of that moment.
 */
export async function taxesForLines(
  db: Executor,
  lines: readonly TaxedLine[],
): Promise<OrderTax[]> {
  const rates = await ratesByClass(db)
  if (rates.byClass.size === 0) return []
  const treats = await productTaxClasses(db)
  const classOf = (line: TaxedLine): number | null => {
    const treat = treats.find((row) =>
      line.productId != null ? row.id === line.productId : row.name === line.product,
    )
    if (treat) return treat.taxClassId
    return line.productId == null && line.product === undefined ? rates.dropItemsClass : null
  }
  return orderTaxes(
    lines.map((line) => {
      const classId = classOf(line)
      return {
        cents: line.cents,
        taxes: classId === null ? [] : (rates.byClass.get(classId) ?? []),
      }
    }),
  )
}

/** Each class's rates, in her order, and the class a drop's own items take. */
async function ratesByClass(db: Executor) {
  const [rows, dropItems] = await Promise.all([
    ownTables(db)
      .selectFrom('tax_class_rate')
      .innerJoin('tax_rate', 'tax_rate.id', 'tax_class_rate.rate_id')
      .select(['tax_class_rate.class_id', 'tax_rate.name', 'tax_rate.ppm', 'tax_rate.number'])
      .orderBy('tax_rate.position')
      .orderBy('tax_rate.id')
      .execute(),
    ownTables(db)
      .selectFrom('tax_class')
      .select('id')
      .where('drop_items', '=', 1)
      .executeTakeFirst(),
  ])
  const byClass = new Map<number, { name: string; ppm: number; number: string }[]>()
  for (const row of rows) {
    const classId = Number(row.class_id)
    byClass.set(classId, [
      ...(byClass.get(classId) ?? []),
      { name: row.name, ppm: Number(row.ppm), number: row.number },
    ])
  }
  return { byClass, dropItemsClass: dropItems ? Number(dropItems.id) : null }
}

/**
 * The rates of a treat's class (by its id, or by name as a request names
 * it), in her order: what its price is taxed at now.
 */
export async function treatTaxes(
  db: Executor,
  treat: number | string,
): Promise<{ name: string; ppm: number }[]> {
  const line = typeof treat === 'number' ? { productId: treat } : { product: treat }
  const taxes = await taxesForLines(db, [{ ...line, cents: 1 }])
  return taxes.map(({ name, ppm }) => ({ name, ppm }))
}

/** Whether `name` is a treat of the menu (on it now or taken off), as a request names one. */
export async function isTreat(db: Executor, name: string): Promise<boolean> {
  return (await productTaxClasses(db)).some((treat) => treat.name === name)
}
