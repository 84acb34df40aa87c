import { randomBytes } from 'node:crypto'
import { type Transaction, sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { inTransaction } from '#app/db/in-transaction.server.ts'
import type { Database, GiftCardEntryKind } from '#app/db/schema.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { writeBakeryMoment } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { formatGiftCardCode, readGiftCardCode } from './gift-card-rules.ts'
import type { GiftCardSwitchAnswer } from './gift-cards-page.tsx'

const ownTables = tablesFor('gift-cards')

/** The app_state key of "Sell gift cards on your site". */
const ON_KEY = 'gift-cards:on'

/** Whether she sells gift cards (her Gift cards page); off until she turns it on. */
export async function giftCardsOn(db: Executor): Promise<boolean> {
  const row = await ownTables(db)
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', ON_KEY)
    .executeTakeFirst()
  return row?.value === 'on'
}

/**
 * Saves her switch (in the caller's transaction, as a site file's import
 * does, or its own); every public page's footer links the shop or not, so
 * their cache token moves.
 */
export async function saveGiftCardsOn(db: Executor, on: boolean): Promise<void> {
  const value = on ? 'on' : 'off'
  await inTransaction(db, async (trx) => {
    await ownTables(trx)
      .insertInto('app_state')
      .values({ key: ON_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
    await ownTables(trx)
      .updateTable('page_version')
      .set({ token: randomBytes(16).toString('hex') })
      .where('id', '=', 1)
      .execute()
  })
}

/**
 * Whether any card was ever sold: then her customers' order pages offer to
 * pay with one, even after she stops selling them (a card keeps its money).
 */
export async function anyGiftCardSold(db: Executor): Promise<boolean> {
  const row = await ownTables(db)
    .selectFrom('gift_card')
    .select('id')
    .where('paid_at', 'is not', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** One line of a card's ledger, as her page shows it. */
export interface GiftCardLine {
  kind: GiftCardEntryKind
  /** '+$50', '−$30' */
  amount: string
  when: string
  /** The order it was spent on or given back from; null for the purchase. */
  requestId: number | null
}

export interface StoredGiftCard {
  id: number
  /** 'ABCD-EFGH-JKMN-PQRS' */
  code: string
  amount: string
  balanceCents: number
  balance: string
  buyer: string
  recipient: string
  recipientEmail: string
  message: string
  sold: string
  lines: GiftCardLine[]
}

const WHEN = { month: 'short', day: 'numeric', year: 'numeric' } as const
const LIST_MAX = 100

/**
 * The cards sold, newest first (at most 100), each with its ledger: all of
 * them, or those whose code, buyer or recipient matches `q`.
 */
export async function listGiftCards(
  db: Db,
  { q = '' }: { q?: string } = {},
): Promise<StoredGiftCard[]> {
  let query = ownTables(db).selectFrom('gift_card').selectAll().where('paid_at', 'is not', null)
  const words = q.trim().slice(0, 100)
  if (words) {
    const code = readGiftCardCode(words)
    const like = `%${words.toLowerCase().replace(/[\\%_]/g, (mark) => `\\${mark}`)}%`
    query = query.where((eb) =>
      eb.or([
        ...(code ? [eb('code', '=', code)] : []),
        eb(sql`lower(buyer_name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(buyer_email)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(recipient_name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(recipient_email)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(code)`, 'like', sql`${like.replace(/-/g, '')} escape '\\'`),
      ]),
    )
  }
  const cards = await query
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_MAX)
    .execute()
  const ids = cards.map((card) => Number(card.id))
  const entries =
    ids.length === 0
      ? []
      : await ownTables(db)
          .selectFrom('gift_card_entry')
          .selectAll()
          .where('gift_card_id', 'in', ids)
          .orderBy('id')
          .execute()
  return cards.map((card) => {
    const own = entries.filter((entry) => Number(entry.gift_card_id) === Number(card.id))
    const balanceCents = own.reduce((sum, entry) => sum + Number(entry.cents), 0)
    return {
      id: Number(card.id),
      code: formatGiftCardCode(card.code ?? ''),
      amount: formatMoney(card.amount_cents),
      balanceCents,
      balance: formatMoney(balanceCents),
      buyer: `${card.buyer_name} (${card.buyer_email})`,
      recipient: card.recipient_name,
      recipientEmail: card.recipient_email,
      message: card.message,
      sold: writeBakeryMoment(Number(card.paid_at), WHEN),
      lines: own.map((entry) => ({
        kind: entry.kind,
        amount: `${Number(entry.cents) < 0 ? '−' : '+'}${formatMoney(Math.abs(Number(entry.cents)))}`,
        when: writeBakeryMoment(Number(entry.created_at), WHEN),
        requestId: entry.request_id === null ? null : Number(entry.request_id),
      })),
    }
  })
}

/**
 * Erasure (decision 031): the cards she bought or was given keep their code
 * and their money, which still belong to whoever holds the code, but lose
 * every word that names her and the buyer's message. Matched by email,
 * ignoring case. Returns the cards' ids, whose emails go too.
 */
export async function eraseGiftCardsOf(
  trx: Transaction<Database>,
  address: string,
): Promise<number[]> {
  const erased = { name: 'Erased customer', message: '' }
  // The cards' ids: their emails name her (the card's own names its buyer, not her address).
  const cards = await ownTables(trx)
    .selectFrom('gift_card')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['buyer_email']), '=', address),
        eb(eb.fn('lower', ['recipient_email']), '=', address),
      ]),
    )
    .execute()
  await ownTables(trx)
    .updateTable('gift_card')
    .set(() => ({
      buyer_name: erased.name,
      buyer_email: sql<string>`'erased-' || cast(id as text) || '@invalid'`,
      message: erased.message,
    }))
    .where((eb) => eb(eb.fn('lower', ['buyer_email']), '=', address))
    .execute()
  await ownTables(trx)
    .updateTable('gift_card')
    .set(() => ({
      recipient_name: erased.name,
      recipient_email: sql<string>`'erased-for-' || cast(id as text) || '@invalid'`,
      message: erased.message,
    }))
    .where((eb) => eb(eb.fn('lower', ['recipient_email']), '=', address))
    .execute()
  return cards.map((card) => Number(card.id))
}

/** Her switch: start or stop selling gift cards. */
export async function receiveGiftCardSwitch({
  request,
  db,
  cardsOn,
}: {
  request: Request
  db: Db
  /** Card payments are set up: without them the shop waits for them. */
  cardsOn: boolean
}): Promise<Reply<GiftCardSwitchAnswer>> {
  const form = await readAdminForm(request)
  if (form?.intent !== 'start' && form?.intent !== 'stop') {
    return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  }
  const on = form.intent === 'start'
  await saveGiftCardsOn(db, on)
  return reply(200, {
    ok: true,
    message: !on
      ? 'Your site no longer sells gift cards.'
      : cardsOn
        ? 'Your site sells gift cards now.'
        : 'Saved: your site sells gift cards as soon as card payments are set up.',
  })
}
