import { Form } from 'react-router'
import { NumberField } from '#app/components/number-field.tsx'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { PROOF_ROUNDS_SETTING, SAVE_PROOF_ROUNDS } from './proof-rules.ts'

export type ProofRoundsActionResult =
  | { ok: true; intent: typeof SAVE_PROOF_ROUNDS; message: string }
  | { ok: false; intent?: typeof SAVE_PROOF_ROUNDS; error: string }

const CARD = 'proof-rounds'

/** Settings' "Design proofs": how many rounds of changes a customer's proof includes. */
export function ProofRoundsSettings({
  roundsIncluded,
  posted,
}: {
  roundsIncluded: number
  /** The page's action data, whichever form it answered. */
  posted: unknown
}) {
  const answer = answerFor<ProofRoundsActionResult>(posted, { intents: [SAVE_PROOF_ROUNDS] })
  return (
    <SettingsCard id={CARD} title="Design proofs" className="mt-4">
      <p className="mt-2">
        How many proofs a customer may ask changes of. On the last one her page offers approval and
        asks her to contact you; you can still send one more round if you choose.
      </p>
      <Form method="post" action={cardAction(CARD)} className="mt-4 grid gap-4">
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
      <CardAnswer cardId={CARD} answer={answer} className="mt-2" />
    </SettingsCard>
  )
}
