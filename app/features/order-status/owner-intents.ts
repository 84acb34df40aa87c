import type { RequestStatus } from '#app/db/schema.ts'
import type { OwnerForm } from './owner-forms.ts'

/**
 * What each change to a request does besides the move itself: the status it
 * moves to, whom it emails with which email, and what the owner reads
 * after it. The owner's forms on /admin/orders/<id> post one intent each;
 * the customer's answers to a quote and the site's expiry of an unanswered
 * one are here too, so every "this change emails that person" lives in one
 * table. The order book does the work and maps each email to its builder.
 * The browser may load this file.
 */

export const ORDER_INTENTS = [
  'quote',
  'payment',
  'waive',
  'refund',
  'card_refund',
  'ready',
  'complete',
  'cancel',
  'decline',
  'accept_change',
  'decline_change',
  'edit_details',
] as const
export type OrderIntent = (typeof ORDER_INTENTS)[number]

/** The changes a customer hears about by email (update-emails.ts writes each). */
export type UpdateKind =
  | 'quoted'
  | 'confirmed'
  | 'ready'
  | 'declined'
  | 'cancelled'
  | 'paid'
  | 'refunded'
  /** The owner accepted the change the customer asked for (decision 054). */
  | 'change_accepted'
  /** The owner declined it, with her sentence if she wrote one. */
  | 'change_declined'
  /** The customer cancelled from her page: what comes back to her, and how. */
  | 'self_cancelled'

/** Which email a change sends, and to whom. */
export type ChangeEmail =
  /** The customer's update about their request (update-emails.ts). */
  | { to: 'customer'; template: 'request-update'; kind: UpdateKind }
  /** The customer's news that their quote lapsed (quote-answer-emails.ts). */
  | { to: 'customer'; template: 'quote-expired' }
  /** The owner's news of the customer's answer (quote-answer-emails.ts). */
  | { to: 'owner'; template: 'quote-answer' }

export interface ChangePlan {
  /** The status the change moves a request to. */
  target: RequestStatus
  /**
   * 'always': the change is the move (refused when TRANSITIONS forbid it).
   * 'when-settled': the change moves the request only when it settles an
   * accepted quote's deposit (a payment on a booked order moves nothing).
   */
  moves: 'always' | 'when-settled'
  /** The statuses it moves a request from. */
  from: readonly RequestStatus[]
  /** The email it sends, and when: whenever it is made, or only when it moved the request. */
  email: { send: ChangeEmail; when: 'always' | 'moved' } | null
}

export interface OwnerIntentPlan extends Omit<ChangePlan, 'target' | 'moves'> {
  /** The status the change moves a request to; null for a change that moves none. */
  target: RequestStatus | null
  /** As a ChangePlan's, or 'never': the change is to the money alone (a refund). */
  moves: ChangePlan['moves'] | 'never'
  /** The form on the order page that posts it. */
  form: OwnerForm
  /** What the owner reads once it is done. */
  done: string
  /**
   * For a payment on a booked order (which moves nothing, so sends none of
   * the emails above): the one email it sends when it leaves nothing owed,
   * and what the owner reads then. A part payment sends none (decision 047).
   */
  settled?: { send: ChangeEmail; done: string }
}

const update = (kind: UpdateKind): ChangeEmail => ({
  to: 'customer',
  template: 'request-update',
  kind,
})

export const OWNER_INTENTS: Readonly<Record<OrderIntent, OwnerIntentPlan>> = {
  quote: {
    form: 'quote',
    target: 'quoted',
    moves: 'always',
    from: ['new', 'quoted'],
    email: { send: update('quoted'), when: 'always' },
    done: 'Quote sent to the customer.',
  },
  payment: {
    form: 'payment',
    target: 'confirmed',
    moves: 'when-settled',
    from: ['quoted'],
    email: { send: update('confirmed'), when: 'moved' },
    done: 'Payment recorded.',
    settled: {
      send: update('paid'),
      done: 'Payment recorded. It is all paid; the customer is thanked by email.',
    },
  },
  waive: {
    form: 'payment',
    target: 'confirmed',
    moves: 'when-settled',
    from: ['quoted'],
    email: { send: update('confirmed'), when: 'moved' },
    done: 'Deposit waived.',
  },
  refund: {
    form: 'refund',
    target: null,
    moves: 'never',
    // Wherever money may be held: a cancelled order's deposit is the usual refund.
    from: ['quoted', 'confirmed', 'ready', 'completed', 'declined', 'cancelled', 'expired'],
    email: { send: update('refunded'), when: 'always' },
    done: 'Refund recorded; the customer is told.',
  },
  // Through Stripe, of one card payment (decision 050): asks first, like a recorded refund.
  card_refund: {
    form: 'refund',
    target: null,
    moves: 'never',
    from: ['quoted', 'confirmed', 'ready', 'completed', 'declined', 'cancelled', 'expired'],
    email: { send: update('refunded'), when: 'always' },
    done: 'Refunded to the card through Stripe; the customer is told.',
  },
  ready: {
    form: 'status',
    target: 'ready',
    moves: 'always',
    from: ['confirmed'],
    email: { send: update('ready'), when: 'always' },
    done: 'Marked ready; the customer is told.',
  },
  complete: {
    form: 'status',
    target: 'completed',
    moves: 'always',
    from: ['ready'],
    email: null,
    done: 'Marked completed.',
  },
  cancel: {
    form: 'status',
    target: 'cancelled',
    moves: 'always',
    from: ['new', 'quoted', 'confirmed', 'ready'],
    email: { send: update('cancelled'), when: 'always' },
    done: 'Request cancelled; the customer is told.',
  },
  decline: {
    form: 'status',
    target: 'declined',
    moves: 'always',
    from: ['new', 'quoted'],
    email: { send: update('declined'), when: 'always' },
    done: 'Request declined; the customer is told.',
  },
  // The customer's change asked from her page (decision 054): accepting a
  // new date re-checks the day and its window, then moves the request (a
  // party: every member) there; neither moves its status.
  accept_change: {
    form: 'change',
    target: null,
    moves: 'never',
    from: ['quoted', 'confirmed'],
    email: { send: update('change_accepted'), when: 'always' },
    done: 'Change accepted; the customer is told.',
  },
  decline_change: {
    form: 'change',
    target: null,
    moves: 'never',
    from: ['quoted', 'confirmed'],
    email: { send: update('change_declined'), when: 'always' },
    done: 'Change declined; the customer is told.',
  },
  // The owner's own edit of the request's details in the customer's words
  // (decision 081): told on the timeline; her page shows them, and no email
  // goes for what is often a typo or a phone call's outcome.
  edit_details: {
    form: 'details',
    target: null,
    moves: 'never',
    from: ['new', 'quoted', 'confirmed', 'ready'],
    email: null,
    done: 'Details saved; the timeline shows what changed.',
  },
}

/** The owner's intents that are a move and nothing else: the status card's buttons. */
export const MOVE_INTENTS: readonly OrderIntent[] = ORDER_INTENTS.filter(
  (intent) => OWNER_INTENTS[intent].form === 'status',
)

/** The customer's answers to a quote, from their private page. */
export type QuoteAnswer = 'accept' | 'decline'

/**
 * Accepting confirms the request when its deposit is already in (or
 * waived), else it stays quoted, accepted; declining closes it. Either way
 * the owner hears of it.
 */
export const QUOTE_ANSWERS: Readonly<Record<QuoteAnswer, ChangePlan>> = {
  accept: {
    target: 'confirmed',
    moves: 'when-settled',
    from: ['quoted'],
    email: { send: { to: 'owner', template: 'quote-answer' }, when: 'always' },
  },
  decline: {
    target: 'declined',
    moves: 'always',
    from: ['quoted'],
    email: { send: { to: 'owner', template: 'quote-answer' }, when: 'always' },
  },
}

/**
 * The customer's own cancellation from her private page (decision 054):
 * it moves the request (a party: every member) to cancelled, and emails
 * her what comes back and how, and the owner that it happened.
 */
export const CUSTOMER_CANCEL: ChangePlan = {
  target: 'cancelled',
  moves: 'always',
  from: ['new', 'quoted', 'confirmed'],
  email: { send: update('self_cancelled'), when: 'always' },
}

/** The site's own change: a quote nobody answered in time expires, and the customer is told. */
export const QUOTE_EXPIRY: ChangePlan = {
  target: 'expired',
  moves: 'always',
  from: ['quoted'],
  email: { send: { to: 'customer', template: 'quote-expired' }, when: 'always' },
}

/**
 * Marking ready asks first when it is this many days or more before the
 * due date: the day before is the usual bake, earlier is likely a slip.
 */
export const READY_EARLY_DAYS = 2

/**
 * A design proof's steps (decision 055): the owner sends a round from the
 * order page, the customer approves it or asks for a change from her page.
 * None moves the request (a proof is a side record, not a status); each is
 * written on the timeline and sends one email.
 */
export type ProofStep = 'send_proof' | 'approve_proof' | 'change_proof'

export interface ProofStepPlan {
  by: 'owner' | 'customer'
  /** The statuses in which it may be made: before the order is made, while it may still change. */
  from: readonly RequestStatus[]
  /** Whom it emails: the customer hears of a new round, the owner of her answer. */
  email: { to: 'customer' | 'owner'; template: 'proof-sent' | 'proof-answer' }
  /** What the person who made it reads once it is done. */
  done: string
}

const PROOF_STATUSES: readonly RequestStatus[] = ['new', 'quoted', 'confirmed']

export const PROOF_STEPS: Readonly<Record<ProofStep, ProofStepPlan>> = {
  send_proof: {
    by: 'owner',
    from: PROOF_STATUSES,
    email: { to: 'customer', template: 'proof-sent' },
    done: 'Proof sent; the customer is emailed a link to see it.',
  },
  approve_proof: {
    by: 'customer',
    from: PROOF_STATUSES,
    email: { to: 'owner', template: 'proof-answer' },
    done: 'Thank you! You approved this design, and we have let the bakery know.',
  },
  change_proof: {
    by: 'customer',
    from: PROOF_STATUSES,
    email: { to: 'owner', template: 'proof-answer' },
    done: 'Thank you! Your change is with the bakery; you will get an email when the next proof is ready.',
  },
}
