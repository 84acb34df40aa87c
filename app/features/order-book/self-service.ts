/**
 * What the customer's page shows of her own changes and cancellation
 * (decision 054), every amount and date already written out. The browser
 * may load this file.
 */

/** One request's (or its party's) self-service, on its lead's card. */
export interface SelfServiceEntry {
  /** "Ask for a change" is offered: quoted or confirmed, outside the window, none waiting. */
  canChange: boolean
  /** "Cancel" is offered: not yet baked, outside the window. */
  canCancel: boolean
  /** Within the policy's window: the buttons give way to a sentence to write to the bakery. */
  tooLate: boolean
  /** The change she asked, waiting for the bakery's answer. */
  pending: { asked: string; details: string; newDate: string | null } | null
  /** The bakery's answer to her last change. */
  lastAnswer: { accepted: boolean; asked: string; note: string } | null
  /** Her cancellation and what comes back: in all, to her card, by e-Transfer or cash. */
  cancelled: { refund: string; card: string | null; manual: string | null } | null
  /** A party on several days: a new date is for writing to the bakery. */
  differentDays: boolean
  /** YYYY-MM-DD: the date now (a party's first). */
  currentDate: string
  /** Opened with ?cancel=<position>: what cancelling now gives back. */
  cancelPreview: {
    sentence: string
    refundCents: number
    card: string | null
    manual: string | null
  } | null
}

export interface SelfServiceView {
  /** The owner's policy in the customer's words. */
  policy: string
  /** By the request's position in its send (its party's lead's). */
  entries: Record<number, SelfServiceEntry>
  /** Every pickup time the bakery offers, for the change form. */
  times: { value: string; label: string }[]
  /** YYYY-MM-DD: the first date a change may ask for. */
  minDate: string
  detailsMax: number
}

/** How her change or cancellation went, as the page tells it. */
export type SelfServiceResult = { selfService: true } & (
  | { ok: true; position: number; outcome: 'asked' | 'cancelled'; message: string }
  | { ok: false; error: string; position?: number; notFound?: true }
)

/** Whether the action's answer was the self-service form's. */
export function isSelfServiceResult(value: unknown): value is SelfServiceResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'selfService' in value &&
    value.selfService === true
  )
}
