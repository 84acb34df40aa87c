/**
 * Her discount codes in the database (decision 109): read for her list and
 * a customer's page, and used, once per order, in the transaction that
 * makes the order.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { DiscountCodeTable } from '#app/db/schema/discounts.ts'
import type { Database } from '#app/db/schema.ts'
import { CALLED_OFF_STATUSES } from '#app/features/order-status/order-status.ts'
import { type CodeTerms, codeOf, discountCents, refusalOf } from './discount-rules.ts'

const ownTables = tablesFor('discount-codes')

type Executor = Kysely<Database> | Transaction<Database>

export interface StoredCode extends CodeTerms {
  id: number
  createdAt: number
}

type CodeRow = Selectable<DiscountCodeTable>

function codeRows(db: Executor) {
  return ownTables(db).selectFrom('discount_code').selectAll()
}

function storedCodeOf(row: CodeRow): StoredCode {
  return {
    id: Number(row.id),
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    minPriceCents: row.min_price_cents === null ? null : Number(row.min_price_cents),
    firstOrderOnly: Number(row.first_order_only) === 1,
    oncePerCustomer: Number(row.once_per_customer) === 1,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    retired: row.retired_at !== null,
    createdAt: Number(row.created_at),
  }
}

/** Her codes, newest first: a handful, never a page of them. */
export async function listCodes(db: Executor): Promise<StoredCode[]> {
  const rows = await codeRows(db).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
  return rows.map(storedCodeOf)
}

/** The code she typed, as stored; null for none (or text that cannot be a code). */
export async function findCode(db: Executor, typed: string): Promise<StoredCode | null> {
  const code = codeOf(typed)
  if (!code) return null
  const row = await codeRows(db).where('code', '=', code).executeTakeFirst()
  return row ? storedCodeOf(row) : null
}

export type CodeAnswer = { ok: true; code: string; cents: number } | { ok: false; message: string }

/** The words for a code that is none of hers. */
export function unknownCode(typed: string): string {
  const shown = typed.trim().slice(0, 24)
  return `We do not have a code ${shown}: check how it is spelled.`
}

/**
 * What `typed` takes off a price of `priceCents` on `today`, as her page
 * shows it before she orders: nothing about who she is is asked yet (that
 * is asked as the order is made, `claimCode`).
 */
export async function priceWithCode(
  db: Executor,
  { typed, priceCents, today }: { typed: string; priceCents: number; today: string },
): Promise<CodeAnswer> {
  const found = await findCode(db, typed)
  if (!found) return { ok: false, message: unknownCode(typed) }
  const refused = refusalOf(found, priceCents, today)
  if (refused) return { ok: false, message: refused }
  return { ok: true, code: found.code, cents: discountCents(found, priceCents) }
}

export type Claim =
  { ok: true; codeId: number; code: string; cents: number } | { ok: false; message: string }

/**
 * Takes one use of `typed` for an order by `email` of `priceCents`, inside
 * the transaction that makes the order (recordCodeUse names it once made).
 * The use is counted first, in one statement that only counts while uses
 * are left: on PostgreSQL it holds the code's row until the order commits,
 * so of 50 orders racing for a code's last 10 uses, 10 have it; SQLite
 * writes one transaction at a time. Under that lock her earlier orders are
 * read, so one customer cannot use a once-each code twice at once. When
 * the code cannot be used, its count is put back and the order is refused
 * with why: the transaction still commits nothing of the code.
 */
export async function claimCode(
  trx: Transaction<Database>,
  {
    typed,
    email,
    priceCents,
    today,
    orderIds = [],
  }: {
    typed: string
    email: string
    priceCents: number
    today: string
    /** The requests of the order itself, already in the book (a quote she accepts): not "before". */
    orderIds?: readonly number[]
  },
): Promise<Claim> {
  const found = await findCode(trx, typed)
  if (!found) return { ok: false, message: unknownCode(typed) }
  const counted = await ownTables(trx)
    .updateTable('discount_code')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', found.id)
    .where('retired_at', 'is', null)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst()
  if (Number(counted.numUpdatedRows) !== 1) {
    return { ok: false, message: `The code ${found.code} has been used up.` }
  }
  // Read again under the lock: the terms as they are now, the count with this use.
  const code = storedCodeOf(
    await codeRows(trx).where('id', '=', found.id).executeTakeFirstOrThrow(),
  )
  const refused =
    refusalOf({ ...code, uses: code.uses - 1 }, priceCents, today) ??
    (await customerRefusal(trx, code, email, orderIds))
  if (refused) {
    await ownTables(trx)
      .updateTable('discount_code')
      .set((eb) => ({ uses: eb('uses', '-', 1) }))
      .where('id', '=', code.id)
      .execute()
    return { ok: false, message: refused }
  }
  return { ok: true, codeId: code.id, code: code.code, cents: discountCents(code, priceCents) }
}

/** Why `email` may not use `code` (a first order only, once each); null when she may. */
async function customerRefusal(
  trx: Transaction<Database>,
  code: StoredCode,
  email: string,
  orderIds: readonly number[],
): Promise<string | null> {
  const address = email.trim().toLowerCase()
  if (code.firstOrderOnly) {
    // An order of hers still in the book: a request declined, cancelled or
    // lapsed was never an order.
    const earlier = await ownTables(trx)
      .selectFrom('order_request')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
      .where('status', 'not in', CALLED_OFF_STATUSES)
      .$if(orderIds.length > 0, (query) => query.where('id', 'not in', [...orderIds]))
      .limit(1)
      .executeTakeFirst()
    if (earlier)
      return `The code ${code.code} is for a first order, and you have ordered with us before.`
  }
  if (code.oncePerCustomer) {
    const used = await ownTables(trx)
      .selectFrom('discount_code_use')
      .innerJoin('order_request', 'order_request.id', 'discount_code_use.request_id')
      .select('discount_code_use.request_id')
      .where('discount_code_use.code_id', '=', code.id)
      .where((eb) => eb(eb.fn('lower', ['order_request.email']), '=', address))
      .limit(1)
      .executeTakeFirst()
    if (used) return `You have used the code ${code.code} already: it is once per customer.`
  }
  return null
}

/**
 * The order a claimed use went to, written in the transaction that took it:
 * the use, and on the order what the code took off, which every page's
 * money reads (decision 109).
 */
export async function recordCodeUse(
  trx: Transaction<Database>,
  {
    claim,
    requestId,
    now,
  }: { claim: Extract<Claim, { ok: true }>; requestId: number; now: number },
): Promise<void> {
  await ownTables(trx)
    .insertInto('discount_code_use')
    .values({ code_id: claim.codeId, request_id: requestId, used_at: now })
    .execute()
  await ownTables(trx)
    .updateTable('order_request')
    .set({ discount_cents: claim.cents, discount_code: claim.code })
    .where('id', '=', requestId)
    .execute()
}

/**
 * Uses `typed` on an order already in the book (a quote she is accepting),
 * inside the transaction that takes her answer: claimed and written there,
 * or told why not. An order that already has a code keeps it.
 */
export async function spendCodeOnOrder(
  trx: Transaction<Database>,
  input: {
    typed: string
    /** The order's lead, whose money the code comes off, and every request of it. */
    requestId: number
    orderIds: readonly number[]
    email: string
    priceCents: number
    today: string
    now: number
  },
): Promise<Claim> {
  const order = await ownTables(trx)
    .selectFrom('order_request')
    .select('discount_cents')
    .where('id', '=', input.requestId)
    .executeTakeFirst()
  if (!order) return { ok: false, message: 'That order is not in the book any more.' }
  if (Number(order.discount_cents) > 0) {
    return { ok: false, message: 'This order already has a code: one code an order.' }
  }
  const claim = await claimCode(trx, input)
  if (claim.ok) await recordCodeUse(trx, { claim, requestId: input.requestId, now: input.now })
  return claim
}

/**
 * Gives back the use an order took, when the order is given up before it
 * was paid (its card payment never came): the code is hers to use again.
 * An order cancelled after it was made keeps its use, as money would.
 */
export async function releaseCodeOf(trx: Transaction<Database>, requestId: number): Promise<void> {
  const use = await ownTables(trx)
    .deleteFrom('discount_code_use')
    .where('request_id', '=', requestId)
    .returning('code_id')
    .executeTakeFirst()
  if (!use) return
  await ownTables(trx)
    .updateTable('discount_code')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', Number(use.code_id))
    .where('uses', '>', 0)
    .execute()
}

/** Stops a code, or starts it again: her list's one switch. */
export async function setCodeStopped(
  db: Executor,
  { id, stopped, now }: { id: number; stopped: boolean; now: number },
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('discount_code')
    .set({ retired_at: stopped ? now : null })
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
