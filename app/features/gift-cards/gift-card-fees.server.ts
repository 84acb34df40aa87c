/**
 * What Stripe kept of each gift card's purchase (decisions 110 and 114): a
 * card is no sale until it is spent, but its fee is her cost the day it is
 * bought. Asked for by the card payments' fee pass; read by her year's numbers.
 */
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { bakeryDateOf, bakeryInstant } from '#app/utils/dates.ts'
import { giftCardEnding } from './gift-card-rules.ts'

const ownTables = tablesFor('gift-cards')

/** Far above a home bakery's year of gift cards: the bound on one read. */
const MAX_SALES_READ = 10_000
/** Far more years than a book keeps: the bound on the years asked about one by one. */
const MAX_SALE_YEARS = 100

/** Paid cards whose fee Stripe has not said, not asked since `askedBefore`, the longest unasked first. */
export async function giftCardFeesToAsk(
  db: Db,
  { askedBefore, limit }: { askedBefore: number; limit: number },
): Promise<{ id: number; paymentIntentId: string }[]> {
  const cards = await ownTables(db)
    .selectFrom('gift_card')
    .select(['id', 'payment_intent_id'])
    .where('paid_at', 'is not', null)
    .where('payment_intent_id', 'is not', null)
    .where('fee_cents', 'is', null)
    .where((eb) => eb.or([eb('fee_asked_at', 'is', null), eb('fee_asked_at', '<=', askedBefore)]))
    .orderBy('fee_asked_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return cards.map((card) => ({ id: Number(card.id), paymentIntentId: card.payment_intent_id! }))
}

export async function noteGiftCardFeeAsked(db: Db, id: number, now: number): Promise<void> {
  await ownTables(db)
    .updateTable('gift_card')
    .set({ fee_asked_at: now })
    .where('id', '=', id)
    .execute()
}

/** Keeps a card's fee where none is yet: two instances asking at once write it once. */
export async function keepGiftCardFee(db: Db, id: number, feeCents: number): Promise<boolean> {
  const set = await ownTables(db)
    .updateTable('gift_card')
    .set({ fee_cents: feeCents })
    .where('id', '=', id)
    .where('fee_cents', 'is', null)
    .executeTakeFirst()
  return Number(set.numUpdatedRows) > 0
}

/** A gift card bought in a year, as her year's numbers and her accountant's ledger show it. */
export interface GiftCardSale {
  /** The bakery's day it was paid, YYYY-MM-DD. */
  on: string
  /** '····PQRS' */
  ending: string
  buyer: string
  amountCents: number
  /** What Stripe kept; null while Stripe has not said. */
  feeCents: number | null
}

/** The cards paid for in a calendar year of the bakery's days, in the order they were paid. */
export async function readGiftCardSales(db: Db, year: number): Promise<GiftCardSale[]> {
  const from = bakeryInstant(`${year}-01-01`, '00:00').getTime()
  const to = bakeryInstant(`${year + 1}-01-01`, '00:00').getTime()
  const cards = await ownTables(db)
    .selectFrom('gift_card')
    .select(['code', 'buyer_name', 'amount_cents', 'paid_at', 'fee_cents', 'payment_intent_id'])
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .orderBy('paid_at')
    .orderBy('id')
    .limit(MAX_SALES_READ)
    .execute()
  return cards.map((card) => ({
    on: bakeryDateOf(new Date(Number(card.paid_at))),
    ending: giftCardEnding(card.code ?? ''),
    buyer: card.buyer_name,
    amountCents: Number(card.amount_cents),
    // Stripe is asked by the payment: without one it has no fee to say.
    feeCents:
      card.fee_cents !== null ? Number(card.fee_cents) : card.payment_intent_id === null ? 0 : null,
  }))
}

/** The years of the bakery's calendar in which a card was paid for, oldest first: for her year links. */
export async function giftCardSaleYears(db: Db): Promise<number[]> {
  const span = await ownTables(db)
    .selectFrom('gift_card')
    .select((eb) => [eb.fn.min('paid_at').as('first'), eb.fn.max('paid_at').as('last')])
    .where('paid_at', 'is not', null)
    .executeTakeFirst()
  if (span?.first == null || span.last == null) return []
  const yearOf = (at: unknown) => Number(bakeryDateOf(new Date(Number(at))).slice(0, 4))
  const last = yearOf(span.last)
  const years: number[] = []
  for (let year = Math.max(yearOf(span.first), last - MAX_SALE_YEARS); year <= last; year++) {
    const sold = await ownTables(db)
      .selectFrom('gift_card')
      .select('id')
      .where('paid_at', '>=', bakeryInstant(`${year}-01-01`, '00:00').getTime())
      .where('paid_at', '<', bakeryInstant(`${year + 1}-01-01`, '00:00').getTime())
      .limit(1)
      .executeTakeFirst()
    if (sold) years.push(year)
  }
  return years
}
