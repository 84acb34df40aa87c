import { Form } from 'react-router'
import { ActionStatus, answeredAt } from '#app/components/action-status.tsx'
import { NumberField } from '#app/components/number-field.tsx'
import { PROOF_ROUNDS_SETTING, SAVE_PROOF_ROUNDS } from './proof-rules.ts'

export type ProofRoundsActionResult =
  | { ok: true; intent: typeof SAVE_PROOF_ROUNDS; message: string }
  | { ok: false; intent?: typeof SAVE_PROOF_ROUNDS; error: string }

/** The settings page's action data, when it answered this form. */
export function asProofRoundsResult(posted: unknown): ProofRoundsActionResult | undefined {
  return typeof posted === 'object' &&
    posted !== null &&
    'intent' in posted &&
    posted.intent === SAVE_PROOF_ROUNDS
    ? (posted as ProofRoundsActionResult)
    : undefined
}

/** Settings' "Design proofs": how many rounds of changes a customer's proof includes. */
export function ProofRoundsSettings({
  roundsIncluded,
  posted,
}: {
  roundsIncluded: number
  posted: ProofRoundsActionResult | undefined
}) {
  return (
    <section aria-labelledby="proofs-settings-heading" className="card mt-4 p-5 sm:p-6">
      <h2 id="proofs-settings-heading" className="section-heading scroll-mt-24">
        Design proofs
      </h2>
      <p className="mt-2">
        How many proofs a customer may ask changes of. On the last one her page offers approval and
        asks her to contact you; you can still send one more round if you choose.
      </p>
      <Form method="post" action={answeredAt('proof-rounds-answer')} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={SAVE_PROOF_ROUNDS} />
        <NumberField
          id="proof-rounds"
          name="proof_rounds"
          label="Proof rounds included"
          value={roundsIncluded}
          limits={PROOF_ROUNDS_SETTING}
          hint={`From ${PROOF_ROUNDS_SETTING.min} to ${PROOF_ROUNDS_SETTING.max}.`}
        />
        <div>
          <button type="submit" className="button-primary">
            Save
          </button>
        </div>
      </Form>
      <ActionStatus answer={posted} id="proof-rounds-answer" className="mt-2" />
    </section>
  )
}
