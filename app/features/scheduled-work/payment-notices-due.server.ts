import { sql } from 'kysely'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { enqueueEmail, queuedDedupeKeys } from '#app/features/mail/outbox.server.ts'
import { moneyOfRow, quoteMoneyColumns } from '#app/features/order-book/money.server.ts'
import { partyAlertRequest } from '#app/features/order-book/party.server.ts'
import { isNewestQuote } from '#app/features/order-book/quotes.server.ts'
import { type Money, amountsOwed } from '#app/features/order-status/money-owed.ts'
import { BOOKED_STATUSES } from '#app/features/order-status/order-status.ts'
import {
  BALANCE_REMINDER_DAYS,
  balanceDueSoon,
  balanceOverdue,
  depositOverdue,
} from '#app/features/order-status/payment-schedule.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { depositOverdueAlert } from '#app/features/owner-alerts/alert-words.ts'
import {
  type PaymentNoticeKind,
  composePaymentNotice,
} from '#app/features/payments/payment-notices.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'

const ownTables = tablesFor('scheduled-work')

/** Requests read per page by the payment notices: a server back after weeks away works through them. */
const NOTICE_PAGE_SIZE = 200

/**
 * The customers' payment emails (decision 044): a reminder
 * BALANCE_REMINDER_DAYS before a balance is due, and a notice once a deposit
 * or a balance is overdue. Each has a name of its own in the outbox
 * ('balance-reminder:42:2026-12-05', 'balance-overdue:…', 'deposit-overdue:…',
 * with the date it is about, so a new quote with a new date is a new
 * email), so it is queued once however often, and on however many
 * instances, this runs. Read in pages of requests by id, each page one
 * query (its rows joined to their newest quote and their payments) and one
 * look at the outbox's names; the rules are order-status.ts's.
 */
export async function queuePaymentNotices(
  db: Db,
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<number> {
  let queued = 0
  for (const kind of ['balance', 'deposit'] as const) {
    let afterId = 0
    for (;;) {
      const page = await noticePage(db, { kind, today, afterId })
      queued += await queueNoticesOf(db, page, { today, now, siteUrl })
      if (page.length < NOTICE_PAGE_SIZE) break
      afterId = Number(page.at(-1)!.id)
    }
  }
  return queued
}

/**
 * One page of the requests a notice may be due for: booked ones whose
 * balance falls due within the reminder's days or before (through the
 * status index), or accepted quotes whose deposit date has passed (through
 * the small partial index of quoted requests).
 */
function noticePage(
  db: Db,
  { kind, today, afterId }: { kind: 'balance' | 'deposit'; today: string; afterId: number },
) {
  let query = ownTables(db)
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select((eb) => [
      'order_request.id',
      'order_request.name',
      'order_request.email',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.status',
      'order_request.fulfilment',
      'order_request.customer_token',
      'order_request.payment_reference',
      'order_request.position',
      'request_quote.deposit_due',
      'request_quote.balance_due',
      'request_quote.payment_instructions',
      ...quoteMoneyColumns(eb),
    ])
    .where('order_request.id', '>', afterId)
    .where(isNewestQuote)
  query =
    kind === 'balance'
      ? query
          .where('order_request.status', 'in', BOOKED_STATUSES)
          .where('request_quote.balance_due', 'is not', null)
          .where('request_quote.balance_due', '<=', addDays(today, BALANCE_REMINDER_DAYS))
      : query
          // Written out, so both databases read the partial index of quoted requests.
          .where('order_request.status', '=', sql.lit('quoted'))
          // Only a quote she said yes to: one not answered yet is not chased, it lapses.
          .where('request_quote.accepted_at', 'is not', null)
          .where('request_quote.deposit_due', '<', today)
  return query.orderBy('order_request.id').limit(NOTICE_PAGE_SIZE).execute()
}

type NoticeRow = Awaited<ReturnType<typeof noticePage>>[number]

/** A notice due to one request: which, the date it is about and what is owed. */
interface DueNotice {
  row: NoticeRow
  kind: PaymentNoticeKind
  date: string
  owedCents: number
  money: Money
}

const keyOf = (notice: DueNotice) => `${notice.kind}:${notice.row.id}:${notice.date}`

async function queueNoticesOf(
  db: Db,
  rows: NoticeRow[],
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<number> {
  const due = noticesDue(rows, today)
  // Queued already (an earlier run, another instance): skipped before composing.
  const done = await queuedDedupeKeys(db, due.map(keyOf))
  const bakery = due.length > 0 ? await readSiteSection(db, 'identity') : SEED_WORDS.identity
  let queued = 0
  for (const notice of due) {
    if (done.has(keyOf(notice))) continue
    if (await queueNotice(db, notice, { today, now, siteUrl, bakery })) queued += 1
  }
  return queued
}

/** The notice each row is due, if any: an overdue deposit first, then the balance's. */
function noticesDue(rows: NoticeRow[], today: string): DueNotice[] {
  const due: DueNotice[] = []
  for (const row of rows) {
    const money = moneyOfRow(row)
    const { depositOwed, stillOwed } = amountsOwed(money)
    const status = row.status
    if (depositOverdue({ status, depositDue: row.deposit_due, depositOwed, today })) {
      due.push({
        row,
        kind: 'deposit-overdue',
        date: row.deposit_due!,
        owedCents: depositOwed,
        money,
      })
      continue
    }
    const balance = { status, balanceDue: row.balance_due, stillOwed, today }
    if (balanceOverdue(balance)) {
      due.push({
        row,
        kind: 'balance-overdue',
        date: row.balance_due!,
        owedCents: stillOwed,
        money,
      })
    } else if (balanceDueSoon({ ...balance, until: addDays(today, BALANCE_REMINDER_DAYS) })) {
      due.push({
        row,
        kind: 'balance-reminder',
        date: row.balance_due!,
        owedCents: stillOwed,
        money,
      })
    }
  }
  return due
}

/** Queues one notice; an overdue deposit alerts the owner's phone too. True when it was queued. */
async function queueNotice(
  db: Db,
  notice: DueNotice,
  {
    today,
    now,
    siteUrl,
    bakery,
  }: { today: string; now: Date; siteUrl: string; bakery: IdentityWords },
): Promise<boolean> {
  const { row } = notice
  const email = composePaymentNotice(notice.kind, {
    request: row,
    quote: {
      depositDue: row.deposit_due,
      balanceDue: row.balance_due,
      paymentInstructions: row.payment_instructions,
    },
    money: notice.money,
    owedCents: notice.owedCents,
    due: notice.date,
    today,
    siteUrl,
    cardPayments: cardPaymentsOn(),
    bakery,
  })
  const added = await enqueueEmail(
    db,
    { topic: 'payment_notice', subjectId: row.id, email, dedupeKey: keyOf(notice) },
    now.getTime(),
  )
  // The owner reads of it in the morning digest; her phone hears of it now.
  if (added !== undefined && notice.kind === 'deposit-overdue') {
    // A party's deposit is its lead's (decision 049): the alert names every treat.
    const about = await partyAlertRequest(db, row.id)
    await queueOwnerAlert(db, depositOverdueAlert(about, notice.date), now.getTime())
  }
  return added !== undefined
}
