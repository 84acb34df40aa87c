import { MAX_DOLLARS, centsToInput } from '#app/utils/money.ts'

/**
 * The bounds of the owner's forms on /admin/orders/<id> and the names of the
 * quote form's party fields: what the page needs to draw its inputs. The
 * schemas that check those forms are in order-actions.ts, which the page does
 * not load, so it ships none of zod (decision 061).
 */
export const LIMITS = {
  /** Dollars: a home bakery's order stays well under this. */
  maxDollars: MAX_DOLLARS,
  /** Dollars: a delivery fee above this is a slip (cents typed as dollars), not a fee. */
  maxDeliveryFeeDollars: 1000,
  paymentInstructions: 1000,
  message: 2000,
  method: 60,
  note: 500,
  reason: 1000,
  expiryDays: { min: 1, max: 60 },
} as const

export { centsToInput }

/** A party can hold at most this many other requests: more than any one send carries. */
export const MAX_PARTY_LINES = 20

/** The quote form's tick for another request of the send: `with_<id>=yes`. */
export const partyTickName = (id: number) => `with_${id}`
/** That request's own price on the party's quote: `line_<id>`. */
export const partyLineName = (id: number) => `line_${id}`
