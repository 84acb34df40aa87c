/**
 * Holds: a customer's basket reserved for a few minutes, under one rule on
 * both databases and across instances (decision 099). What a drop has left
 * is counted, whenever it is asked, from the holds that take stock: ordered
 * ones, and held ones not yet past their end. So a hold that runs out gives
 * its stock back at that moment, with no job to run first, and nothing of
 * it lives in one process's memory.
 */
import { randomBytes } from 'node:crypto'
import { type Transaction, sql } from 'kysely'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, DropHoldState } from '#app/db/schema.ts'
import { dayEffortRefusal, lockBookings } from '#app/features/availability/availability.server.ts'
import {
  type Basket,
  type DropRules,
  type Left,
  type Taken,
  checkBasket,
  leftOf,
} from './drop-stock.ts'
import { type Drop, readDrop } from './drops.server.ts'
import { liveOffer, sameHoldJustMade } from './hold-lookups.server.ts'
import { takenAt } from './live-holds.server.ts'

const ownTables = tablesFor('drops')

/** How many times a hold may be made longer: its whole life is at most three holds long. */
export const MAX_EXTENSIONS = 2

/** 144 random bits, URL-safe: the hold page's address. */
function newHoldToken(): string {
  return randomBytes(18).toString('base64url')
}

export interface Customer {
  name: string
  email: string
  phone: string
}

export type ReserveResult =
  | { ok: true; token: string; expiresAt: number }
  | { ok: false; status: 404 | 409; problems: string[]; left?: Left }

/** What `drop` has left at `now`: the live counters and the owner's page read this. */
export async function dropLeft(
  db: Db,
  drop: Pick<Drop, 'id' | 'rules'>,
  now: Date,
  /** A waitlist's offer, counted as left for the one it is kept for. */
  except?: string,
): Promise<Left> {
  const { taken } = await takenAt(db, drop.id, now, '', except)
  return leftOf(drop.rules, taken)
}

/**
 * Whether she holds anything of the drop. Most shoppers hold nothing yet, and
 * for them the look for a double tap is a round trip saved, in the lock too.
 */
function holdsAny(mine: ReadonlyMap<number, number>): boolean {
  return [...mine.values()].some((quantity) => quantity > 0)
}

function refusal(rules: DropRules, taken: Taken, problems: string[]): ReserveResult {
  return { ok: false, status: 409, problems, left: leftOf(rules, taken) }
}

/**
 * Reserves `basket` of the drop at /drops/<slug> for `customer`, for the
 * drop's hold time. The check and the insert run under the drop's own lock,
 * so two reservations (on two instances) never count the same stock. A
 * basket that does not fit by a first look outside the lock is refused
 * there: once a drop sells out, the shoppers still arriving are answered
 * without waiting their turn.
 */
export async function reserveDrop(
  db: Db,
  {
    slug,
    basket,
    customer,
    now,
    claim,
  }: {
    slug: string
    basket: Basket
    customer: Customer
    now: Date
    /** The token of a hold kept for her from the waitlist: its stock counts as hers, and it gives way to this one. */
    claim?: string
  },
): Promise<ReserveResult> {
  const drop = await readDrop(db, slug)
  if (!drop) return { ok: false, status: 404, problems: ['There is no such drop.'] }
  const moment = now.getTime()
  if (moment < drop.opensAt)
    return { ok: false, status: 409, problems: ['This drop is not open yet.'] }
  if (moment >= drop.closesAt)
    return { ok: false, status: 409, problems: ['This drop has closed.'] }
  const email = customer.email.trim().toLowerCase()
  const reservation: Reservation = { drop, slug, basket, customer, email, claim, now }
  const answered = await answerOutsideLock(db, reservation)
  if (answered) return answered
  return db.transaction().execute((trx) => reserveUnderLock(trx, reservation))
}

/** A reservation as asked, her email as holds keep it, for the drop read before the lock. */
interface Reservation {
  drop: Drop
  slug: string
  basket: Basket
  customer: Customer
  email: string
  claim: string | undefined
  now: Date
}

/**
 * The first look, outside the lock: a basket that does not fit is answered
 * at once (her own double tap with its hold); null when it may fit.
 */
async function answerOutsideLock(
  db: Db,
  { drop, basket, email, claim, now }: Reservation,
): Promise<ReserveResult | null> {
  const offer = await liveOffer(db, { dropId: drop.id, claim, now })
  const first = await takenAt(db, drop.id, now, email, offer)
  const firstCheck = checkBasket(drop.rules, first.taken, basket, first.mine)
  if (firstCheck.ok) return null
  // Her own hold of this basket may be what takes the last of it: a double tap.
  const sent = holdsAny(first.mine)
    ? await sameHoldJustMade(db, { dropId: drop.id, email, basket, now })
    : null
  return sent ? { ok: true, ...sent } : refusal(drop.rules, first.taken, firstCheck.problems)
}

/**
 * Under the drop's lock: her basket checked again against the drop as it
 * stands and the day's capacity, then held, a waitlist's kept hold giving way.
 */
async function reserveUnderLock(
  trx: Transaction<Database>,
  reservation: Reservation,
): Promise<ReserveResult> {
  const { drop, slug, basket, email, claim, now } = reservation
  await lockDrop(trx, drop.id)
  // The drop as it stands now: the owner may have changed its stock meanwhile.
  const rules = (await readDrop(trx, slug))?.rules ?? drop.rules
  // Only a live offer of this drop's waitlist counts as hers; any other token claims nothing.
  const kept = await liveOffer(trx, { dropId: drop.id, claim, now })
  const { taken, mine } = await takenAt(trx, drop.id, now, email, kept)
  // The same basket sent twice (a double tap, a form sent again) is one hold.
  const same = holdsAny(mine)
    ? await sameHoldJustMade(trx, { dropId: drop.id, email, basket, now })
    : null
  if (same) return { ok: true, ...same }
  const check = checkBasket(rules, taken, basket, mine)
  if (!check.ok) return refusal(rules, taken, check.problems)
  // Items that take real work share the pickup day's capacity with custom orders.
  const effort = basketEffort(drop, basket)
  if (effort > 0) {
    await lockBookings(trx)
    const full = await dayEffortRefusal(trx, { date: drop.pickupDate, effort, now, except: kept })
    if (full) return refusal(rules, taken, [full])
  }
  const held = await writeHold(trx, reservation)
  // The kept hold has given way: its stock is in this one now.
  if (kept) await releaseHold(trx, kept, now)
  return { ok: true, ...held }
}

/** Her hold and its lines, for the drop's hold time from now. */
async function writeHold(
  trx: Transaction<Database>,
  { drop, basket, customer, email, now }: Reservation,
): Promise<{ token: string; expiresAt: number }> {
  const moment = now.getTime()
  const token = newHoldToken()
  const expiresAt = moment + drop.holdMinutes * 60_000
  const { id } = await ownTables(trx)
    .insertInto('drop_hold')
    .values({
      drop_id: drop.id,
      token,
      name: customer.name.trim(),
      email,
      phone: customer.phone.trim(),
      pickup_window: basket.window,
      created_at: moment,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await ownTables(trx)
    .insertInto('drop_hold_line')
    .values(
      [...basket.quantities]
        .filter(([, quantity]) => quantity > 0)
        .map(([itemId, quantity]) => ({ hold_id: Number(id), item_id: itemId, quantity })),
    )
    .execute()
  return { token, expiresAt }
}

/** The effort units a basket takes of its pickup day (decision 020): each item's effort by its quantity. */
function basketEffort(drop: Pick<Drop, 'items'>, basket: Basket): number {
  let effort = 0
  for (const [itemId, quantity] of basket.quantities) {
    effort += (drop.items.find((item) => item.id === itemId)?.effort ?? 0) * quantity
  }
  return effort
}

/**
 * Takes the drop's own lock in `trx` (decision 099): every change to what a
 * drop's holds take (a reservation, an offer to the waitlist) takes it first.
 */
export async function lockDrop(trx: Transaction<Database>, dropId: number): Promise<void> {
  await serializeTransactions(trx, `drop:${dropId}`)
}

/** A hold as its page shows it; `state` says 'expired' for a held one past its end. */
export interface Hold {
  dropId: number
  token: string
  name: string
  email: string
  pickupWindow: string
  expiresAt: number
  extensions: number
  state: DropHoldState | 'expired'
  lines: { itemId: number; quantity: number }[]
}

export async function readHold(db: Db, token: string, now: Date): Promise<Hold | null> {
  const hold = await ownTables(db)
    .selectFrom('drop_hold')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst()
  if (!hold) return null
  const lines = await ownTables(db)
    .selectFrom('drop_hold_line')
    .select(['item_id', 'quantity'])
    .where('hold_id', '=', hold.id)
    .orderBy('id')
    .execute()
  const expiresAt = Number(hold.expires_at)
  const expired = hold.state === 'held' && expiresAt <= now.getTime()
  return {
    dropId: Number(hold.drop_id),
    token: hold.token,
    name: hold.name,
    email: hold.email,
    pickupWindow: hold.pickup_window,
    expiresAt,
    extensions: Number(hold.extensions),
    state: expired ? 'expired' : hold.state,
    lines: lines.map((line) => ({ itemId: Number(line.item_id), quantity: Number(line.quantity) })),
  }
}

export type ExtendResult =
  { ok: true; expiresAt: number } | { ok: false; status: 404 | 409; problem: string }

/**
 * Gives a live hold the drop's whole hold time again from `now` (WCAG 2.2.1:
 * a time limit the visitor can extend), at most MAX_EXTENSIONS times. `seen`
 * is how many times it had been extended when her page was drawn (its form
 * carries it), so a second tap of the same button, or the same post twice on
 * two instances, extends it once: one compare-and-set on `extensions`, and
 * the later tap is answered with the time the first one gave. Its stock is
 * its own until it ends, so no stock is checked.
 */
export async function extendHold(
  db: Db,
  { token, seen, now }: { token: string; seen: number; now: Date },
): Promise<ExtendResult> {
  const hold = await readHold(db, token, now)
  if (!hold) return { ok: false, status: 404, problem: 'There is no such hold.' }
  if (hold.state !== 'held') {
    const problem =
      hold.state === 'ordered'
        ? 'This hold is already an order.'
        : 'This hold has ended and its items went back on sale.'
    return { ok: false, status: 409, problem }
  }
  if (hold.extensions > seen) return { ok: true, expiresAt: hold.expiresAt }
  if (hold.extensions >= MAX_EXTENSIONS)
    return { ok: false, status: 409, problem: 'This hold cannot be made longer again.' }
  const drop = await ownTables(db)
    .selectFrom('drop_sale')
    .select('hold_minutes')
    .where('id', '=', hold.dropId)
    .executeTakeFirstOrThrow()
  const expiresAt = now.getTime() + Number(drop.hold_minutes) * 60_000
  const result = await ownTables(db)
    .updateTable('drop_hold')
    .set({ expires_at: expiresAt, extensions: hold.extensions + 1 })
    .where('token', '=', token)
    .where('state', '=', 'held')
    .where('extensions', '=', hold.extensions)
    .where('expires_at', '>', now.getTime())
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 1) return { ok: true, expiresAt }
  // Another instance took the same tap first, or the hold just ended.
  return extendHold(db, { token, seen, now })
}

/** Lets a live hold go at once ("I don't want these"): its stock is back on sale. */
export async function releaseHold(
  db: Db | Transaction<Database>,
  token: string,
  now: Date,
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('drop_hold')
    .set({ state: 'released' })
    .where('token', '=', token)
    .where('state', '=', 'held')
    .where('expires_at', '>', now.getTime())
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Erasing a customer (owner-desk's erasure): her holds go, and with them
 * the stock they held is back on sale; a hold that became an order keeps
 * its quantities, for the drop's counts and the accounts, without a word
 * that names her. Matched by email, ignoring case, as holds store it.
 */
export async function eraseHoldsOf(trx: Transaction<Database>, email: string): Promise<number> {
  const address = email.trim().toLowerCase()
  const holds = await ownTables(trx)
    .selectFrom('drop_hold')
    .select(['id', 'state'])
    .where('email', '=', address)
    .execute()
  const gone = holds.filter((hold) => hold.state !== 'ordered').map((hold) => hold.id)
  if (gone.length > 0) {
    await ownTables(trx).deleteFrom('drop_hold_line').where('hold_id', 'in', gone).execute()
    await ownTables(trx).deleteFrom('drop_hold').where('id', 'in', gone).execute()
  }
  const kept = holds.filter((hold) => hold.state === 'ordered').map((hold) => hold.id)
  if (kept.length > 0) {
    await ownTables(trx)
      .updateTable('drop_hold')
      .set(() => ({
        name: '',
        email: sql<string>`'erased-hold-' || cast(id as text) || '@invalid'`,
        phone: '',
      }))
      .where('id', 'in', kept)
      .execute()
  }
  return holds.length
}
