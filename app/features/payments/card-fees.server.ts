/**
 * What Stripe kept of each card payment and gift card sold (decision 110):
 * read from the payment's balance transaction once the payment is recorded, and written
 * once, so her year's numbers show her card fees beside her sales.
 */
import type Stripe from 'stripe'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import {
  giftCardFeesToAsk,
  keepGiftCardFee,
  noteGiftCardFeeAsked,
} from '#app/features/gift-cards/gift-card-fees.server.ts'
import { type StripeSettings, cardCurrency, stripeClient } from './card-payments.server.ts'

const ownTables = tablesFor('payments')

/** Payments (and gift cards) asked about per pass: a pass is a few seconds, however far behind it is. */
const FEES_PER_PASS = 20

/** How long before a payment whose fee Stripe did not give is asked about again. */
const ASK_AGAIN_MS = 10 * 60_000

/** Something paid through Stripe whose fee is kept once Stripe has said it. */
interface FeeSource {
  /** Those not asked about since `askedBefore`, the longest unasked first. */
  due(db: Db, options: { askedBefore: number; limit: number }): Promise<FeeAsk[]>
  noteAsked(db: Db, id: number, now: number): Promise<void>
  /** Writes the fee where none is; whether it did. */
  keep(db: Db, id: number, feeCents: number): Promise<boolean>
}

interface FeeAsk {
  id: number
  paymentIntentId: string
}

/** An order's card payments. */
const cardPaymentFees: FeeSource = {
  async due(db, { askedBefore, limit }) {
    const payments = await ownTables(db)
      .selectFrom('payment')
      .select(['id', 'payment_intent_id'])
      .where('payment_intent_id', 'is not', null)
      .where('fee_cents', 'is', null)
      .where((eb) => eb.or([eb('fee_asked_at', 'is', null), eb('fee_asked_at', '<=', askedBefore)]))
      .orderBy('fee_asked_at')
      .orderBy('id')
      .limit(limit)
      .execute()
    return payments.map((row) => ({ id: Number(row.id), paymentIntentId: row.payment_intent_id! }))
  },
  async noteAsked(db, id, now) {
    await ownTables(db)
      .updateTable('payment')
      .set({ fee_asked_at: now })
      .where('id', '=', id)
      .execute()
  },
  async keep(db, id, feeCents) {
    const set = await ownTables(db)
      .updateTable('payment')
      .set({ fee_cents: feeCents })
      .where('id', '=', id)
      .where('fee_cents', 'is', null)
      .executeTakeFirst()
    return Number(set.numUpdatedRows) > 0
  },
}

/** Gift cards' own purchases. */
const giftCardFees: FeeSource = {
  due: giftCardFeesToAsk,
  noteAsked: noteGiftCardFeeAsked,
  keep: keepGiftCardFee,
}

/**
 * Asks Stripe for the fee of card payments and gift card purchases whose
 * fee is not known yet, a few of each at a time, the longest unasked first:
 * one Stripe has not settled (its balance transaction is not made yet) or
 * could not be asked about is asked again in turn. A fee is written only
 * where none is, so two instances asking at once write it once. Returns how
 * many it wrote.
 */
export async function recordCardFees(
  db: Db,
  { env, now = Date.now() }: { env: StripeSettings; now?: number },
): Promise<number> {
  if (!env.STRIPE_SECRET_KEY) return 0
  let written = 0
  for (const source of [cardPaymentFees, giftCardFees]) {
    const due = await source.due(db, { askedBefore: now - ASK_AGAIN_MS, limit: FEES_PER_PASS })
    for (const { id, paymentIntentId } of due) {
      await source.noteAsked(db, id, now)
      const fee = await feeOf(stripeClient(env), paymentIntentId)
      if (fee !== null && (await source.keep(db, id, fee))) written += 1
    }
  }
  return written
}

/**
 * The fee on the balance transaction of a payment intent's charge, in the
 * bakery's currency; null when Stripe has not made it yet, cannot be
 * reached, or settled it in another currency (then her Stripe statements
 * have it, and the report leaves it out rather than mix currencies).
 */
async function feeOf(stripe: Stripe, paymentIntentId: string): Promise<number | null> {
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
      expand: ['latest_charge.balance_transaction'],
    })
    const charge = intent.latest_charge
    const transaction = typeof charge === 'object' ? charge?.balance_transaction : null
    if (!transaction || typeof transaction !== 'object') return null
    if (transaction.currency !== cardCurrency()) return null
    return Number.isSafeInteger(transaction.fee) && transaction.fee >= 0 ? transaction.fee : null
  } catch (error) {
    console.warn(`payments: could not read the fee of ${paymentIntentId}`, error)
    return null
  }
}
