import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import {
  type Claim,
  claimCode,
  recordCodeUse,
} from '#app/features/discount-codes/discount-codes.server.ts'
import { codeUsedNote } from '#app/features/discount-codes/discount-rules.ts'
import type { PriceLine } from '#app/features/menu/option-prices.ts'
import {
  type SentRequest,
  storeSentRequests,
} from '#app/features/order-book/request-intake.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { totalOf } from '#app/features/order-status/money-owed.ts'
import { type OrderTax, taxesColumn } from '#app/features/order-status/tax-rules.ts'
import { type TaxedLine, taxesForLines } from '#app/features/taxes/order-taxes.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { tellBookedAtPickup } from './booked-at-pickup.server.ts'
import type { SetPricePayment } from './payment-choices.ts'

export type { SetPricePayment } from './payment-choices.ts'

const ownTables = tablesFor('set-price-orders')

export interface SetPriceOrder {
  /** The request as the book stores it; its link and reference are the book's to give. */
  request: Omit<SentRequest, 'customer_token'>
  /** What it comes to before any code, a delivery's fee included. */
  priceCents: number
  /** A delivery's part of it, kept apart on the quote as the book's money rule reads it (047). */
  deliveryFeeCents?: number
  payment: SetPricePayment
  /** The policies she ticked, as the book keeps them with her send. */
  acceptedPolicies: { markdown: string; html: string | null }
  /** Why the price needed no quote, for the timeline: "The drop's price". */
  pricedBy: string
  /** The price line by line, as her page showed it; kept as the quote's words. */
  lines?: readonly PriceLine[]
  siteUrl: string
  now: number
  /** The treat bought now; absent for a drop's order. */
  productId?: number
  /** Its choices, by their group's and choice's keys (an 8-inch, chocolate), with the choice's name as sold. */
  choices?: readonly { group: string; choice: string; label: string }[]
  /** By card: when the order is given up if its payment has not come (see `cancelUnpaidOrders`). */
  unpaidUntil?: number
  /** The form's own id, when its page gave one: the same form sent again finds this order. */
  sendId?: string
  /** A discount code she typed: used here, once, or the order is refused with why. */
  code?: string
  /** What the goods are made of, each by its treat (a drop's own item by none), for their taxes. */
  taxedLines: readonly TaxedLine[]
  /**
   * Runs once the order stands, before her booked email and the owner's are
   * written, so they say what is left to pay: a gift card paying what it
   * holds (payments). It may throw to undo the order.
   */
  atBooking?: (trx: Transaction<Database>, requestId: number) => Promise<void>
}

export type SetPriceBooking =
  | { ok: true; requestId: number; reference: string; totalCents: number }
  | { ok: false; field: 'code'; message: string }

/**
 * Orders sold at a set price (a drop's hold; a
 * buy-now item): no quote to wait for and nothing for the owner to do. The
 * request is stored as any send's, priced on its timeline by the site with
 * a quote already accepted, so the money card, her page, the receipt and
 * the CSV read one price (decision 100). Paid at pickup, it is confirmed
 * now, with her "booked" email and the owner's alert; paid by card, the
 * whole price is its deposit and the card payment confirms it, through the
 * same webhook and emails as a custom order's deposit.
 */
export async function bookAtSetPrice(
  trx: Transaction<Database>,
  order: SetPriceOrder,
  customerToken: string,
): Promise<SetPriceBooking> {
  const { now, payment, priceCents } = order
  const feeCents = order.deliveryFeeCents ?? 0
  // A code is used before anything is stored, so a refused one leaves nothing behind.
  const claim = await claimOrderCode(trx, order)
  if (claim && !claim.ok) return { ok: false, field: 'code', message: claim.message }
  const discount = claim ? { code: claim.code, cents: claim.cents } : null
  // The taxes of this moment are kept with the quote: a rate changed later changes no order made.
  const taxes = await taxesForLines(trx, order.taxedLines)
  const totalCents = totalOf({
    priceCents: priceCents - feeCents,
    deliveryFeeCents: feeCents,
    discount,
    taxes,
  })
  const { batchId, requests } = await storeSentRequests(trx, {
    // What she chose is kept where a request keeps her event, and named so (theme-label.ts).
    requests: [{ ...order.request, customer_token: customerToken, event_theme_holds: 'choices' }],
    acceptedPolicies: order.acceptedPolicies,
    now: new Date(now),
  })
  const { id: requestId, reference } = requests[0]!
  await writeAcceptedQuote(trx, { order, requestId, totalCents, taxes })
  await markQuoted(trx, { order, claim, requestId })
  await writeSetPriceRows(trx, { order, requestId })
  if (payment === 'card') {
    await order.atBooking?.(trx, requestId)
    return { ok: true, requestId, reference, totalCents }
  }
  await mustMove(trx, {
    requestId,
    to: 'confirmed',
    actor: 'customer',
    note: 'Booked to pay at pickup.',
    now,
  })
  await order.atBooking?.(trx, requestId)
  await tellBookedAtPickup(trx, { order, batchId, requestId, reference, totalCents, discount })
  return { ok: true, requestId, reference, totalCents }
}

/** One use of her code taken for this order, or why it cannot be used; null when she typed none. */
async function claimOrderCode(trx: Transaction<Database>, order: SetPriceOrder) {
  if (!order.code) return null
  return claimCode(trx, {
    typed: order.code,
    email: order.request.email,
    priceCents: order.priceCents - (order.deliveryFeeCents ?? 0),
    today: bakeryToday(new Date(order.now)),
  })
}

/** The quote the site gives and accepts at once: by card the whole total is its deposit. */
async function writeAcceptedQuote(
  trx: Transaction<Database>,
  {
    order,
    requestId,
    totalCents,
    taxes,
  }: { order: SetPriceOrder; requestId: number; totalCents: number; taxes: OrderTax[] },
) {
  const { now, priceCents } = order
  const feeCents = order.deliveryFeeCents ?? 0
  const byCard = order.payment === 'card'
  await ownTables(trx)
    .insertInto('request_quote')
    .values({
      request_id: requestId,
      created_at: now,
      price_cents: priceCents - feeCents,
      delivery_fee_cents: feeCents,
      deposit_cents: byCard ? totalCents : 0,
      deposit_due: byCard ? bakeryToday(new Date(now)) : null,
      // Nothing is due before the handover: at pickup, or already paid by card.
      balance_due: null,
      payment_instructions: '',
      message: order.lines ? linesWords(order.lines) : '',
      expires_at: now,
      accepted_at: now,
      taxes: taxesColumn(taxes),
    })
    .execute()
}

/** Her code's use kept, and the order quoted by the site, its timeline naming the code and what it took off. */
async function markQuoted(
  trx: Transaction<Database>,
  {
    order,
    claim,
    requestId,
  }: { order: SetPriceOrder; claim: Extract<Claim, { ok: true }> | null; requestId: number },
) {
  const { now } = order
  if (claim) await recordCodeUse(trx, { claim, requestId, now })
  // The code she used is marked on the timeline with the price it came off.
  const note = claim?.ok
    ? `${order.pricedBy} ${codeUsedNote(claim.code, claim.cents)}`
    : order.pricedBy
  await mustMove(trx, { requestId, to: 'quoted', actor: 'site', note, now })
}

/** The order's own rows: its treat, how long a card has to pay, her send's id, and each choice by name. */
async function writeSetPriceRows(
  trx: Transaction<Database>,
  { order, requestId }: { order: SetPriceOrder; requestId: number },
) {
  const byCard = order.payment === 'card'
  await ownTables(trx)
    .insertInto('set_price_order')
    .values({
      request_id: requestId,
      product_id: order.productId ?? null,
      unpaid_until: byCard ? (order.unpaidUntil ?? null) : null,
      send_id: order.sendId ?? null,
    })
    .execute()
  if (order.choices && order.choices.length > 0) {
    await ownTables(trx)
      .insertInto('set_price_choice')
      .values(
        order.choices.map(({ group, choice, label }) => ({
          request_id: requestId,
          group_key: group,
          choice_key: choice,
          label,
        })),
      )
      .execute()
  }
}

/**
 * How long after its Checkout session ends an order waiting for its card
 * payment still keeps what it holds (a drop's stock, a day's room): Stripe
 * takes no payment after the session's end, and this is time for its word
 * of one made just before to arrive.
 */
export const PAYMENT_WORD_MS = 10 * 60_000

/**
 * When a Checkout session opened now for the set-price order `requestId`
 * must end: by the time the order is given up, less PAYMENT_WORD_MS. Null
 * for an order that waits for nothing so (a custom order's deposit). A
 * treat bought now whose time is too short for a session (at least
 * `shortestMs`) waits a little longer for her, as she is paying; a drop's
 * order does not, since others wait for its stock.
 */
export async function setPriceCardWindow(
  db: Db,
  { requestId, now, shortestMs }: { requestId: number; now: number; shortestMs: number },
): Promise<{ endsAt: number } | { refused: string } | null> {
  const row = await ownTables(db)
    .selectFrom('set_price_order')
    .select(['product_id', 'unpaid_until'])
    .where('request_id', '=', requestId)
    .executeTakeFirst()
  if (!row || row.unpaid_until === null) return null
  const left = cardTimeLeft(Number(row.unpaid_until), now, shortestMs)
  if (left.fits) return { endsAt: left.latestEnd }
  if (row.product_id === null) {
    return {
      refused:
        'The time to pay for these by card has run out, so they are going back on sale. You are welcome to reserve them again.',
    }
  }
  const endsAt = now + shortestMs
  const kept = await ownTables(db)
    .updateTable('set_price_order')
    .set({ unpaid_until: endsAt + PAYMENT_WORD_MS })
    .where('request_id', '=', requestId)
    .where('unpaid_until', '=', row.unpaid_until)
    .executeTakeFirst()
  return Number(kept.numUpdatedRows) === 1
    ? { endsAt }
    : { refused: 'This order has just been closed: it was not paid in time.' }
}

/**
 * Whether an order waits to be paid whole by a set time (a card order of a
 * drop or a treat bought now), and so would still be given up paid only in
 * part; null for one that does not. `restByCard`: whether a Checkout
 * session of at least `shortestMs` could still open now for the rest
 * (setPriceCardWindow), which a drop's order can run out of.
 */
export async function paidWholeOrGivenUp(
  db: Executor,
  requestId: number,
  { now, shortestMs }: { now: number; shortestMs: number },
): Promise<{ restByCard: boolean } | null> {
  const row = await ownTables(db)
    .selectFrom('set_price_order')
    .select(['product_id', 'unpaid_until'])
    .where('request_id', '=', requestId)
    .where('unpaid_until', 'is not', null)
    .executeTakeFirst()
  if (!row) return null
  // A treat's time waits for her as she pays (setPriceCardWindow); a drop's does not.
  const left = cardTimeLeft(Number(row.unpaid_until), now, shortestMs)
  return { restByCard: row.product_id !== null || left.fits }
}

/** The latest a Checkout session may end before the order is given up, and whether one of `shortestMs` opened now fits. */
function cardTimeLeft(unpaidUntil: number, now: number, shortestMs: number) {
  const latestEnd = unpaidUntil - PAYMENT_WORD_MS
  return { latestEnd, fits: latestEnd - now >= shortestMs }
}

/** The price's lines as the quote keeps them: 'Cupcakes $36 · Frosting: Cream cheese $4.50'. */
export function linesWords(lines: readonly PriceLine[]): string {
  return lines.map((line) => `${line.label} ${formatMoney(line.cents)}`).join(' · ')
}

/** A move of a request made in this very transaction cannot be refused; if it is, nothing is kept. */
async function mustMove(trx: Transaction<Database>, move: Parameters<typeof moveRequest>[1]) {
  const moved = await moveRequest(trx, move)
  if (!moved.ok) throw new Error(`set-price order ${move.requestId}: ${moved.error}`)
}

/**
 * The order a form with `sendId` made: the link to her page (null once she
 * is erased) and what it was for. Read under the booking lock the send
 * takes, so a second tap waits for the first and then finds it.
 */
export async function orderOfSend(
  trx: Transaction<Database>,
  sendId: string,
): Promise<{ token: string | null; sent: SentOnce } | null> {
  const row = await ownTables(trx)
    .selectFrom('set_price_order')
    .innerJoin('order_request', 'order_request.id', 'set_price_order.request_id')
    .select([
      'order_request.customer_token',
      'set_price_order.product_id',
      'order_request.email',
      'order_request.due_date',
      'order_request.event_theme',
    ])
    .where('set_price_order.send_id', '=', sendId)
    .executeTakeFirst()
  if (!row) return null
  const sent = {
    productId: row.product_id === null ? null : Number(row.product_id),
    email: row.email,
    dueDate: row.due_date,
    choices: row.event_theme,
  }
  return { token: row.customer_token, sent }
}

/** What a send was for: the same form sent again asks for the same, a changed one does not. */
export interface SentOnce {
  productId: number | null
  email: string
  dueDate: string
  choices: string
}

/** Whether two sends ask for the same order: a double tap, not a page changed and sent again. */
export function sameSend(a: SentOnce, b: SentOnce): boolean {
  return (
    a.productId === b.productId &&
    a.email.trim().toLowerCase() === b.email.trim().toLowerCase() &&
    a.dueDate === b.dueDate &&
    a.choices === b.choices
  )
}

/** The private page's token of a request, for a page that links to it; null when gone. */
export async function customerTokenOf(
  db: Parameters<typeof ownTables>[0],
  requestId: number,
): Promise<string | null> {
  const row = await ownTables(db)
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirst()
  return row?.customer_token ?? null
}
