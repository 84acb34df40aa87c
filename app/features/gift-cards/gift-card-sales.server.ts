import { randomInt } from 'node:crypto'
import type { Transaction } from 'kysely'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import {
  type SoldGiftCard,
  composeGiftCardSoldOwner,
  composeGiftCardToBuyer,
  composeGiftCardToRecipient,
} from './gift-card-emails.ts'
import { balanceOf } from './gift-card-ledger.server.ts'
import { type GiftCardOrder, giftCardEnding, newGiftCardCode } from './gift-card-rules.ts'

const ownTables = tablesFor('gift-cards')

/**
 * A card being bought: kept with the Checkout session Stripe made for it,
 * without a code until the payment is in. A second row for the same session
 * (a double click Stripe answered with the same session) changes nothing.
 */
export async function keepGiftCardOrder(
  db: Db,
  order: GiftCardOrder,
  { sessionId, currency, now }: { sessionId: string; currency: string; now: number },
): Promise<void> {
  await ownTables(db)
    .insertInto('gift_card')
    .values({
      amount_cents: order.amountCents,
      currency,
      buyer_name: order.buyerName,
      buyer_email: order.buyerEmail,
      recipient_name: order.recipientName,
      recipient_email: order.recipientEmail,
      message: order.message,
      checkout_session_id: sessionId,
      created_at: now,
    })
    .onConflict((oc) => oc.column('checkout_session_id').doNothing())
    .execute()
}

/** What a paid Checkout session came to, if it bought a gift card. */
export type GiftCardSettled =
  | { bought: false }
  | { bought: true; giftCardId: number; outcome: 'paid' | 'ignored' | 'needs_look'; note: string }

/**
 * A paid Checkout session that bought a gift card, in the webhook's
 * transaction (which holds the session's lock): the card gets its code and
 * its money once, and the card, the buyer's receipt and the owner's news are
 * queued, each once. A session that bought no card answers `bought: false`;
 * one of another amount or currency than was opened is not put on the card.
 */
export async function settleGiftCardSale(
  trx: Transaction<Database>,
  paid: {
    sessionId: string
    amountCents: number | null
    currency: string | null
    paymentIntent: string | null
  },
  { now, siteUrl }: { now: number; siteUrl: string },
): Promise<GiftCardSettled> {
  const card = await ownTables(trx)
    .selectFrom('gift_card')
    .selectAll()
    .where('checkout_session_id', '=', paid.sessionId)
    .executeTakeFirst()
  if (!card) return { bought: false }
  const giftCardId = Number(card.id)
  if (card.paid_at !== null) {
    return {
      bought: true,
      giftCardId,
      outcome: 'ignored',
      note: 'This gift card was already paid.',
    }
  }
  if (paid.amountCents !== card.amount_cents || paid.currency !== card.currency) {
    return {
      bought: true,
      giftCardId,
      outcome: 'needs_look',
      note: `A card payment came for a ${formatMoney(card.amount_cents)} gift card, but not of that amount. No code was given: check it in Stripe's dashboard, and refund it there.`,
    }
  }
  const code = await unusedCode(trx)
  await ownTables(trx)
    .updateTable('gift_card')
    .set({ code, paid_at: now, payment_intent_id: paid.paymentIntent })
    .where('id', '=', giftCardId)
    .execute()
  await ownTables(trx)
    .insertInto('gift_card_entry')
    .values({ gift_card_id: giftCardId, kind: 'bought', cents: card.amount_cents, created_at: now })
    .execute()
  await queueSaleEmails(
    trx,
    giftCardId,
    {
      code,
      amountCents: card.amount_cents,
      buyerName: card.buyer_name,
      buyerEmail: card.buyer_email,
      recipientName: card.recipient_name,
      recipientEmail: card.recipient_email,
      message: card.message,
    },
    { now, siteUrl },
  )
  return {
    bought: true,
    giftCardId,
    outcome: 'paid',
    note: `A ${formatMoney(card.amount_cents)} gift card was paid and emailed with its code.`,
  }
}

/** A fresh code; drawing one already given is next to impossible, and then drawn again. */
async function unusedCode(trx: Transaction<Database>): Promise<string> {
  for (let draw = 0; draw < 5; draw++) {
    const code = newGiftCardCode(randomInt)
    const taken = await ownTables(trx)
      .selectFrom('gift_card')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst()
    if (!taken) return code
  }
  throw new Error('gift cards: no unused code in five draws')
}

async function queueSaleEmails(
  trx: Transaction<Database>,
  giftCardId: number,
  card: SoldGiftCard,
  { now, siteUrl }: { now: number; siteUrl: string },
) {
  const bakery = await readSiteSection(trx, 'identity')
  const emails = [
    ['card', composeGiftCardToRecipient(card, { siteUrl, bakery })],
    ['buyer', composeGiftCardToBuyer(card, { bakery })],
    [
      'owner',
      composeGiftCardSoldOwner(card, {
        giftCardsUrl: `${siteUrl}/admin/gift-cards`,
        bakeryName: bakery.name,
      }),
    ],
  ] as const
  for (const [who, email] of emails) {
    await enqueueEmail(
      trx,
      {
        topic: 'gift_card',
        subjectId: giftCardId,
        email,
        dedupeKey: `gift-card:${giftCardId}:${who}`,
      },
      now,
    )
  }
}

/** What a refund made in Stripe came to, if it was of a gift card's own purchase. */
export type GiftCardRefundSettled =
  { sold: false } | { sold: true; outcome: 'refunded' | 'ignored' | 'needs_look'; note: string }

/**
 * A refund she made in Stripe's dashboard of a gift card's purchase (the
 * buyer gets the money back): the card holds that much less, once, named by
 * Stripe's refund id, never below nothing. A refund of more than is left
 * (the rest was spent on orders) takes what is left and is shown to her.
 */
export async function settleGiftCardRefund(
  trx: Transaction<Database>,
  refund: { id: string; paymentIntent: string | null; amountCents: number },
  { now }: { now: number },
): Promise<GiftCardRefundSettled> {
  const card = await holdCardBoughtWith(trx, refund.paymentIntent)
  if (!card) return { sold: false }
  const giftCardId = card.id
  const what = `A ${formatMoney(refund.amountCents)} refund of gift card ${card.ending}`
  const known = await ownTables(trx)
    .selectFrom('gift_card_entry')
    .select('id')
    .where('stripe_refund_id', '=', refund.id)
    .executeTakeFirst()
  if (known) return { sold: true, outcome: 'ignored', note: `${what} was already recorded.` }
  const balance = await balanceOf(trx, giftCardId)
  const taken = Math.min(refund.amountCents, Math.max(0, balance))
  if (taken === 0) {
    return {
      sold: true,
      outcome: 'needs_look',
      note: `${what} was made in Stripe, but nothing was left on it: it had been spent on orders. Check the refund in Stripe’s dashboard.`,
    }
  }
  await ownTables(trx)
    .insertInto('gift_card_entry')
    .values({
      gift_card_id: giftCardId,
      kind: 'refunded',
      cents: -taken,
      stripe_refund_id: refund.id,
      created_at: now,
    })
    .execute()
  return taken === refund.amountCents
    ? {
        sold: true,
        outcome: 'refunded',
        note: `${what} was made in Stripe: the card holds ${formatMoney(balance - taken)} now.`,
      }
    : {
        sold: true,
        outcome: 'needs_look',
        note: `${what} was made in Stripe, but only ${formatMoney(Math.max(0, balance))} was left on it: the rest had been spent on orders. The card holds nothing now; check the refund in Stripe’s dashboard.`,
      }
}

/**
 * A refund of a card's purchase that Stripe says failed or was canceled:
 * the card holds what it took again (its entry goes: that refund never
 * happened), and she is shown it, since the buyer did not get the money.
 */
export async function undoGiftCardRefund(
  trx: Transaction<Database>,
  refund: { id: string; paymentIntent: string | null; status: 'failed' | 'canceled' },
): Promise<GiftCardRefundSettled> {
  const card = await holdCardBoughtWith(trx, refund.paymentIntent)
  if (!card) return { sold: false }
  const what = `A refund of gift card ${card.ending}`
  const undone = await ownTables(trx)
    .deleteFrom('gift_card_entry')
    .where('stripe_refund_id', '=', refund.id)
    .executeTakeFirst()
  if (Number(undone.numDeletedRows) === 0) {
    return { sold: true, outcome: 'ignored', note: `${what} was not made (${refund.status}).` }
  }
  return {
    sold: true,
    outcome: 'needs_look',
    note: `${what} ${refund.status === 'failed' ? 'failed' : 'was canceled'} at Stripe: the buyer did not get the money back, and the card holds ${formatMoney(await balanceOf(trx, card.id))} again. Refund it again in Stripe’s dashboard if you meant to.`,
  }
}

/** The card a Stripe payment intent bought, locked until the transaction ends; undefined for none. */
async function holdCardBoughtWith(trx: Transaction<Database>, paymentIntent: string | null) {
  if (!paymentIntent) return undefined
  const card = await ownTables(trx)
    .selectFrom('gift_card')
    .select(['id', 'code'])
    .where('payment_intent_id', '=', paymentIntent)
    .executeTakeFirst()
  if (!card) return undefined
  await serializeTransactions(trx, `gift-card:${card.id}`)
  return { id: Number(card.id), ending: giftCardEnding(card.code ?? '') }
}
