import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { duplicateForNextWeek, makeDrop, saveDropEdit } from './drop-desk.server.ts'
import type { NewDropDefaults, NewDropRefusal } from './drop-form.ts'

/** A drop's id in an address: a positive whole number; anything else is no drop. */
export function dropIdOf(param: string): number | null {
  return /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null
}

/** The new drop form's rows of short fields: well under this. */
const MAX_DROP_FORM_BYTES = 16_384

/**
 * What the new drop form starts with: pickup on the first Saturday at least
 * three days away, opening tomorrow at noon and closing the evening before.
 */
export function newDropDefaults(now: Date): NewDropDefaults {
  const today = bakeryToday(now)
  let pickup = addDays(today, 3)
  while (new Date(`${pickup}T12:00:00Z`).getUTCDay() !== 6) pickup = addDays(pickup, 1)
  return {
    pickup_date: pickup,
    opens_date: addDays(today, 1),
    opens_time: '12:00',
    closes_date: addDays(pickup, -1),
    closes_time: '20:00',
  }
}

/** POST /admin/drops/new: on to the new drop's page, or back with what to change. */
export async function receiveNewDrop({
  request,
  db,
  now = new Date(),
}: {
  request: Request
  db: Db
  now?: Date
}): Promise<Reply<NewDropRefusal & { error?: string }> | { location: string }> {
  const form = await readAdminForm(request, MAX_DROP_FORM_BYTES)
  if (!form) return reply(400, { errors: {}, values: {}, error: NOT_UNDERSTOOD })
  const made = await makeDrop(db, new URLSearchParams(form), now)
  if (!made.ok) return reply(400, { errors: made.errors, values: form })
  return { location: `/admin/drops/${made.id}` }
}

/** POST /admin/drops/<id>: `intent=duplicate` copies it to next week and opens the copy. */
export async function receiveDropDeskAction({
  request,
  db,
  id,
  now = new Date(),
}: {
  request: Request
  db: Db
  id: number
  now?: Date
}): Promise<Reply<{ error: string }> | { location: string }> {
  const form = await readAdminForm(request)
  if (form?.intent !== 'duplicate') return reply(400, { error: NOT_UNDERSTOOD })
  const copy = await duplicateForNextWeek(db, id, now)
  if (copy === null) return reply(404, { error: 'There is no such drop.' })
  return { location: `/admin/drops/${copy}?copied=1` }
}

/** POST /admin/drops/<id>/edit: back to the drop's page, or back with what to change. */
export async function receiveDropEdit({
  request,
  db,
  id,
  now = new Date(),
}: {
  request: Request
  db: Db
  id: number
  now?: Date
}): Promise<Reply<NewDropRefusal & { error?: string }> | { location: string }> {
  const form = await readAdminForm(request, MAX_DROP_FORM_BYTES)
  if (!form) return reply(400, { errors: {}, values: {}, error: NOT_UNDERSTOOD })
  const saved = await saveDropEdit(db, id, new URLSearchParams(form), now)
  if (!saved.ok) return reply(saved.status, { errors: saved.errors, values: form })
  return { location: `/admin/drops/${id}?saved=1` }
}
