/**
 * A hold kept for someone on a drop's waitlist (decision 101): one of the
 * item she waits for, or a place at the pickup time she waits for, made by
 * the site under the drop's lock in the caller's transaction, when it is
 * free. She claims it by reserving with its token: its stock counts as hers,
 * and it gives way to her own hold (reserveDrop's `claim`).
 */
import { randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { dayEffortRefusal, lockBookings } from '#app/features/availability/availability.server.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { lockDrop } from './drop-holds.server.ts'
import { type Want, checkBasket, leftOf } from './drop-stock.ts'
import { type Drop, readDropById } from './drops.server.ts'
import { takenAt } from './live-holds.server.ts'

const ownTables = tablesFor('drops')

/** What is waited for, for a person to read: 'Sourdough loaf' or 'a place at 10:00 a.m.–11:00 a.m.'. */
export function wantWords(drop: Pick<Drop, 'items'>, want: Want): string {
  if ('window' in want) return `a place at ${formatWindow(want.window)}`
  return drop.items.find((item) => item.id === want.item)?.name ?? 'an item'
}

/** Whether `want` is one of the drop's own items or pickup times. */
export function isWantOf(drop: Pick<Drop, 'rules'>, want: Want): boolean {
  return 'item' in want
    ? drop.rules.items.some((item) => item.id === want.item)
    : drop.rules.windows.some((window) => window.window === want.window)
}

/** How many of what is wanted the drop has free at `now`, for anyone: 0 when sold out or full. */
export async function freeOf(
  trx: Transaction<Database>,
  drop: Drop,
  want: Want,
  now: Date,
): Promise<number> {
  const left = leftOf(drop.rules, (await takenAt(trx, drop.id, now, '')).taken)
  if ('item' in want) return left.items.find((item) => item.id === want.item)?.left ?? 0
  const window = left.windows.find((candidate) => candidate.window === want.window)
  return window ? (window.left ?? Number.POSITIVE_INFINITY) : 0
}

/**
 * Keeps what `email` waits for, for `minutes`, if it is free: under the
 * drop's lock, one of the item (at the first pickup time with room) or a
 * place at the pickup time. Returns the hold's token, or null when nothing
 * is free for her (sold out, full, or her own limit reached).
 */
export async function holdForOffer(
  trx: Transaction<Database>,
  {
    drop,
    want,
    email,
    now,
    minutes,
  }: { drop: Drop; want: Want; email: string; now: Date; minutes: number },
): Promise<string | null> {
  await lockDrop(trx, drop.id)
  // The drop as it stands now: the owner may have changed its stock since the pass began.
  const rules = (await readDropById(trx, drop.id))?.rules
  if (!rules) return null
  const { taken, mine } = await takenAt(trx, drop.id, now, email)
  const left = leftOf(rules, taken)
  let lines: [number, number][] = []
  let window: string
  if ('item' in want) {
    const room = left.windows.find((candidate) => candidate.left === null || candidate.left > 0)
    if (!room) return null
    window = room.window
    lines = [[want.item, 1]]
    const check = checkBasket(rules, taken, { quantities: new Map(lines), window }, mine)
    if (!check.ok) return null
    const effort = (drop.items.find((item) => item.id === want.item)?.effort ?? 0) * 1
    if (effort > 0) {
      await lockBookings(trx)
      if (await dayEffortRefusal(trx, { date: drop.pickupDate, effort, now })) return null
    }
  } else {
    const room = left.windows.find((candidate) => candidate.window === want.window)
    if (!room || room.left === 0) return null
    window = want.window
  }
  const token = randomBytes(18).toString('base64url')
  const { id } = await ownTables(trx)
    .insertInto('drop_hold')
    .values({
      drop_id: drop.id,
      token,
      name: '',
      email,
      phone: '',
      pickup_window: window,
      created_at: now.getTime(),
      expires_at: now.getTime() + minutes * 60_000,
      offered: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (lines.length > 0) {
    await ownTables(trx)
      .insertInto('drop_hold_line')
      .values(
        lines.map(([itemId, quantity]) => ({ hold_id: Number(id), item_id: itemId, quantity })),
      )
      .execute()
  }
  return token
}

/** A live hold kept from the waitlist, as the drop page offers it; null once it has ended or been used. */
export async function readOffer(
  trx: Parameters<typeof ownTables>[0],
  { drop, token, now }: { drop: Drop; token: string; now: Date },
): Promise<{ token: string; expiresAt: number; window: string; itemId: number | null } | null> {
  const hold = await ownTables(trx)
    .selectFrom('drop_hold')
    .select(['id', 'expires_at', 'pickup_window'])
    .where('token', '=', token)
    .where('drop_id', '=', drop.id)
    .where('offered', '=', 1)
    .where('state', '=', 'held')
    .where('expires_at', '>', now.getTime())
    .executeTakeFirst()
  if (!hold) return null
  const line = await ownTables(trx)
    .selectFrom('drop_hold_line')
    .select('item_id')
    .where('hold_id', '=', hold.id)
    .executeTakeFirst()
  return {
    token,
    expiresAt: Number(hold.expires_at),
    window: hold.pickup_window,
    itemId: line ? Number(line.item_id) : null,
  }
}
