import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { SAVE_PROOF_ROUNDS } from './proof-rules.ts'
import { proofRoundsSchema } from './proof-schemas.ts'
import type { ProofRoundsActionResult } from './proof-settings.tsx'
import { saveProofRoundsIncluded } from './proof-store.server.ts'

/** Saves "Proof rounds included", checked by the form's own schema, or a sentence why not. */
export async function receiveProofRoundsAction({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<ProofRoundsActionResult>> {
  const form = await readAdminForm(request)
  if (form?.intent !== SAVE_PROOF_ROUNDS) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const parsed = proofRoundsSchema.safeParse(form)
  if (!parsed.success) {
    return reply(400, {
      ok: false,
      intent: SAVE_PROOF_ROUNDS,
      error: parsed.error.issues[0]?.message ?? 'Choose a number of rounds.',
    })
  }
  const rounds = parsed.data.proof_rounds
  await saveProofRoundsIncluded(db, rounds)
  return reply(200, {
    ok: true,
    intent: SAVE_PROOF_ROUNDS,
    message: `Saved: ${rounds} proof round${rounds === 1 ? '' : 's'} included.`,
  })
}
