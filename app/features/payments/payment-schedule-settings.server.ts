import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { BALANCE_DUE_DAYS } from '#app/features/order-status/payment-schedule.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type BalanceDueActionResult, SAVE_BALANCE_DUE } from './payment-schedule-settings.tsx'

const ownTables = tablesFor('payments')

/** Days before the order date a quote's balance falls due, unless the quote says otherwise. */
export async function readBalanceDueDays(db: Db): Promise<number> {
  const row = await ownTables(db)
    .selectFrom('booking_settings')
    .select('balance_due_days')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return Number(row.balance_due_days)
}

/** Saves the setting: a whole number of days within BALANCE_DUE_DAYS, or a sentence why not. */
export async function receiveBalanceDueAction({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<BalanceDueActionResult>> {
  const form = await readAdminForm(request)
  if (form?.intent !== SAVE_BALANCE_DUE) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const text = (form.balance_due_days ?? '').trim()
  const days = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN
  if (!(days >= BALANCE_DUE_DAYS.min && days <= BALANCE_DUE_DAYS.max)) {
    return reply(400, {
      ok: false,
      intent: SAVE_BALANCE_DUE,
      error: `Choose ${BALANCE_DUE_DAYS.min} to ${BALANCE_DUE_DAYS.max} days before the order date.`,
    })
  }
  await ownTables(db)
    .updateTable('booking_settings')
    .set({ balance_due_days: days })
    .where('id', '=', 1)
    .execute()
  return reply(200, {
    ok: true,
    intent: SAVE_BALANCE_DUE,
    message:
      days === 0
        ? 'Saved: new quotes ask for the balance on the order date.'
        : `Saved: new quotes ask for the balance ${days} day${days === 1 ? '' : 's'} before the order date.`,
  })
}
