/**
 * Two looks at a drop's holds before a reservation counts anything: the
 * same basket sent again by the same customer (one send, one hold), and a
 * waitlist's offer claimed through its link (only a live one counts).
 */
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Basket } from './drop-stock.ts'

const ownTables = tablesFor('drops')

type Executor = Parameters<typeof ownTables>[0]

/** `claim` when it is a live hold kept for the waitlist on this drop; else nothing. */
export async function liveOffer(
  db: Executor,
  { dropId, claim, now }: { dropId: number; claim: string | undefined; now: Date },
): Promise<string | undefined> {
  if (!claim) return undefined
  const offer = await ownTables(db)
    .selectFrom('drop_hold')
    .select('token')
    .where('token', '=', claim)
    .where('drop_id', '=', dropId)
    .where('offered', '=', 1)
    .where('state', '=', 'held')
    .where('expires_at', '>', now.getTime())
    .executeTakeFirst()
  return offer?.token
}

/** How soon after a hold the same basket from the same customer is taken as the same send. */
export const SAME_SEND_MS = 15_000

/** Her live hold of exactly `basket`, made in the last SAME_SEND_MS, if any. */
export async function sameHoldJustMade(
  trx: Executor,
  { dropId, email, basket, now }: { dropId: number; email: string; basket: Basket; now: Date },
): Promise<{ token: string; expiresAt: number } | null> {
  const recent = await ownTables(trx)
    .selectFrom('drop_hold')
    .innerJoin('drop_hold_line', 'drop_hold_line.hold_id', 'drop_hold.id')
    .select([
      'drop_hold.token',
      'drop_hold.expires_at',
      'drop_hold_line.item_id',
      'drop_hold_line.quantity',
    ])
    .where('drop_hold.drop_id', '=', dropId)
    .where('drop_hold.email', '=', email)
    .where('drop_hold.state', '=', 'held')
    .where('drop_hold.pickup_window', '=', basket.window)
    .where('drop_hold.expires_at', '>', now.getTime())
    .where('drop_hold.created_at', '>=', now.getTime() - SAME_SEND_MS)
    .execute()
  const asked = [...basket.quantities].filter(([, quantity]) => quantity > 0)
  for (const token of new Set(recent.map((row) => row.token))) {
    const lines = recent.filter((row) => row.token === token)
    const same =
      lines.length === asked.length &&
      asked.every(([itemId, quantity]) =>
        lines.some((line) => Number(line.item_id) === itemId && Number(line.quantity) === quantity),
      )
    if (same) return { token, expiresAt: Number(lines[0]!.expires_at) }
  }
  return null
}
