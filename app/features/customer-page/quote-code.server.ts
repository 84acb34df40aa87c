/**
 * A discount code with her acceptance of a quote (decision 109): checked
 * against the quote before she answers, used once the answer is in.
 */
import type { Db } from '#app/db/db.server.ts'
import {
  applyCodeToOrder,
  priceWithCode,
} from '#app/features/discount-codes/discount-codes.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

/** A code that may come off a quote: what it is typed as, and the price it comes off. */
export interface QuoteCode {
  ok: true
  typed: string
  /** The party's lead, whose money the quote is (decision 049). */
  leadId: number
  priceCents: number
}

/**
 * Whether the code `typed` can come off the quote of `requestId` (its
 * party's lead's price, before delivery), asked before she accepts: a
 * code the bakery does not have, or whose dates or smallest order rule it
 * out, is told with the quote still hers to answer.
 */
export async function codeForQuote(
  db: Db,
  { typed, requestId, now }: { typed: string; requestId: number; now: number },
): Promise<QuoteCode | { ok: false; message: string }> {
  const { leadId } = await partyOf(db, requestId)
  const money = await moneyOf(db, leadId)
  if (money.discount) {
    return { ok: false, message: 'This order already has a code: one code an order.' }
  }
  const answer = await priceWithCode(db, {
    typed,
    priceCents: money.priceCents,
    today: bakeryToday(new Date(now)),
  })
  return answer.ok ? { ok: true, typed, leadId, priceCents: money.priceCents } : answer
}

/**
 * Uses the code on the quote she has just accepted, and says what became
 * of it: what it took off, or why it could not be used (a first-order or
 * once-each rule, or its last use gone a moment before).
 */
export async function spendQuoteCode(
  db: Db,
  code: QuoteCode,
  { email, now }: { email: string; now: number },
): Promise<string> {
  const used = await applyCodeToOrder(db, {
    typed: code.typed,
    requestId: code.leadId,
    email,
    priceCents: code.priceCents,
    today: bakeryToday(new Date(now)),
    now,
  })
  return used.ok
    ? `Code ${used.code} took ${formatMoney(used.cents)} off your total.`
    : `Your quote is accepted, but the code could not be used: ${used.message}`
}
