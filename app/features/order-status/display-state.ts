import type { RequestStatus } from '#app/db/schema.ts'
import { STATUS_LABELS } from './order-status.ts'

/**
 * What the owner sees a request as: its stored status, except that a quote
 * the customer accepted while its deposit is still owed reads "Accepted,
 * awaiting the deposit" rather than "Quoted" (the stored statuses stay the
 * eight in order-status.ts; this one is derived, here only). The Today page, the list's
 * chips and filter, the badge and the digest all read it from here.
 */
export type DisplayState = RequestStatus | 'accepted'

export const DISPLAY_STATES: readonly DisplayState[] = [
  'new',
  'quoted',
  'accepted',
  'confirmed',
  'ready',
  'completed',
  'declined',
  'cancelled',
  'expired',
]

export const DISPLAY_LABELS: Readonly<Record<DisplayState, string>> = {
  ...STATUS_LABELS,
  accepted: 'Accepted, awaiting the deposit',
}

export function isDisplayState(value: unknown): value is DisplayState {
  return DISPLAY_STATES.some((state) => state === value)
}

/** A request as the derived state needs it. */
export interface StandingInput {
  status: RequestStatus
  /** Whether the customer accepted the request's newest quote. */
  accepted: boolean
  /** What is still owed of the deposit (see amountsOwed). */
  depositOwed: number
}

export function displayStateOf({ status, accepted, depositOwed }: StandingInput): DisplayState {
  return status === 'quoted' && accepted && depositOwed > 0 ? 'accepted' : status
}
