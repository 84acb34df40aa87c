import { sql } from 'kysely'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  customerEmail,
  detailsTable,
  emailButton,
  emailHeading,
  markup,
  ownerEmail,
} from '#app/features/mail/html.ts'
import { enqueueEmail, queuedDedupeKeys } from '#app/features/mail/outbox.server.ts'
import { readBookedBalances } from '#app/features/order-book/booked-balances.server.ts'
import {
  HANDOVER_COLUMNS,
  addressOf,
  formatDeliveryAddress,
  handoverLabel,
} from '#app/features/order-book/handover.ts'
import {
  moneyOf,
  moneyOfRow,
  paidSoFar,
  quoteMoneyColumns,
} from '#app/features/order-book/money.server.ts'
import { partyAlertRequest } from '#app/features/order-book/party.server.ts'
import { readPickupAddressLine } from '#app/features/order-book/pickup-address.server.ts'
import { isNewestQuote } from '#app/features/order-book/quotes.server.ts'
import { type Money, amountsOwed } from '#app/features/order-status/money-owed.ts'
import {
  BOOKED_STATUSES,
  LIVE_STATUSES,
  QUOTE_FOLLOW_UP_STATUSES,
  STATUS_LABELS,
} from '#app/features/order-status/order-status.ts'
import {
  BALANCE_REMINDER_DAYS,
  balanceDueSoon,
  balanceOverdue,
  depositOverdue,
} from '#app/features/order-status/payment-schedule.ts'
import { servingsPhrase } from '#app/features/order-status/servings.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { depositOverdueAlert } from '#app/features/owner-alerts/alert-words.ts'
import {
  type PaymentNoticeKind,
  composePaymentNotice,
} from '#app/features/payments/payment-notices.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { formatCalendarDate, bakeryTimeOf, bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { partyName } from '#app/utils/party-name.ts'

const ownTables = tablesFor('scheduled-work')

/** The owner's digest goes out from this hour of the bakery's morning. */
export const DIGEST_HOUR = 7
/** Customers are reminded from this hour of the day before their date. */
export const REMINDER_HOUR = 9

/** The hour (0–23) on the bakery's clock. */
export function bakeryHour(now: Date): number {
  return Number(bakeryTimeOf(now).slice(0, 2))
}

/**
 * Queues what is due by `now`: today's digest for the owner (from 7 in the
 * morning, bakery time) and tomorrow's reminders for customers (from 9). Each
 * email has a name of its own in the outbox ('digest:2026-11-24',
 * 'reminder:42:2026-11-25'), so running this every few minutes, after a
 * restart or on several instances queues each exactly once; a server that
 * was down at 7 sends the digest when it is back, the same day. Sending is
 * the outbox's, so a mail outage delays these, never drops them.
 */
export async function runSchedule(
  db: Db,
  { now, siteUrl }: { now: Date; siteUrl: string },
): Promise<{ digest: boolean; reminders: number; paymentNotices: number }> {
  const today = bakeryToday(now)
  const hour = bakeryHour(now)
  const digest = hour >= DIGEST_HOUR ? await queueDigest(db, { today, now, siteUrl }) : false
  const reminders = hour >= REMINDER_HOUR ? await queueReminders(db, { today, now, siteUrl }) : 0
  const paymentNotices =
    hour >= REMINDER_HOUR ? await queuePaymentNotices(db, { today, now, siteUrl }) : 0
  return { digest, reminders, paymentNotices }
}

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
 * look at the outbox's names; the rules are order-status's (payment-schedule.ts).
 */
async function queuePaymentNotices(
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

async function queueNoticesOf(
  db: Db,
  rows: NoticeRow[],
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<number> {
  const due: {
    row: NoticeRow
    kind: PaymentNoticeKind
    date: string
    owedCents: number
    money: Money
  }[] = []
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
  const keyOf = (notice: (typeof due)[number]) => `${notice.kind}:${notice.row.id}:${notice.date}`
  // Queued already (an earlier run, another instance): skipped before composing.
  const done = await queuedDedupeKeys(db, due.map(keyOf))
  const bakery = due.length > 0 ? await readSiteSection(db, 'identity') : SEED_WORDS.identity
  let queued = 0
  for (const notice of due) {
    if (done.has(keyOf(notice))) continue
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
    if (added !== undefined) queued += 1
    // The owner reads of it in the morning digest; her phone hears of it now.
    if (added !== undefined && notice.kind === 'deposit-overdue') {
      // A party's deposit is its lead's (decision 049): the alert names every treat.
      const about = await partyAlertRequest(db, row.id)
      await queueOwnerAlert(db, depositOverdueAlert(about, notice.date), now.getTime())
    }
  }
  return queued
}

const LIVE = LIVE_STATUSES

async function queueDigest(
  db: Db,
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<boolean> {
  const dedupeKey = `digest:${today}`
  // Queued already today (by this instance or another): nothing to compute.
  // The schedule runs every few minutes, so this is what most runs do.
  if (await queuedDedupeKeys(db, [dedupeKey]).then((keys) => keys.size > 0)) return false
  const tomorrow = addDays(today, 1)
  const due = await ownTables(db)
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
  // Balances past their date and still owed on booked requests (the rule is balanceOverdue's).
  const lateBalances = await readBookedBalances(db, { today, until: addDays(today, -1) })
  if (due.length + awaiting.length + overdue.length + lateBalances.length === 0) return false

  // When and where it is handed over: 'Delivery 14:00–16:00 to 12 Maple Street, Toronto M4C 1A1'.
  const handover = (row: (typeof due)[number]) => {
    if (!row.fulfilment && !row.pickup_window) return ''
    const place = row.fulfilment === 'delivery' ? formatDeliveryAddress(addressOf(row)) : null
    return ` · ${handoverLabel(row.fulfilment, row.pickup_window)}${place ? ` to ${place}` : ''}`
  }
  const dueLine = (row: (typeof due)[number]) =>
    `${row.due_date === today ? 'Today' : 'Tomorrow'}: ${row.product_type} for ${row.name} (${STATUS_LABELS[row.status]})${handover(row)}${row.servings ? `, ${servingsPhrase(row.servings)}` : ''}${row.allergies ? ` — allergies: ${row.allergies}` : ''}`
  const sections: [string, string[]][] = [
    ['Due today and tomorrow', due.map(dueLine)],
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
  const shown = sections.filter(([, lines]) => lines.length > 0)
  const heading = `Your day: ${formatCalendarDate(today)}`
  const text = [
    `${heading}.`,
    '',
    ...shown.flatMap(([title, lines]) => [`${title}:`, ...lines.map((line) => `• ${line}`), '']),
    `The order book: ${siteUrl}/admin/orders`,
  ].join('\n')
  // To the owner (no `to`). Through EmailJS the digest's text stands in for the orders' summary.
  const email = ownerEmail({
    subject: heading,
    text,
    bakeryName: (await readSiteSection(db, 'identity')).name,
    content: [
      ...shown.map(
        ([title, lines]) =>
          markup`<h2 style="font-size:18px;margin:20px 0 8px">${title}</h2><ul>${lines.map((line) => markup`<li>${line}</li>`)}</ul>`,
      ),
      markup`<p><a href="${siteUrl}/admin/orders">Open the order book</a></p>`,
    ],
    summary: text,
    orderCount: due.length,
  })
  const queued = await enqueueEmail(
    db,
    { topic: 'owner_digest', subjectId: 0, email, dedupeKey },
    now.getTime(),
  )
  return queued !== undefined
}

async function queueReminders(
  db: Db,
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<number> {
  const tomorrow = addDays(today, 1)
  // Tomorrow's confirmed requests, each with its current quote's price and
  // what has been paid, in one query.
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select((eb) => [
      'order_request.id',
      'order_request.name',
      'order_request.email',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.fulfilment',
      'order_request.customer_token',
      ...HANDOVER_COLUMNS,
      'order_request.party_lead_id',
      eb
        .selectFrom('request_quote')
        .select('request_quote.price_cents')
        .whereRef('request_quote.request_id', '=', 'order_request.id')
        .orderBy('request_quote.id', 'desc')
        .limit(1)
        .as('price_cents'),
      eb
        .selectFrom('request_quote')
        .select('request_quote.delivery_fee_cents')
        .whereRef('request_quote.request_id', '=', 'order_request.id')
        .orderBy('request_quote.id', 'desc')
        .limit(1)
        .as('delivery_fee_cents'),
      paidSoFar(eb),
    ])
    .where('order_request.due_date', '=', tomorrow)
    .where('order_request.status', 'in', BOOKED_STATUSES)
    .orderBy('order_request.id')
    .execute()
  // A party's members falling on the same day share one reminder, named by
  // the party and the day (decision 049); any other request has its own.
  const groups = new Map<string, (typeof rows)[number][]>()
  for (const row of rows) {
    const lead = row.party_lead_id == null ? null : Number(row.party_lead_id)
    const key = lead === null ? `reminder:${row.id}:${row.due_date}` : `party:${lead}`
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  const keyOf = ([first, ...others]: (typeof rows)[number][]) =>
    others.length > 0
      ? `reminder:party:${Number(first!.party_lead_id)}:${first!.due_date}`
      : `reminder:${first!.id}:${first!.due_date}`
  const batches = [...groups.values()]
  // Reminded already (an earlier run, another instance): skipped before composing.
  const done = await queuedDedupeKeys(db, batches.map(keyOf))
  // Every reminder is for a confirmed request: the pickup address may be given.
  const pickupAddress = rows.length > 0 ? await readPickupAddressLine(db) : ''
  // Her name and the bakery's, read once for the run.
  const bakery = rows.length > 0 ? await readSiteSection(db, 'identity') : SEED_WORDS.identity
  let queued = 0
  for (const members of batches) {
    if (done.has(keyOf(members))) continue
    const row = members[0]!
    // A party's balance is its lead's, wherever the lead falls (decision 049).
    const { stillOwed } =
      row.party_lead_id == null
        ? amountsOwed({
            priceCents: Number(row.price_cents ?? 0),
            deliveryFeeCents: Number(row.delivery_fee_cents ?? 0),
            depositCents: 0,
            paidCents: Number(row.paid ?? 0),
            depositWaived: false,
          })
        : amountsOwed(await moneyOf(db, Number(row.party_lead_id)))
    // Each member keeps its own time and place: a party's treats may come at two times.
    const treats = members.map((member): ReminderTreat => ({
      productType: member.product_type,
      fulfilment: member.fulfilment,
      window: member.pickup_window,
      place:
        member.fulfilment === 'delivery'
          ? formatDeliveryAddress(addressOf(member))
          : pickupAddress.trim() || null,
    }))
    const email = composeReminder({
      ...row,
      product_type: partyName(members.map((member) => member.product_type)),
      window: row.pickup_window,
      place: treats[0]!.place,
      treats,
      stillOwed,
      statusUrl: row.customer_token ? `${siteUrl}/requests/${row.customer_token}` : undefined,
      bakery,
    })
    const added = await enqueueEmail(
      db,
      { topic: 'request_reminder', subjectId: row.id, email, dedupeKey: keyOf(members) },
      now.getTime(),
    )
    if (added !== undefined) queued += 1
  }
  return queued
}

/** One treat of a reminder: what, how it changes hands, when and where. */
export interface ReminderTreat {
  productType: string
  fulfilment: string | null
  /** The handover window, HH:MM-HH:MM. */
  window: string | null
  /** Her delivery address, or the bakery's pickup address. */
  place: string | null
}

/** 'Pickup, 10:00–12:00, at 12 Rosewood Avenue' / 'Delivery, 14:00–16:00, to 88 Lilac Lane' */
function handoverOf(treat: ReminderTreat): string {
  const delivery = treat.fulfilment === 'delivery'
  return [
    delivery ? 'Delivery' : 'Pickup',
    treat.window ? formatWindow(treat.window) : null,
    treat.place ? `${delivery ? 'to' : 'at'} ${treat.place}` : null,
  ]
    .filter(Boolean)
    .join(', ')
}

/**
 * "See you tomorrow": the customer's reminder the day before their date.
 * A party's members on that day share it (decision 049), `treats` naming
 * each: when their times or places differ, each treat is listed with its own.
 */
export function composeReminder({
  name,
  email,
  product_type,
  due_date,
  fulfilment,
  window = null,
  place = null,
  treats: given,
  stillOwed,
  statusUrl,
  bakery = SEED_WORDS.identity,
}: {
  name: string
  email: string
  product_type: string
  due_date: string
  fulfilment: string | null
  /** The handover window, HH:MM-HH:MM. */
  window?: string | null
  /** Where: her delivery address, or the bakery's pickup address. */
  place?: string | null
  /** A party's treats on that day, each with its own handover (the fields above are the first's). */
  treats?: readonly ReminderTreat[]
  stillOwed: number
  statusUrl: string | undefined
  /** Her name and the bakery's (Settings › Your site). */
  bakery?: IdentityWords
}): OutgoingEmail {
  const firstName = name.split(/\s+/)[0] || name
  const treats: readonly ReminderTreat[] =
    given && given.length > 0 ? given : [{ productType: product_type, fulfilment, window, place }]
  const first = treats[0]!
  // "your Cupcakes and Cookies are", "your Cakes is": the treats as one order, or several.
  const verb = treats.length > 1 ? 'are' : 'is'
  const together = treats.every(
    (treat) =>
      treat.fulfilment === first.fulfilment &&
      treat.window === first.window &&
      treat.place === first.place,
  )
  const delivery = first.fulfilment === 'delivery'
  const subject = `See you tomorrow — your ${product_type} from ${bakery.name}`
  const when = formatCalendarDate(due_date)
  const stillToPay: [string, string][] =
    stillOwed > 0 ? [['Still to pay', formatMoney(stillOwed)]] : []
  const lines: [string, string][] = together
    ? [
        [treats.length > 1 ? 'Treats' : 'Treat', product_type],
        ['Date', when],
        [
          'How',
          delivery
            ? `We deliver ${treats.length > 1 ? 'them' : 'it'} to you`
            : 'Pickup from our kitchen',
        ],
        ...(first.window ? [['Time', formatWindow(first.window)] as [string, string]] : []),
        ...(first.place ? [[delivery ? 'To' : 'Where', first.place] as [string, string]] : []),
        ...stillToPay,
      ]
    : [
        ['Date', when],
        ...treats.map((treat): [string, string] => [treat.productType, handoverOf(treat)]),
        ...stillToPay,
      ]
  const allDelivered = treats.every((treat) => treat.fulfilment === 'delivery')
  const allPickedUp = treats.every((treat) => treat.fulfilment !== 'delivery')
  const ownTimes = treats.some((treat) => treat.window !== first.window)
  const opening = together
    ? [
        `A reminder that your ${product_type} ${verb} ${delivery ? 'coming to you' : 'ready for pickup'} tomorrow, ${endSentence(`${when}${first.window ? `, ${formatWindow(first.window)}` : ''}`)}`,
        ...(first.place ? ['', `${delivery ? 'To' : 'Where'}: ${first.place}`] : []),
      ]
    : [
        `A reminder that your ${product_type} ${verb} ${allDelivered ? 'coming to you' : allPickedUp ? 'ready for pickup' : 'due'} tomorrow, ${when}${ownTimes ? ', each at its own time' : ''}:`,
        ...treats.map((treat) => `• ${treat.productType}: ${handoverOf(treat)}`),
      ]
  const text = [
    `Hi ${firstName},`,
    '',
    ...opening,
    ...(stillOwed > 0 ? ['', `Still to pay: ${formatMoney(stillOwed)}.`] : []),
    ...(statusUrl ? ['', `Your order: ${statusUrl}`] : []),
    '',
    'Questions? Just reply to this email.',
    '',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  return customerEmail({
    to: { name, address: email },
    subject,
    text,
    preview: `Your ${product_type} ${verb} due tomorrow, ${when}.`,
    content: [
      emailHeading(`See you tomorrow, ${firstName}!`),
      detailsTable(lines),
      statusUrl ? emailButton({ href: statusUrl, label: 'See your order' }) : null,
    ],
    statusUrl,
    bakery,
  })
}
