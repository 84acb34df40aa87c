import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { ChangePolicyFormSchema } from './change-policy-schema.ts'
import type { ChangePolicyActionResult } from './change-policy-settings.tsx'
import { SAVE_CHANGE_POLICY } from './change-policy.ts'
import { saveChangePolicy } from './customer-changes.server.ts'

/** Saves the change and cancellation policy, read by the form's own schema, or says why not. */
export async function receiveChangePolicyAction({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<ChangePolicyActionResult>> {
  const form = await readAdminForm(request)
  if (form?.intent !== SAVE_CHANGE_POLICY) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const parsed = ChangePolicyFormSchema.safeParse(form)
  if (!parsed.success) {
    return reply(400, {
      ok: false,
      intent: SAVE_CHANGE_POLICY,
      error: parsed.error.issues[0]?.message ?? NOT_UNDERSTOOD,
    })
  }
  const data = parsed.data
  await saveChangePolicy(db, {
    windowDays: data.change_window_days,
    cutoffDays: data.refund_cutoff_days,
    beforePercent: data.refund_before_percent,
    afterPercent: data.refund_after_percent,
  })
  return reply(200, {
    ok: true,
    intent: SAVE_CHANGE_POLICY,
    message: 'Saved: customers’ pages show the new rules now.',
  })
}
