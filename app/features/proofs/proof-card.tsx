import { Form, useNavigation } from 'react-router'
import { ActionStatus, answeredAt } from '#app/components/action-status.tsx'
import { ApprovedProofFigure, ownerProofSrc } from './approved-proof.tsx'
import { proofShortDay } from './proof-dates.ts'
import {
  PROOF_LIMITS,
  type ProofImageView,
  type ProofRoundView,
  type ProofSendResult,
  type ProofView,
  approvedRound,
} from './proof-rules.ts'

/** Where the answer to a proof she sent shows, below its form (decision 068). */
const PROOF_ANSWER_ID = 'proof-answer'

/**
 * The order page's "Design proof": the approved design once there is one,
 * every round sent with the customer's answer, and the "Send a proof" form
 * (a plain multipart form that works without JavaScript). `canSend`: the
 * request is in a status a proof may be sent in (order-status's PROOF_STEPS).
 */
export function ProofCard({
  proof,
  canSend,
  result,
}: {
  proof: ProofView
  canSend: boolean
  result: ProofSendResult | undefined
}) {
  const approved = approvedRound(proof)
  const sent = proof.rounds.length
  const usedUp = sent >= proof.included
  return (
    <section
      id="proofs"
      className="card min-w-0 scroll-mt-24 p-5 sm:p-7"
      aria-labelledby="proofs-heading"
    >
      <h2 id="proofs-heading" className="font-display text-2xl font-semibold">
        Design proof
      </h2>
      {approved ? <ApprovedDesign approved={approved} /> : <RoundsUsed proof={proof} />}
      {proof.rounds.length > 0 ? (
        <ol className="mt-4 grid gap-4" aria-label="Proof rounds">
          {[...proof.rounds].reverse().map((round) => (
            <li key={round.number} className="rounded-xl bg-paper px-4 py-3">
              <OwnerRound round={round} />
            </li>
          ))}
        </ol>
      ) : null}
      {canSend && !approved ? <SendProofForm first={sent === 0} usedUp={usedUp} /> : null}
      {canSend || result ? (
        <ActionStatus answer={result} id={PROOF_ANSWER_ID} className="mt-2" />
      ) : null}
    </section>
  )
}

/** The round the customer approved, as her design. */
function ApprovedDesign({ approved }: { approved: ProofRoundView }) {
  return (
    <ApprovedProofFigure
      className="mt-4"
      proof={{
        round: approved.number,
        image: approved.images[0] ?? null,
        approvedAt: approved.answeredAt ?? approved.sentAt,
      }}
      src={ownerProofSrc}
    />
  )
}

/** How many of the included rounds are sent, and whether the customer has yet to answer. */
function RoundsUsed({ proof }: { proof: ProofView }) {
  const sent = proof.rounds.length
  const usedUp = sent >= proof.included
  const waiting = proof.rounds.at(-1)?.answer === null
  return (
    <p className="mt-2" data-testid="proof-rounds-used">
      {sent === 0
        ? `No proof sent yet. ${proof.included} round${proof.included === 1 ? '' : 's'} of changes included.`
        : usedUp
          ? `${sent} of ${proof.included} rounds sent: the rounds included are used up.`
          : `${sent} of ${proof.included} rounds sent.`}
      {waiting ? ' Waiting for the customer’s answer.' : ''}
    </p>
  )
}

/** "Send a proof": the images and a note; once the rounds are used up, one more on purpose. */
function SendProofForm({ first, usedUp }: { first: boolean; usedUp: boolean }) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formAction?.includes('proof') === true
  return (
    <Form
      method="post"
      action={`?proof${answeredAt(PROOF_ANSWER_ID)}`}
      encType="multipart/form-data"
      className="mt-5 grid gap-4 border-t-2 border-blush pt-5"
    >
      <h3 className="font-display text-xl font-semibold">
        {first ? 'Send a proof' : 'Send the next proof'}
      </h3>
      <div className="form-field">
        <label htmlFor="proof-files" className="form-label">
          Images of the design
        </label>
        <input
          id="proof-files"
          name="file"
          type="file"
          multiple
          required
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby="proof-files-hint"
          className="min-h-11"
        />
        <p id="proof-files-hint" className="form-hint">
          Up to {PROOF_LIMITS.images} photos or sketches, each under 15 MB. Only you and this
          customer can see them.
        </p>
      </div>
      <div className="form-field">
        <label htmlFor="proof-note" className="form-label">
          Note to the customer <span className="form-optional">(optional)</span>
        </label>
        <textarea id="proof-note" name="note" rows={3} maxLength={PROOF_LIMITS.note} />
      </div>
      {usedUp ? (
        <label className="tick-label min-h-11">
          <input type="checkbox" name="extra" value="on" />
          <span>Send one more round anyway (the rounds included are used up)</span>
        </label>
      ) : null}
      <div>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send a proof'}
        </button>
      </div>
    </Form>
  )
}

function OwnerRound({ round }: { round: ProofRoundView }) {
  return (
    <>
      <p className="font-bold">
        Proof {round.number}{' '}
        <span className="font-normal text-chocolate">· sent {proofShortDay(round.sentAt)}</span>
      </p>
      <ProofThumbnails images={round.images} round={round.number} src={ownerProofSrc} />
      {round.note ? <p className="mt-2 whitespace-pre-wrap break-words">{round.note}</p> : null}
      <p className="mt-2 text-sm">
        {round.answer === 'approved' ? (
          <strong className="status-success">
            Approved {proofShortDay(round.answeredAt ?? round.sentAt)}
          </strong>
        ) : round.answer === 'change' ? (
          <>
            <strong>Change asked {proofShortDay(round.answeredAt ?? round.sentAt)}:</strong>{' '}
            <span className="whitespace-pre-wrap break-words">“{round.answerNote}”</span>
          </>
        ) : (
          <span className="text-chocolate">Waiting for the customer.</span>
        )}
      </p>
    </>
  )
}

/** A round's images as thumbnails, each a link to its full size (44 px targets and more). */
export function ProofThumbnails({
  images,
  round,
  src,
  size = 'small',
}: {
  images: readonly ProofImageView[]
  round: number
  src: (key: string, width?: number) => string
  size?: 'small' | 'large'
}) {
  return (
    <ul className={`proof-images proof-images-${size} mt-2`} aria-label={`Proof ${round} images`}>
      {images.map((image, index) => (
        <li key={image.key}>
          <a href={src(image.key)} target="_blank" rel="noreferrer">
            <img
              src={src(image.key, size === 'large' ? 800 : 400)}
              alt={`Proof ${round}, ${index + 1} of ${images.length}, full size`}
              width={image.width}
              height={image.height}
              loading="lazy"
              style={{ backgroundImage: `url("${image.preview}")` }}
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
