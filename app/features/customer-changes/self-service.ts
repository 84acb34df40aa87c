import type { ChangedPart, RequestDetails } from '#app/features/order-book/change-parts.ts'

/**
 * What the customer's page shows of her own changes and cancellation
 * (decision 054), every amount and date already written out. The browser
 * may load this file.
 */

/** A request of the party as the change form offers its details. */
export interface ChangeMember {
  position: number
  productType: string
  /** What its event_theme is called (themeLabel): her event, or what she chose at a set price. */
  eventThemeLabel: string
  details: RequestDetails
}

/** One request's (or its party's) self-service, on its lead's card. */
export interface SelfServiceEntry {
  /** "Ask for a change" is offered: quoted or confirmed, outside the window, none waiting. */
  canChange: boolean
  /** "Cancel" is offered: not yet baked, outside the window. */
  canCancel: boolean
  /** Within the policy's window: the buttons give way to a sentence to write to the bakery. */
  tooLate: boolean
  /** The change she asked, waiting for the bakery's answer: what it would change, and her words. */
  pending: { changes: ChangedPart[]; details: string } | null
  /** The bakery's answer to her last change: what it changed (or would have), and the bakery's words. */
  lastAnswer: { accepted: boolean; asked: string; note: string } | null
  /** Her cancellation and what comes back: in all, to her card, onto her gift card, by e-Transfer or cash. */
  cancelled: {
    refund: string
    card: string | null
    giftCard: string | null
    manual: string | null
  } | null
  /** A party on several days: a new date is for writing to the bakery. */
  differentDays: boolean
  /** YYYY-MM-DD: the date now (a party's first). */
  currentDate: string
  /** HH:MM-HH:MM: the time on it now, or null. */
  currentWindow: string | null
  /** Delivered rather than picked up: the time is a delivery time. */
  delivery: boolean
  /** The treat whose open days the calendar shows ('' when it is off the menu now). */
  product: string
  /** The notice it needs, in days. */
  noticeDays: number
  /** The requests whose details the change form offers, the lead first. */
  members: ChangeMember[]
  /** Opened with ?cancel=<position>: what cancelling now gives back. */
  cancelPreview: {
    sentence: string
    refundCents: number
    card: string | null
    giftCard: string | null
    manual: string | null
  } | null
}

export interface SelfServiceView {
  /** The owner's policy in the customer's words. */
  policy: string
  /** By the request's position in its send (its party's lead's). */
  entries: Record<number, SelfServiceEntry>
  /** Every weekday's pickup times (times only): the change form offers the chosen day's. */
  weekly: { weekday: number; value: string }[]
  /** YYYY-MM-DD: the last day the bakery takes orders for. */
  lastBookable: string
  /** YYYY-MM-DD: the first date a change may ask for. */
  minDate: string
  detailsMax: number
}

/** What her change form posted, to fill it again when it is refused. */
export type PostedChange = Record<string, string>

/** How her change or cancellation went, as the page tells it. */
export type SelfServiceResult = { selfService: true } & (
  | { ok: true; position: number; outcome: 'asked' | 'cancelled'; message: string }
  | {
      ok: false
      error: string
      position?: number
      notFound?: true
      /** A refused change: what she posted, so the form opens again with it. */
      posted?: PostedChange
      /** The field the refusal is about ('servings_2'), when it is one. */
      field?: string
    }
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
