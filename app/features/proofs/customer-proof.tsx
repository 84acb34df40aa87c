import { Form, Link, useNavigation } from 'react-router'
import { ProofThumbnails } from './proof-card.tsx'
import { proofDay } from './proof-dates.ts'
import {
  PROOF_LIMITS,
  type ProofAnswerResult,
  type ProofRoundView,
  type ProofView,
  approvedRound,
  changeAllowed,
  openRound,
} from './proof-rules.ts'

/** Where the customer's page serves a proof image, at a width if given. */
type ProofSrc = (key: string, width?: number) => string

/**
 * A request's design proof on the customer's private page: the latest
 * round's images and note, then "Approve this design" and, while the rounds
 * included allow, "Ask for a change" (plain forms posted to her page,
 * `?proof`, that work without JavaScript). Past the rounds included she is
 * asked to contact the bakery. Earlier rounds fold away below.
 */
export function CustomerProof({
  proof,
  position,
  token,
  result,
}: {
  proof: ProofView
  position: number
  token: string
  result: ProofAnswerResult | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formAction?.includes('proof') === true
  const src = (key: string, width?: number) =>
    `/requests/${token}/proofs/${encodeURIComponent(key)}${width ? `?w=${width}` : ''}`
  const approved = approvedRound(proof)
  const open = openRound(proof)
  const latest = approved ?? proof.rounds.at(-1)
  if (!latest) return null
  const earlier = proof.rounds.filter((round) => round.number !== latest.number)
  const id = `proof-${position}`
  return (
    <section
      id={position === 1 ? 'proof' : id}
      className="mt-6 scroll-mt-24 border-t-2 border-blush pt-5"
      aria-labelledby={`${id}-heading`}
      data-testid="customer-proof"
    >
      <h3 id={`${id}-heading`} className="font-display text-xl font-semibold">
        {approved ? 'Your approved design' : 'Your design proof'}
        <span className="font-sans text-base font-bold text-chocolate">
          {' '}
          · proof {latest.number}
        </span>
      </h3>
      {proof.about ? <p className="mt-1 text-chocolate">{proof.about}</p> : null}
      <ProofThumbnails images={latest.images} round={latest.number} src={src} size="large" />
      {latest.note ? (
        <p className="mt-3 whitespace-pre-wrap break-words rounded-2xl bg-paper px-4 py-3">
          {latest.note}
        </p>
      ) : null}
      {result ? <AnswerResult result={result} /> : null}
      {approved ? (
        <p className="mt-4 font-bold status-success">
          You approved this design on {proofDay(approved.answeredAt ?? approved.sentAt)}.
        </p>
      ) : open ? (
        <ProofAnswerForms id={id} position={position} open={open} proof={proof} busy={busy} />
      ) : (
        <p className="mt-4">
          You asked for a change:{' '}
          <span className="whitespace-pre-wrap break-words">“{latest.answerNote}”</span> We will
          email you when the next proof is ready.
        </p>
      )}
      {earlier.length > 0 ? <EarlierProofs earlier={earlier} src={src} /> : null}
    </section>
  )
}

/** What her last answer came to: taken, or why not. */
function AnswerResult({ result }: { result: ProofAnswerResult }) {
  return (
    <p
      role={result.ok ? 'status' : 'alert'}
      className={`mt-4 rounded-2xl px-4 py-3 ${result.ok ? 'bg-paper status-success' : 'bg-blush-100 text-raspberry-dark'}`}
    >
      {result.ok ? result.message : result.error}
    </p>
  )
}

/**
 * Her answers to the round that waits for her: approve it, and ask for a
 * change while the rounds included allow, else a word on how to reach the bakery.
 */
function ProofAnswerForms({
  id,
  position,
  open,
  proof,
  busy,
}: {
  id: string
  position: number
  open: ProofRoundView
  proof: ProofView
  busy: boolean
}) {
  return (
    <div className="mt-4 grid gap-5">
      <Form method="post" action="?proof">
        <RoundFields position={position} round={open.number} />
        <button
          type="submit"
          name="answer"
          value="approve"
          className="button-primary w-full sm:w-auto"
          disabled={busy}
        >
          Approve this design
        </button>
      </Form>
      {changeAllowed(open, proof.included) ? (
        <ChangeRequestForm
          id={id}
          position={position}
          round={open.number}
          roundsLeft={proof.included - open.number}
          busy={busy}
        />
      ) : (
        <p className="rounded-2xl bg-paper px-4 py-3" data-testid="proof-rounds-used-up">
          This is the last round of changes included with your order. If something should still
          change, please{' '}
          <Link to="/contact" className="text-link">
            contact the bakery
          </Link>{' '}
          or reply to the proof’s email.
        </p>
      )}
    </div>
  )
}

/** Which request of her page and which round an answer is for. */
function RoundFields({ position, round }: { position: number; round: number }) {
  return (
    <>
      <input type="hidden" name="position" value={position} />
      <input type="hidden" name="round" value={round} />
    </>
  )
}

/** "Ask for a change": what she would like changed, and how many rounds are left. */
function ChangeRequestForm({
  id,
  position,
  round,
  roundsLeft: left,
  busy,
}: {
  id: string
  position: number
  round: number
  roundsLeft: number
  busy: boolean
}) {
  return (
    <Form method="post" action="?proof" className="grid gap-3">
      <RoundFields position={position} round={round} />
      <div className="form-field">
        <label htmlFor={`${id}-change`} className="form-label">
          What would you like changed?
        </label>
        <textarea
          id={`${id}-change`}
          name="change"
          rows={3}
          required
          maxLength={PROOF_LIMITS.change}
          aria-describedby={`${id}-change-hint`}
        />
        <p id={`${id}-change-hint`} className="form-hint">
          A sentence or two. {roundsLeft(left)}
        </p>
      </div>
      <div>
        <button
          type="submit"
          name="answer"
          value="change"
          className="button-secondary w-full sm:w-auto"
          disabled={busy}
        >
          Ask for a change
        </button>
      </div>
    </Form>
  )
}

/** The rounds before the latest, folded away, each with the change she asked for. */
function EarlierProofs({ earlier, src }: { earlier: ProofRoundView[]; src: ProofSrc }) {
  return (
    <details className="mt-5">
      <summary className="min-h-11 cursor-pointer py-2 font-bold text-raspberry-dark">
        Earlier proofs ({earlier.length})
      </summary>
      <ol className="mt-2 grid gap-4">
        {earlier.map((round) => (
          <li key={round.number}>
            <p className="font-bold">Proof {round.number}</p>
            <ProofThumbnails images={round.images} round={round.number} src={src} />
            {round.answer === 'change' ? (
              <p className="mt-1 text-sm">
                You asked:{' '}
                <span className="whitespace-pre-wrap break-words">“{round.answerNote}”</span>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  )
}

function roundsLeft(left: number): string {
  return left <= 1
    ? 'The next proof is the last round of changes included.'
    : `${left} rounds of changes are included.`
}
