import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { type DeliveryFee, postalKey } from '#app/features/menu/option-prices.ts'

const ownTables = tablesFor('availability')

type Executor = Kysely<Database> | Transaction<Database>

/** The delivery fees by postal-code prefix (decision 102), longest prefix first. */
export async function readDeliveryFees(db: Executor): Promise<DeliveryFee[]> {
  const rows = await ownTables(db)
    .selectFrom('delivery_fee_rule')
    .select(['prefix', 'fee_cents'])
    .execute()
  return rows
    .map((row) => ({ prefix: row.prefix, feeCents: Number(row.fee_cents) }))
    .sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix))
}

/** Replaces the delivery fees with `fees`, prefixes written as postal codes compare. */
export async function replaceDeliveryFees(db: Kysely<Database>, fees: readonly DeliveryFee[]) {
  await db.transaction().execute((trx) => writeDeliveryFees(trx, fees))
}

/** `replaceDeliveryFees` in the caller's transaction (a move to a new home). */
export async function writeDeliveryFees(trx: Transaction<Database>, fees: readonly DeliveryFee[]) {
  await ownTables(trx).deleteFrom('delivery_fee_rule').execute()
  if (fees.length === 0) return
  await ownTables(trx)
    .insertInto('delivery_fee_rule')
    .values(fees.map((fee) => ({ prefix: postalKey(fee.prefix), fee_cents: fee.feeCents })))
    .execute()
}
