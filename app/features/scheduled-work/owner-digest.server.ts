import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { markup, ownerEmail } from '#app/features/mail/html.ts'
import { enqueueEmail, queuedDedupeKeys } from '#app/features/mail/outbox.server.ts'
import { readBookedBalances } from '#app/features/order-book/booked-balances.server.ts'
import {
  HANDOVER_COLUMNS,
  addressOf,
  formatDeliveryAddress,
  handoverLabel,
} from '#app/features/order-book/handover.ts'
import { moneyOfRow, quoteMoneyColumns } from '#app/features/order-book/money.server.ts'
import { isNewestQuote } from '#app/features/order-book/quotes.server.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import {
  LIVE_STATUSES,
  QUOTE_FOLLOW_UP_STATUSES,
  STATUS_LABELS,
} from '#app/features/order-status/order-status.ts'
import { depositOverdue } from '#app/features/order-status/payment-schedule.ts'
import { servingsPhrase } from '#app/features/order-status/servings.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

const ownTables = tablesFor('scheduled-work')

const LIVE = LIVE_STATUSES

/**
 * The owner's morning digest: what is due today and tomorrow, quotes
 * waiting for an answer, deposits and balances overdue. Named 'digest:<day>'
 * in the outbox, so it is queued once a day; a day with nothing to say
 * sends none.
 */
export async function queueDigest(
  db: Db,
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<boolean> {
  const dedupeKey = `digest:${today}`
  // Queued already today (by this instance or another): nothing to compute.
  // The schedule runs every few minutes, so this is what most runs do.
  if (await queuedDedupeKeys(db, [dedupeKey]).then((keys) => keys.size > 0)) return false
  const due = await readDueSoon(db, today)
  const { awaiting, overdue } = await readQuotesToChase(db, today)
  // Balances past their date and still owed on booked requests (the rule is balanceOverdue's).
  const lateBalances = await readBookedBalances(db, { today, until: addDays(today, -1) })
  if (due.length + awaiting.length + overdue.length + lateBalances.length === 0) return false

  const sections: DigestSection[] = [
    ['Due today and tomorrow', due.map((row) => dueLine(row, today))],
    [
      'Quotes waiting for an answer',
      awaiting.map(
        (row) => `${row.product_type} for ${row.name}, ${formatCalendarDate(row.due_date)}`,
      ),
    ],
    [
      'Deposits overdue',
      overdue.map(
        (row) =>
          `${row.product_type} for ${row.name}: ${formatMoney(row.owed)} was due ${formatCalendarDate(row.deposit_due!)}`,
      ),
    ],
    [
      'Balances overdue',
      lateBalances.map(
        (row) =>
          `${row.productType} for ${row.name}: ${formatMoney(row.owedCents)} was due ${formatCalendarDate(row.balanceDue)}`,
      ),
    ],
  ]
  const email = composeDigest(sections, {
    today,
    siteUrl,
    orderCount: due.length,
    bakeryName: (await readSiteSection(db, 'identity')).name,
  })
  const queued = await enqueueEmail(
    db,
    { topic: 'owner_digest', subjectId: 0, email, dedupeKey },
    now.getTime(),
  )
  return queued !== undefined
}

/** Today's and tomorrow's live requests, by day. */
function readDueSoon(db: Db, today: string) {
  const tomorrow = addDays(today, 1)
  return ownTables(db)
    .selectFrom('order_request')
    .select([
      'id',
      'name',
      'product_type',
      'due_date',
      'status',
      'servings',
      'allergies',
      'fulfilment',
      ...HANDOVER_COLUMNS,
    ])
    .where('due_date', 'in', [today, tomorrow])
    .where('status', 'in', LIVE)
    .orderBy('due_date')
    .orderBy('id')
    .execute()
}

type DueRow = Awaited<ReturnType<typeof readDueSoon>>[number]

/** The quotes the digest names: those waiting for an answer, and those whose deposit is overdue. */
async function readQuotesToChase(db: Db, today: string) {
  // One query for every quote the digest may name: each quoted or confirmed
  // request's current quote (no newer one), still unanswered or with its
  // deposit date passed, with what has been paid on it. The old way asked
  // three more queries per request; the deposit rule itself stays in
  // lifecycle.ts (amountsOwed, depositOverdue), applied to these rows.
  const quoted = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select((eb) => [
      'order_request.id',
      'order_request.name',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.status',
      'request_quote.accepted_at',
      'request_quote.deposit_due',
      ...quoteMoneyColumns(eb),
    ])
    .where('order_request.status', 'in', QUOTE_FOLLOW_UP_STATUSES)
    .where(isNewestQuote)
    .where((eb) =>
      eb.or([
        eb('request_quote.accepted_at', 'is', null),
        eb('request_quote.deposit_due', '<', today),
      ]),
    )
    .orderBy('request_quote.id', 'desc')
    .execute()
  const awaiting = quoted.filter((row) => row.accepted_at === null)
  const overdue = []
  for (const row of quoted) {
    if (!row.deposit_due) continue
    const owed = amountsOwed(moneyOfRow(row)).depositOwed
    const late = depositOverdue({
      status: row.status,
      depositDue: row.deposit_due,
      depositOwed: owed,
      today,
    })
    if (late) overdue.push({ ...row, owed })
  }
  return { awaiting, overdue }
}

// When and where it is handed over: 'Delivery 14:00–16:00 to 12 Maple Street, Toronto M4C 1A1'.
function handover(row: DueRow): string {
  if (!row.fulfilment && !row.pickup_window) return ''
  const place = row.fulfilment === 'delivery' ? formatDeliveryAddress(addressOf(row)) : null
  return ` · ${handoverLabel(row.fulfilment, row.pickup_window)}${place ? ` to ${place}` : ''}`
}

function dueLine(row: DueRow, today: string): string {
  return `${row.due_date === today ? 'Today' : 'Tomorrow'}: ${row.product_type} for ${row.name} (${STATUS_LABELS[row.status]})${handover(row)}${row.servings ? `, ${servingsPhrase(row.servings)}` : ''}${row.allergies ? ` — allergies: ${row.allergies}` : ''}`
}

/** A heading of the digest and its lines. */
type DigestSection = [string, string[]]

/** The digest's email, showing only the sections with something in them. */
function composeDigest(
  sections: DigestSection[],
  {
    today,
    siteUrl,
    orderCount,
    bakeryName,
  }: { today: string; siteUrl: string; orderCount: number; bakeryName: string },
) {
  const shown = sections.filter(([, lines]) => lines.length > 0)
  const heading = `Your day: ${formatCalendarDate(today)}`
  const text = [
    `${heading}.`,
    '',
    ...shown.flatMap(([title, lines]) => [`${title}:`, ...lines.map((line) => `• ${line}`), '']),
    `The order book: ${siteUrl}/admin/orders`,
  ].join('\n')
  // To the owner (no `to`). Through EmailJS the digest's text stands in for the orders' summary.
  return ownerEmail({
    subject: heading,
    text,
    bakeryName,
    content: [
      ...shown.map(
        ([title, lines]) =>
          markup`<h2 style="font-size:18px;margin:20px 0 8px">${title}</h2><ul>${lines.map((line) => markup`<li>${line}</li>`)}</ul>`,
      ),
      markup`<p><a href="${siteUrl}/admin/orders">Open the order book</a></p>`,
    ],
    summary: text,
    orderCount,
  })
}
