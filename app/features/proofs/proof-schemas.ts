import { z } from 'zod/mini'
import { multiLine, optionalLines } from '#app/utils/form-fields.ts'
import { PROOF_LIMITS, PROOF_ROUNDS_SETTING } from './proof-rules.ts'

/*
 * What the server checks a proof's posts with (decision 055), apart from the
 * rules the pages show (proof-rules.ts), so no page loads zod for them.
 */

/** Settings › Proofs: one schema for the form's input and the server's check. */
export const proofRoundsSchema = z.object({
  proof_rounds: z.pipe(
    z.string(roundsMessage()).check(z.trim(), z.regex(/^\d{1,2}$/, roundsMessage())),
    z.pipe(
      z.transform(Number),
      z
        .number()
        .check(
          z.gte(PROOF_ROUNDS_SETTING.min, roundsMessage()),
          z.lte(PROOF_ROUNDS_SETTING.max, roundsMessage()),
        ),
    ),
  ),
})

function roundsMessage() {
  return `Choose ${PROOF_ROUNDS_SETTING.min} to ${PROOF_ROUNDS_SETTING.max} rounds.`
}

/** The owner's note with a round: optional, bounded, no stray controls. */
export const proofNoteSchema = optionalLines(
  'The note',
  PROOF_LIMITS.note,
  `The note must be at most ${PROOF_LIMITS.note} characters.`,
)

/** What the customer's proof form posts (to her page, `?proof`). */
export const proofAnswerSchema = z.discriminatedUnion('answer', [
  z.object({
    answer: z.literal('approve'),
    position: z.string().check(z.regex(/^\d{1,3}$/)),
    round: z.string().check(z.regex(/^\d{1,3}$/)),
  }),
  z.object({
    answer: z.literal('change'),
    position: z.string().check(z.regex(/^\d{1,3}$/)),
    round: z.string().check(z.regex(/^\d{1,3}$/)),
    change: multiLine('Your change', PROOF_LIMITS.change),
  }),
])
