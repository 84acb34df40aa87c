import type { Selectable } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { OrderRequestTable } from '#app/db/schema.ts'
import { moneyOf, paymentTotals } from '#app/features/order-book/money.server.ts'
import { currentQuote } from '#app/features/order-book/quotes.server.ts'
import { priceRows } from '#app/features/order-book/update-details.ts'
import {
  type Money,
  chargesAfterPrice,
  depositWord,
  amountsOwed,
  depositOf,
  formatLine,
  totalOf,
} from '#app/features/order-status/money-owed.ts'
import { OWING_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import { scheduleLines } from '#app/features/order-status/payment-schedule-text.ts'
import { paymentSchedule } from '#app/features/order-status/payment-schedule.ts'
import { cardOfferOf } from '#app/features/payments/card-payments.server.ts'
import { giftCardOfferOf } from '#app/features/payments/gift-card-pay.server.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { CustomerBookEntry, CustomerLedger } from './request-status.ts'

const ownTables = tablesFor('customer-page')

/**
 * One request's card on her private page, in the order book's words
 * (customer-quotes.server.ts, readCustomerBook): who declined it, the
 * party it is quoted with, its ledger, its schedule, its quote and what is
 * still owed.
 */

/** A request of her page as readCustomerBook reads it. */
export type BookRequest = Pick<
  Selectable<OrderRequestTable>,
  | 'id'
  | 'position'
  | 'status'
  | 'payment_reference'
  | 'fulfilment'
  | 'product_type'
  | 'party_lead_id'
>

/** A request's quote as the order book keeps it. */
type StoredQuote = NonNullable<Awaited<ReturnType<typeof currentQuote>>>

/**
 * One request's entry: a party's member points to its lead's card; a lead
 * or a request of its own shows its ledger and, while it owes, its quote,
 * schedule, card and gift-card offers, and what is owed.
 */
export async function readBookEntry(
  db: Db,
  {
    request,
    byId,
    now,
    cardPayments,
    giftCards,
  }: {
    request: BookRequest
    byId: ReadonlyMap<number, BookRequest>
    now: number
    cardPayments: boolean
    giftCards: boolean
  },
): Promise<CustomerBookEntry> {
  const entry: CustomerBookEntry = { quote: null, owed: null, declinedByCustomer: false }
  if (request.status === 'declined') {
    entry.declinedByCustomer = await declinedByCustomer(db, request.id)
  }
  // A party's quote, money and answer are shown once, on its lead's card;
  // each other member points to it (decision 049).
  const lead = request.party_lead_id === null ? undefined : byId.get(request.party_lead_id)
  if (lead && lead.id !== request.id) {
    entry.partyWith = await partyWithOf(db, { request, lead })
    return entry
  }
  entry.ledger = await readLedger(db, request.id)
  if (!isIn(OWING_STATUSES, request.status)) return entry
  const [quote, money, quotes] = await Promise.all([
    currentQuote(db, request.id),
    moneyOf(db, request.id),
    ownTables(db)
      .selectFrom('request_quote')
      .select(({ fn }) => fn.countAll<number | string>().as('count'))
      .where('request_id', '=', request.id)
      .executeTakeFirstOrThrow(),
  ])
  if (!quote) return entry
  entry.schedule = scheduleOf({ request, quote, money, now })
  if (request.status === 'quoted') {
    entry.quote = quoteWords({ quote, money, number: Number(quotes.count), now })
  }
  if (cardPayments) {
    entry.card = cardOfferOf(request.status, quote.accepted_at !== null, money)
  }
  if (giftCards) {
    entry.giftCard = giftCardOfferOf(request.status, quote.accepted_at !== null, money)
  }
  if (request.status !== 'quoted' || quote.accepted_at !== null) {
    const owed = amountsOwed(money)
    entry.owed = {
      deposit: owed.depositOwed > 0 ? formatMoney(owed.depositOwed) : null,
      depositLabel: depositWord(money),
      balance: owed.balanceOwed > 0 ? formatMoney(owed.balanceOwed) : null,
    }
  }
  return entry
}

/** Whether the customer declined the request herself (not the bakery), by its last move to declined. */
async function declinedByCustomer(db: Db, requestId: number): Promise<boolean> {
  const event = await ownTables(db)
    .selectFrom('request_event')
    .select('actor')
    .where('request_id', '=', requestId)
    .where('to_status', '=', 'declined')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return event?.actor === 'customer'
}

/** A party member's pointer to its lead's card, and whether she accepted the party's quote. */
async function partyWithOf(
  db: Db,
  { request, lead }: { request: BookRequest; lead: BookRequest },
): Promise<NonNullable<CustomerBookEntry['partyWith']>> {
  const own = await currentQuote(db, request.id)
  return {
    position: lead.position,
    productType: lead.product_type,
    accepted: request.status === 'quoted' && Boolean(own?.accepted_at),
  }
}

/** Each payment of the quote and when it is due, with her reference and what is paid. */
function scheduleOf({
  request,
  quote,
  money,
  now,
}: {
  request: BookRequest
  quote: StoredQuote
  money: Money
  now: number
}): NonNullable<CustomerBookEntry['schedule']> {
  const charges = priceRows(money)
  return {
    reference: request.payment_reference,
    lines: scheduleLines(
      paymentSchedule(money, {
        status: request.status,
        depositDue: quote.deposit_due,
        balanceDue: quote.balance_due,
        today: bakeryToday(new Date(now)),
      }),
      { delivery: request.fulfilment === 'delivery', money },
    ),
    // The price alone needs no lines of its own: the schedule says it.
    ...(charges.length > 1 ? { charges } : {}),
    paid: money.paidCents > 0 ? formatMoney(money.paidCents) : null,
  }
}

const expiryFormat = () =>
  bakeryDateTimeFormat({
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })

/** The quote waiting for her answer, every amount and date written out. */
function quoteWords({
  quote,
  money,
  number,
  now,
}: {
  quote: StoredQuote
  money: Money
  number: number
  now: number
}): NonNullable<CustomerBookEntry['quote']> {
  const depositCents = depositOf(money)
  const restCents = totalOf(money) - depositCents
  const afterPrice = chargesAfterPrice(money).map((line): [string, string] => [
    line.label,
    formatLine(line.cents),
  ])
  const lines = money.lines?.map((line): [string, string] => [line.label, formatLine(line.cents)])
  const expiresAt = Number(quote.expires_at)
  return {
    number,
    price: formatMoney(Number(quote.price_cents)),
    ...(lines ? { lines } : {}),
    afterPrice,
    total: formatMoney(totalOf(money)),
    deposit: depositCents > 0 ? formatMoney(depositCents) : null,
    depositLabel: depositWord(money),
    depositDue: quote.deposit_due ? formatCalendarDate(quote.deposit_due) : null,
    balance: restCents > 0 ? formatMoney(restCents) : null,
    balanceDue: quote.balance_due ? formatCalendarDate(quote.balance_due) : null,
    paymentInstructions: quote.payment_instructions,
    message: quote.message,
    expiresAt: new Date(expiresAt).toISOString(),
    expiresLabel: expiryFormat().format(new Date(expiresAt)),
    expired: expiresAt <= now && quote.accepted_at === null,
    accepted: quote.accepted_at !== null,
  }
}

/**
 * A request's payments and refunds, oldest first, with what is paid after
 * refunds; null before anything is paid (no receipt to print yet).
 */
async function readLedger(db: Db, requestId: number): Promise<CustomerLedger | null> {
  const [payments, refunds, totals] = await Promise.all([
    ownTables(db)
      .selectFrom('payment')
      .select(['id', 'amount_cents', 'received_on', 'method'])
      .where('request_id', '=', requestId)
      .orderBy('received_on')
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('refund')
      .select(['id', 'amount_cents', 'refunded_on', 'method', 'lowered_to_cents'])
      .where('request_id', '=', requestId)
      .orderBy('refunded_on')
      .orderBy('id')
      .execute(),
    paymentTotals(db, [requestId]),
  ])
  if (payments.length === 0) return null
  const total = totals.get(requestId)!
  const entries = [
    ...payments.map((payment) => ({
      kind: 'payment' as const,
      date: payment.received_on,
      amountCents: Number(payment.amount_cents),
      method: payment.method,
    })),
    ...refunds.map((refund) => ({
      kind: 'refund' as const,
      date: refund.refunded_on,
      amountCents: Number(refund.amount_cents),
      // A card refund goes back to the card she paid with (decision 050).
      method: refund.method === 'card' ? 'to your card' : refund.method,
      loweredToCents: refund.lowered_to_cents == null ? null : Number(refund.lowered_to_cents),
    })),
  ].sort((a, b) => a.date.localeCompare(b.date))
  return {
    entries: entries.map((entry) => ({
      kind: entry.kind,
      on: formatCalendarDate(entry.date),
      amount: formatMoney(entry.amountCents),
      method: entry.method,
      // A refund that lowered the price says so (decision 060).
      ...('loweredToCents' in entry && entry.loweredToCents != null
        ? { lowered: `Price lowered to ${formatMoney(entry.loweredToCents)}` }
        : {}),
    })),
    refunded: total.refundedCents > 0 ? formatMoney(total.refundedCents) : null,
    paid: formatMoney(total.paidCents),
  }
}
