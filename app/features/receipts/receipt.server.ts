import type { Selectable } from 'kysely'
import { localityLine } from '#app/content/bakery-address.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { PaymentTable, RefundTable } from '#app/db/schema.ts'
import { ensureReceiptIn } from '#app/features/order-book/money-in.server.ts'
import {
  PRICE_LOWERED_LINE,
  moneyOf,
  paymentTotals,
} from '#app/features/order-book/money.server.ts'
import { currentQuote } from '#app/features/order-book/quotes.server.ts'
import {
  chargesAfterPrice,
  depositWord,
  paidInOne,
  amountsOwed,
  depositOf,
  formatLine,
  totalOf,
} from '#app/features/order-status/money-owed.ts'
import {
  CALLED_OFF_STATUSES,
  STATUS_LABELS,
  isIn,
} from '#app/features/order-status/order-status.ts'
import { servingsPhrase } from '#app/features/order-status/servings.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { groupBy } from '#app/utils/group-by.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { Receipt } from './receipt.ts'

const ownTables = tablesFor('receipts')

/** What newCustomerToken makes (as request-status.server.ts reads it): anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/

/** A request's receipt number as printed: 'R-0042'. */
export function receiptNumber(id: number): string {
  return `R-${String(id).padStart(4, '0')}`
}

/**
 * The receipts a private link shows: one for each of its requests that has
 * had money paid (a refund keeps it: a refunded deposit is still on the
 * books). `position` narrows them to one request of the send. Undefined
 * when the token is nobody's, or nothing it holds has been paid: the page
 * answers 404 either way, so a link tells nothing it should not.
 *
 * A request paid without a receipt number yet (a card payment recorded by
 * its own path) gets its number here, once: see ensureReceiptIn.
 */
export async function readReceipts(
  db: Db,
  { token, position, now }: { token: string; position?: number | null; now: number },
): Promise<Receipt[] | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const found = await paidRequests(db, token, position)
  if (!found) return undefined
  const { asked, paid, totals } = found
  const ledger = await ledgerOf(
    db,
    paid.map((request) => request.id),
    now,
  )
  const identity = await readSiteSection(db, 'identity')
  const bakery = {
    name: identity.name,
    owner: identity.ownerName,
    email: identity.email,
    // Her address's public part; where she has given none, where she says she bakes.
    place: localityLine(identity) || identity.serviceArea,
  }
  const issuedOn = formatCalendarDate(bakeryToday(new Date(now)))
  return Promise.all(
    paid.map(async (request): Promise<Receipt> => {
      const [quote, money] = await Promise.all([
        currentQuote(db, request.id),
        moneyOf(db, request.id),
      ])
      const total = totals.get(request.id)!
      const totalCents = totalOf(money)
      const depositCents = depositOf(money)
      // A party's members, in the send's order, for its lines (as money.lines).
      const members = money.lines
        ? asked
            .filter((member) => Number(member.party_lead_id) === request.id)
            .sort((a, b) => a.position - b.position)
        : []
      return {
        number: receiptNumber(ledger.numbers.get(request.id)!),
        position: request.position,
        issuedOn,
        bakery,
        customer: { name: request.name, email: request.email },
        reference: request.payment_reference,
        status: STATUS_LABELS[request.status],
        lines: quote ? receiptLines(request, Number(quote.price_cents), money, members) : [],
        price: formatMoney(totalCents),
        deposit: {
          label: depositWord(money),
          ...(money.depositWaived
            ? { amount: 'Waived', note: null }
            : depositCents > 0
              ? { amount: formatMoney(depositCents), note: dueNote(quote?.deposit_due) }
              : { amount: 'None', note: null }),
        },
        balance: paidInOne(money)
          ? null
          : {
              amount: formatMoney(Math.max(0, totalCents - depositCents)),
              note: dueNote(quote?.balance_due),
            },
        payments: (ledger.payments.get(request.id) ?? []).map(paymentLine),
        refunds: (ledger.refunds.get(request.id) ?? []).map(refundLine),
        received: formatMoney(total.receivedCents),
        refunded: total.refundedCents > 0 ? formatMoney(total.refundedCents) : null,
        paid: formatMoney(total.paidCents),
        // A called-off request owes nothing more: its receipt says so rather than a balance.
        stillOwed: isIn(CALLED_OFF_STATUSES, request.status)
          ? formatMoney(0)
          : formatMoney(amountsOwed(money).stillOwed),
      }
    }),
  )
}

type Asked = Awaited<ReturnType<typeof askedRequests>>[number]

/** The link's requests, in the send's order. */
function askedRequests(db: Db, token: string) {
  return ownTables(db)
    .selectFrom('order_request')
    .select([
      'id',
      'position',
      'name',
      'email',
      'product_type',
      'due_date',
      'servings',
      'fulfilment',
      'status',
      'payment_reference',
      'party_lead_id',
    ])
    .where('customer_token', '=', token)
    .orderBy('position')
    .execute()
}

/**
 * The requests of the link (or of its one `position`) that have a receipt:
 * paid, and a party's lead for its members (decision 049: a party has one
 * receipt, its lead's, which a member's position shows and the send's list
 * shows once). Undefined when there are none.
 */
async function paidRequests(db: Db, token: string, position: number | null | undefined) {
  const asked = await askedRequests(db, token)
  const wanted = position == null ? asked : asked.filter((request) => request.position === position)
  const leadIds = new Set(wanted.map((request) => Number(request.party_lead_id ?? request.id)))
  const requests = asked.filter((request) => leadIds.has(Number(request.id)))
  if (requests.length === 0) return undefined
  const totals = await paymentTotals(
    db,
    requests.map((request) => request.id),
  )
  const paid = requests.filter((request) => (totals.get(request.id)?.receivedCents ?? 0) > 0)
  return paid.length === 0 ? undefined : { asked, paid, totals }
}

/** The paid requests' receipt numbers (given here the first time: ensureReceiptIn), and their payments and refunds by request. */
async function ledgerOf(db: Db, ids: number[], now: number) {
  const [numbers, payments, refunds] = await Promise.all([
    db.transaction().execute(async (trx) => {
      const assigned = new Map<number, number>()
      for (const id of ids) assigned.set(id, await ensureReceiptIn(trx, { requestId: id, now }))
      return assigned
    }),
    ownTables(db)
      .selectFrom('payment')
      .select(['request_id', 'amount_cents', 'received_on', 'method'])
      .where('request_id', 'in', ids)
      .orderBy('received_on')
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('refund')
      .select(['request_id', 'amount_cents', 'refunded_on', 'method', 'reason', 'lowered_to_cents'])
      .where('request_id', 'in', ids)
      .orderBy('refunded_on')
      .orderBy('id')
      .execute(),
  ])
  const byRequest = (row: { request_id: number }) => Number(row.request_id)
  return { numbers, payments: groupBy(payments, byRequest), refunds: groupBy(refunds, byRequest) }
}

/** A payment as the receipt lists it. */
function paymentLine(
  payment: Pick<Selectable<PaymentTable>, 'received_on' | 'method' | 'amount_cents'>,
) {
  return {
    on: formatCalendarDate(payment.received_on),
    method: payment.method,
    amount: formatMoney(Number(payment.amount_cents)),
  }
}

/** A refund as the receipt lists it: one that lowered the price says so beside its method (decision 060). */
function refundLine(
  refund: Pick<
    Selectable<RefundTable>,
    'refunded_on' | 'method' | 'amount_cents' | 'lowered_to_cents' | 'reason'
  >,
) {
  return {
    on: formatCalendarDate(refund.refunded_on),
    method: [
      refund.method === 'card' ? 'to your card' : refund.method,
      refund.lowered_to_cents == null
        ? ''
        : `price lowered to ${formatMoney(Number(refund.lowered_to_cents))}`,
    ]
      .filter(Boolean)
      .join(' · '),
    amount: formatMoney(Number(refund.amount_cents)),
    reason: refund.reason,
  }
}

type Money = Awaited<ReturnType<typeof moneyOf>>

/**
 * What the receipt lists: the treat at its quoted price, or a party's
 * treats each on its own line with what a refund took off the price after
 * them (decision 060); then a delivery's fee, a code and taxes, as every
 * page lists them.
 */
function receiptLines(request: Asked, priceCents: number, money: Money, members: Asked[]) {
  const treats = money.lines?.filter((line) => line.label !== PRICE_LOWERED_LINE)
  const lowered = money.lines?.find((line) => line.label === PRICE_LOWERED_LINE)
  const treatLines =
    treats && members.length === treats.length
      ? [
          ...treats.map((line, index) => ({
            description: line.label,
            detail: detailOf(members[index]!),
            amount: formatMoney(line.cents),
          })),
          ...(lowered
            ? [{ description: lowered.label, detail: '', amount: formatLine(lowered.cents) }]
            : []),
        ]
      : [
          {
            description: request.product_type,
            detail: detailOf(request),
            amount: formatMoney(priceCents),
          },
        ]
  return [
    ...treatLines,
    ...chargesAfterPrice(money).map((line) => ({
      description: line.label,
      // A tax's registration number, as a receipt for a taxed sale must say.
      detail: line.detail ?? '',
      amount: formatLine(line.cents),
    })),
  ]
}

/** "For Saturday, May 16, 2026, serves 20, picked up". */
function detailOf(request: Asked): string {
  return [
    `For ${formatCalendarDate(request.due_date)}`,
    request.servings?.trim() ? servingsPhrase(request.servings) : null,
    request.fulfilment === 'delivery' ? 'delivered' : request.fulfilment ? 'picked up' : null,
  ]
    .filter(Boolean)
    .join(', ')
}

function dueNote(due: string | null | undefined): string | null {
  return due ? `due ${formatCalendarDate(due)}` : null
}

/** What a receipt's page and its PDF answer with: for the holder of the link alone. */
export const RECEIPT_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
} as const
