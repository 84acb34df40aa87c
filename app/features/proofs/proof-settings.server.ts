import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { PROOF_ROUNDS_SETTING, SAVE_PROOF_ROUNDS } from './proof-rules.ts'
import { proofRoundsSchema } from './proof-schemas.ts'
import type { ProofRoundsActionResult } from './proof-settings.tsx'

const ownTables = tablesFor('proofs')

/** The app_state key of Settings' "Proof rounds included". */
const ROUNDS_KEY = 'proofs:rounds-included'

/** Settings' "Proof rounds included": how many rounds a customer may ask changes of. */
export async function readProofRoundsIncluded(db: Db): Promise<number> {
  const row = await ownTables(db)
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', ROUNDS_KEY)
    .executeTakeFirst()
  const value = Number(row?.value)
  return Number.isInteger(value) &&
    value >= PROOF_ROUNDS_SETTING.min &&
    value <= PROOF_ROUNDS_SETTING.max
    ? value
    : PROOF_ROUNDS_SETTING.default
}

export async function saveProofRoundsIncluded(db: Db, rounds: number): Promise<void> {
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: ROUNDS_KEY, value: String(rounds) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(rounds) }))
    .execute()
}

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
