/**
 * A design proof's rules (decision 055), shared by the owner's and the
 * customer's forms and the server that checks them, so it stays browser-safe.
 * The schemas the server checks posts with are in proof-schemas.ts: the pages
 * need none of zod to show a proof (decision 061).
 */
export const PROOF_LIMITS = {
  /** Images in one round: a cake from a few sides, a topper, a palette. */
  images: 6,
  /** The owner's note with a round. */
  note: 1000,
  /** The customer's change, a sentence or two. */
  change: 500,
  /**
   * Rounds on one request, extra rounds included: past the included rounds
   * the owner may send more, but the loop has an end.
   */
  maxRounds: 20,
} as const

/** "Proof rounds included", in Settings: how many rounds a customer may ask changes of. */
export const PROOF_ROUNDS_SETTING = { min: 1, max: 10, default: 2 } as const

/** The Settings form's intent; the settings route dispatches on it. */
export const SAVE_PROOF_ROUNDS = 'save-proof-rounds'

/** One image of a round as the pages show it. */
export interface ProofImageView {
  key: string
  width: number
  height: number
  /** A tiny blurred WebP (a data: URL) shown while the image loads. */
  preview: string
}

/** One round as both pages show it. */
export interface ProofRoundView {
  number: number
  note: string
  /** Epoch milliseconds */
  sentAt: number
  answer: 'approved' | 'change' | null
  answerNote: string | null
  answeredAt: number | null
  images: ProofImageView[]
}

/** A request's proof as a page shows it: its rounds, oldest first, and how many are included. */
export interface ProofView {
  rounds: ProofRoundView[]
  included: number
  /** On the customer's page, which treat of her party it is for: 'In your … order, this proof is for the Cupcakes.' */
  about?: string
}

/** The approved proof of a request, for the bake list and the order page. */
export interface ApprovedProof {
  round: number
  image: ProofImageView | null
  /** Epoch milliseconds */
  approvedAt: number
}

/** What the owner's "Send a proof" form hears back. */
export type ProofSendResult =
  { ok: true; intent: 'proof'; message: string } | { ok: false; intent: 'proof'; error: string }

/** What the customer's proof form hears back, beside the request it names. */
export type ProofAnswerResult =
  | { ok: true; proof: true; position: number; message: string }
  | { ok: false; proof: true; position?: number; error: string }

/** The action data of a page, when it answered a proof form. */
export function asProofSendResult(posted: unknown): ProofSendResult | undefined {
  return typeof posted === 'object' && posted !== null && 'intent' in posted
    ? posted.intent === 'proof'
      ? (posted as ProofSendResult)
      : undefined
    : undefined
}

export function asProofAnswerResult(posted: unknown): ProofAnswerResult | undefined {
  return typeof posted === 'object' && posted !== null && 'proof' in posted && posted.proof === true
    ? (posted as ProofAnswerResult)
    : undefined
}

/**
 * Whether the customer may still ask for a change on this round: only within
 * the rounds included. On the last included round (or an extra one the owner
 * chose to send) her page offers approval, and says to contact the bakery.
 */
export function changeAllowed(round: Pick<ProofRoundView, 'number'>, included: number): boolean {
  return round.number < included
}

/** The round the customer answers: the latest, while it waits for her. */
export function openRound(view: ProofView): ProofRoundView | undefined {
  const latest = view.rounds.at(-1)
  return latest && latest.answer === null ? latest : undefined
}

/** The approved round, if any (one approval ends the proof). */
export function approvedRound(view: ProofView): ProofRoundView | undefined {
  return view.rounds.find((round) => round.answer === 'approved')
}
