/**
 * A hold becoming an order (decision 100). The hold is claimed first, in the
 * transaction that stores the order: one compare-and-set from live `held`
 * to `ordered`, so two taps (on two instances) make one order, and a hold
 * that has just ended makes none. Its stock needs no check: it is the
 * hold's own until the hold ends, and from then the order's.
 */
import type { Selectable, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { formatMoney } from '#app/utils/money.ts'
import { type Drop, readDropById } from './drops.server.ts'

const ownTables = tablesFor('drops')

export interface ClaimedHold {
  holdId: number
  dropName: string
  /** YYYY-MM-DD */
  pickupDate: string
  payAtPickup: boolean
  name: string
  email: string
  phone: string
  pickupWindow: string
  /** Each item held: its menu treat (null for the drop's own), for its taxes. */
  lines: {
    name: string
    quantity: number
    cents: number
    effort: number
    productId: number | null
  }[]
  totalCents: number
  /** The items in one line, as the order book names what was ordered. */
  summary: string
}

export type ClaimResult =
  { ok: true; hold: ClaimedHold } | { ok: false; status: 404 | 409; problem: string }

/**
 * Claims the live hold `token` for an order, in the order's transaction.
 * Refused when it is already an order, was let go or has ended, or when the
 * way she chose cannot pay its total (`mayPay`, the order's own rule: a drop
 * that is paid by card, a total too small for a card).
 */
export async function claimHold(
  trx: Transaction<Database>,
  {
    token,
    now,
    mayPay,
    shownCents,
  }: {
    token: string
    now: number
    /** Why the way she chose cannot pay this drop's total; null when it can. */
    mayPay: (order: { payAtPickup: boolean; totalCents: number }) => string | null
    /** The total her page showed: an order is made only at that price. */
    shownCents?: number
  },
): Promise<ClaimResult> {
  const found = await findHoldToClaim(trx, token)
  if (!found.ok) return found
  const { row, drop } = found
  const lines = await heldLines(trx, row.id, drop)
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0)
  if (shownCents !== undefined && shownCents !== totalCents) {
    return {
      ok: false,
      status: 409,
      problem: `The prices have changed since this page was opened: your items now come to ${formatMoney(totalCents)}. Check them and order again.`,
    }
  }
  // Asked of the price her page showed, so the ways it offered are the ways that can pay.
  const cannotPay = mayPay({ payAtPickup: drop.payAtPickup, totalCents })
  if (cannotPay) return { ok: false, status: 409, problem: cannotPay }
  if (!(await markOrdered(trx, row.id, now))) {
    const problem =
      row.state === 'ordered'
        ? 'This hold is already an order.'
        : 'This hold has ended and its items went back on sale.'
    return { ok: false, status: 409, problem }
  }
  return {
    ok: true,
    hold: {
      holdId: Number(row.id),
      dropName: drop.name,
      pickupDate: drop.pickupDate,
      payAtPickup: drop.payAtPickup,
      name: row.name,
      email: row.email,
      phone: row.phone,
      pickupWindow: row.pickup_window,
      lines,
      totalCents,
      summary: lines.map((line) => `${line.quantity} × ${line.name}`).join(', '),
    },
  }
}

type HoldRow = Selectable<Database['drop_hold']>

/** The hold `token` and its drop, unless there is none or it was kept for someone on the waitlist. */
async function findHoldToClaim(
  trx: Transaction<Database>,
  token: string,
): Promise<{ ok: true; row: HoldRow; drop: Drop } | Extract<ClaimResult, { ok: false }>> {
  const row = await ownTables(trx)
    .selectFrom('drop_hold')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst()
  if (!row) return { ok: false, status: 404, problem: 'There is no such hold.' }
  const drop = await readDropById(trx, Number(row.drop_id))
  if (!drop) return { ok: false, status: 404, problem: 'There is no such hold.' }
  if (Number(row.offered) === 1) {
    return {
      ok: false,
      status: 409,
      problem:
        'This was kept for you from the waitlist: reserve it on the drop’s page through your link.',
    }
  }
  return { ok: true, row, drop }
}

/** Each item the hold `holdId` holds, priced and weighed at the drop's prices and efforts. */
async function heldLines(
  trx: Transaction<Database>,
  holdId: HoldRow['id'],
  drop: Drop,
): Promise<ClaimedHold['lines']> {
  const held = await ownTables(trx)
    .selectFrom('drop_hold_line')
    .select(['item_id', 'quantity'])
    .where('hold_id', '=', holdId)
    .orderBy('id')
    .execute()
  return held.map(({ item_id, quantity }) => {
    const item = drop.items.find((candidate) => candidate.id === Number(item_id))!
    const count = Number(quantity)
    return {
      name: item.name,
      quantity: count,
      cents: item.priceCents * count,
      effort: item.effort * count,
      productId: item.productId,
    }
  })
}

/** The one compare-and-set from live `held` to `ordered`: false when another tap or the clock came first. */
async function markOrdered(
  trx: Transaction<Database>,
  holdId: HoldRow['id'],
  now: number,
): Promise<boolean> {
  const claimed = await ownTables(trx)
    .updateTable('drop_hold')
    .set({ state: 'ordered' })
    .where('id', '=', holdId)
    .where('state', '=', 'held')
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/**
 * Names the order a claimed hold became. `keepUntil` is when an order still
 * waiting for its card payment gives its stock back (its Checkout session's
 * end, and a little more for Stripe's word to arrive).
 */
export async function attachOrder(
  trx: Transaction<Database>,
  { holdId, requestId, keepUntil }: { holdId: number; requestId: number; keepUntil?: number },
): Promise<void> {
  await ownTables(trx)
    .updateTable('drop_hold')
    .set({ request_id: requestId, ...(keepUntil === undefined ? {} : { expires_at: keepUntil }) })
    .where('id', '=', holdId)
    .execute()
}

/** The order a hold became, or null: its page links to the customer's own page. */
export async function orderOfHold(
  db: Transaction<Database> | Parameters<typeof ownTables>[0],
  token: string,
): Promise<number | null> {
  const row = await ownTables(db)
    .selectFrom('drop_hold')
    .select('request_id')
    .where('token', '=', token)
    .executeTakeFirst()
  return row?.request_id == null ? null : Number(row.request_id)
}
