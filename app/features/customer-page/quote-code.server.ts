/**
 * A discount code with her acceptance of a quote (decision 109): checked
 * against the quote before she answers, used once the answer is in.
 */
import type { Db } from '#app/db/db.server.ts'
import {
  priceWithCode,
  spendCodeOnOrder,
} from '#app/features/discount-codes/discount-codes.server.ts'
import { codeUsedNote } from '#app/features/discount-codes/discount-rules.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import type { CodeUse, answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { recordEvent } from '#app/features/order-book/request-moves.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

/** A code that may come off a quote: what it is typed as, for the party's lead (decision 049). */
export interface QuoteCode {
  ok: true
  typed: string
  leadId: number
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
  return answer.ok ? { ok: true, typed, leadId } : answer
}

/**
 * The code's use, for the answer's transaction to run as it accepts: on
 * the party's lead, whose money the quote is, its requests not counted as
 * an earlier order; marked on the lead's timeline when it comes off.
 */
export function spendQuoteCode(
  code: QuoteCode,
  { email, now }: { email: string; now: number },
): NonNullable<Parameters<typeof answerQuote>[1]['useCode']> {
  return async (trx, party) => {
    // The price as the answer's transaction reads it, not as it was read before.
    const { priceCents } = await moneyOf(trx, party.leadId)
    const used = await spendCodeOnOrder(trx, {
      typed: code.typed,
      requestId: party.leadId,
      orderIds: party.memberIds,
      email,
      priceCents,
      today: bakeryToday(new Date(now)),
      now,
    })
    if (!used.ok) return used
    await recordEvent(trx, {
      requestId: party.leadId,
      from: 'quoted',
      to: 'quoted',
      actor: 'customer',
      note: codeUsedNote(used.code, used.cents),
      now,
    })
    return { ok: true, code: used.code, cents: used.cents }
  }
}

/** What her page says of the code she accepted with. */
export function quoteCodeWords(use: CodeUse): string {
  return use.ok
    ? `Code ${use.code} took ${formatMoney(use.cents)} off your total.`
    : `Your quote is accepted, but the code could not be used: ${use.message}`
}
