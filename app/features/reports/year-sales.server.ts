import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'

const ownTables = tablesFor('reports')

/**
 * Her year's numbers, read across the book's money. What she took in a
 * calendar year: the payments received in it less the refunds given in it,
 * each by its own day (a yearly sales cap counts these).
 */
export async function salesInYear(db: Db, year: number): Promise<number> {
  const [first, last] = [`${year}-01-01`, `${year}-12-31`]
  const received = await ownTables(db)
    .selectFrom('payment')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('cents'),
    )
    .where('received_on', '>=', first)
    .where('received_on', '<=', last)
    .executeTakeFirst()
  const refunded = await ownTables(db)
    .selectFrom('refund')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('cents'),
    )
    .where('refunded_on', '>=', first)
    .where('refunded_on', '<=', last)
    .executeTakeFirst()
  return Number(received?.cents ?? 0) - Number(refunded?.cents ?? 0)
}
