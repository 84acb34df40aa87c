import { type Transaction, sql } from 'kysely'
import { serializeTransactions } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { formatMoney } from '#app/utils/money.ts'
import { giftCardEnding, readGiftCardCode } from './gift-card-rules.ts'

const ownTables = tablesFor('gift-cards')

/*
 * A gift card's money (decision 114): its balance is the sum of its ledger,
 * read under the card's own lock, so two orders spending one card at once,
 * on any instance, take from it one after the other and never below nothing.
 */

/** A paid card, held for this transaction, with what is on it. */
export interface HeldGiftCard {
  id: number
  /** '····PQRS' */
  ending: string
  balanceCents: number
}

/** Why a typed code is not spent. */
export type GiftCardRefusal = { ok: false; error: string }

const NOT_A_CODE =
  'That is not a gift card code: it has sixteen letters and digits, like ABCD-EFGH-JKMN-PQRS.'
const UNKNOWN = 'We could not find a gift card with that code. Please check it and try again.'

/**
 * The card a typed code names, paid and holding money, locked until the
 * caller's transaction ends; or a sentence why not.
 */
export async function holdGiftCard(
  trx: Transaction<Database>,
  typed: string,
): Promise<({ ok: true } & HeldGiftCard) | GiftCardRefusal> {
  const code = readGiftCardCode(typed)
  if (!code) return { ok: false, error: NOT_A_CODE }
  const card = await ownTables(trx)
    .selectFrom('gift_card')
    .select(['id', 'code'])
    .where('code', '=', code)
    .where('paid_at', 'is not', null)
    .executeTakeFirst()
  if (!card) return { ok: false, error: UNKNOWN }
  await serializeTransactions(trx, `gift-card:${card.id}`)
  const balanceCents = await balanceOf(trx, Number(card.id))
  if (balanceCents <= 0) {
    return { ok: false, error: 'This gift card has been spent: nothing is left on it.' }
  }
  return { ok: true, id: Number(card.id), ending: giftCardEnding(code), balanceCents }
}

/** What is on a card now: the sum of its ledger. */
export async function balanceOf(db: Executor, giftCardId: number): Promise<number> {
  const { total } = await ownTables(db)
    .selectFrom('gift_card_entry')
    .select(({ fn }) => fn.coalesce(fn.sum<number | string>('cents'), sql.lit(0)).as('total'))
    .where('gift_card_id', '=', giftCardId)
    .executeTakeFirstOrThrow()
  return Number(total)
}

/**
 * Takes `cents` off a card held by holdGiftCard, as the order's payment
 * `paymentId` (made in the same transaction). Never more than is on it.
 */
export async function spendGiftCard(
  trx: Transaction<Database>,
  card: HeldGiftCard,
  {
    cents,
    paymentId,
    requestId,
    now,
  }: { cents: number; paymentId: number; requestId: number; now: number },
): Promise<void> {
  if (!Number.isInteger(cents) || cents <= 0 || cents > card.balanceCents) {
    throw new Error(`gift card ${card.id}: ${cents} cents cannot be spent of ${card.balanceCents}`)
  }
  await ownTables(trx)
    .insertInto('gift_card_entry')
    .values({
      gift_card_id: card.id,
      kind: 'spent',
      cents: -cents,
      payment_id: paymentId,
      request_id: requestId,
      created_at: now,
    })
    .execute()
}

/** The cards the payments of a request were made with, by payment: '····PQRS'. */
export async function giftCardPayments(
  db: Executor,
  paymentIds: readonly number[],
): Promise<Map<number, { giftCardId: number; ending: string }>> {
  if (paymentIds.length === 0) return new Map()
  const rows = await ownTables(db)
    .selectFrom('gift_card_entry')
    .innerJoin('gift_card', 'gift_card.id', 'gift_card_entry.gift_card_id')
    .select(['gift_card_entry.payment_id', 'gift_card.id', 'gift_card.code'])
    .where('gift_card_entry.kind', '=', 'spent')
    .where('gift_card_entry.payment_id', 'in', [...paymentIds])
    .execute()
  return new Map(
    rows.map((row) => [
      Number(row.payment_id),
      { giftCardId: Number(row.id), ending: giftCardEnding(row.code ?? '') },
    ]),
  )
}

/**
 * A refund of a payment made with a card goes back onto that card
 * (decision 114): the card's ledger gains what the refund gave, named by
 * the refund, once. Returns the card's balance after it.
 */
export async function returnToGiftCard(
  trx: Transaction<Database>,
  {
    paymentId,
    refundId,
    cents,
    now,
  }: { paymentId: number; refundId: number; cents: number; now: number },
): Promise<{ ending: string; balanceCents: number }> {
  const spent = await ownTables(trx)
    .selectFrom('gift_card_entry')
    .innerJoin('gift_card', 'gift_card.id', 'gift_card_entry.gift_card_id')
    .select(['gift_card.id', 'gift_card.code', 'gift_card_entry.request_id'])
    .where('gift_card_entry.payment_id', '=', paymentId)
    .where('gift_card_entry.kind', '=', 'spent')
    .executeTakeFirst()
  if (!spent) throw new Error(`payment ${paymentId} was not made with a gift card`)
  const giftCardId = Number(spent.id)
  await serializeTransactions(trx, `gift-card:${giftCardId}`)
  await ownTables(trx)
    .insertInto('gift_card_entry')
    .values({
      gift_card_id: giftCardId,
      kind: 'returned',
      cents,
      refund_id: refundId,
      request_id: spent.request_id,
      created_at: now,
    })
    .execute()
  return {
    ending: giftCardEnding(spent.code ?? ''),
    balanceCents: await balanceOf(trx, giftCardId),
  }
}

/** "$20 is left on your gift card ····PQRS." */
export function leftWords(card: { ending: string; balanceCents: number }): string {
  return card.balanceCents > 0
    ? `${formatMoney(card.balanceCents)} is left on your gift card ${card.ending}.`
    : `Your gift card ${card.ending} is now spent.`
}
