import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { addDays } from '#app/features/availability/availability.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  customerEmail,
  detailsTable,
  emailButton,
  emailHeading,
  markup,
  ownerEmailHtml,
} from '#app/features/mail/html.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import {
  BOOKED_STATUSES,
  LIVE_STATUSES,
  QUOTE_FOLLOW_UP_STATUSES,
  STATUS_LABELS,
  amountsOwed,
  depositOverdue,
} from '#app/features/order-status/order-status.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { moneyOf } from './order-book.server.ts'
import { servingsPhrase } from './servings.ts'

/** The owner's digest goes out from this hour of the bakery's morning. */
export const DIGEST_HOUR = 7
/** Customers are reminded from this hour of the day before their date. */
export const REMINDER_HOUR = 9

const hourFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: site.timeZone,
  hour: 'numeric',
  hourCycle: 'h23',
})

/** The hour (0–23) on the bakery's clock. */
export function bakeryHour(now: Date): number {
  return Number(hourFormat.format(now))
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
): Promise<{ digest: boolean; reminders: number }> {
  const today = bakeryToday(now)
  const hour = bakeryHour(now)
  const digest = hour >= DIGEST_HOUR ? await queueDigest(db, { today, now, siteUrl }) : false
  const reminders = hour >= REMINDER_HOUR ? await queueReminders(db, { today, now, siteUrl }) : 0
  return { digest, reminders }
}

const LIVE = LIVE_STATUSES

async function queueDigest(
  db: Db,
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<boolean> {
  const tomorrow = addDays(today, 1)
  const due = await db
    .selectFrom('order_request')
    .select(['id', 'name', 'product_type', 'due_date', 'status', 'servings', 'allergies'])
    .where('due_date', 'in', [today, tomorrow])
    .where('status', 'in', LIVE)
    .orderBy('due_date')
    .orderBy('id')
    .execute()
  const quoted = await db
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select([
      'order_request.id',
      'order_request.name',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.status',
      'request_quote.accepted_at',
      'request_quote.deposit_due',
    ])
    .where('order_request.status', 'in', QUOTE_FOLLOW_UP_STATUSES)
    .orderBy('request_quote.id', 'desc')
    .execute()
  // The newest quote of each request is the one that counts.
  const latest = new Map<number, (typeof quoted)[number]>()
  for (const row of quoted) if (!latest.has(row.id)) latest.set(row.id, row)
  const awaiting = [...latest.values()].filter((row) => row.accepted_at === null)
  const overdue = []
  for (const row of latest.values()) {
    if (!row.deposit_due) continue
    const owed = amountsOwed(await moneyOf(db, row.id)).depositOwed
    const late = depositOverdue({
      status: row.status,
      depositDue: row.deposit_due,
      depositOwed: owed,
      today,
    })
    if (late) overdue.push({ ...row, owed })
  }
  if (due.length + awaiting.length + overdue.length === 0) return false

  const dueLine = (row: (typeof due)[number]) =>
    `${row.due_date === today ? 'Today' : 'Tomorrow'}: ${row.product_type} for ${row.name} (${STATUS_LABELS[row.status]})${row.servings ? `, ${servingsPhrase(row.servings)}` : ''}${row.allergies ? ` — allergies: ${row.allergies}` : ''}`
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
  ]
  const shown = sections.filter(([, lines]) => lines.length > 0)
  const heading = `Your day: ${formatCalendarDate(today)}`
  const text = [
    `${heading}.`,
    '',
    ...shown.flatMap(([title, lines]) => [`${title}:`, ...lines.map((line) => `• ${line}`), '']),
    `The order book: ${siteUrl}/admin/orders`,
  ].join('\n')
  const html = ownerEmailHtml({
    heading,
    content: [
      ...shown.map(
        ([title, lines]) =>
          markup`<h2 style="font-size:18px;margin:20px 0 8px">${title}</h2><ul>${lines.map((line) => markup`<li>${line}</li>`)}</ul>`,
      ),
      markup`<p><a href="${siteUrl}/admin/orders">Open the order book</a></p>`,
    ],
  })
  const email: OutgoingEmail = {
    subject: heading,
    text,
    html,
    // To the owner (no `to`). Through EmailJS it takes the order template's
    // two parameters, the digest's text standing in for the orders' summary.
    emailjs: {
      call: 'send',
      template: 'order',
      templateParams: { order_count: String(due.length), orders_summary: text },
    },
  }
  const queued = await enqueueEmail(
    db,
    { topic: 'owner_digest', subjectId: 0, email, dedupeKey: `digest:${today}` },
    now.getTime(),
  )
  return queued !== undefined
}

async function queueReminders(
  db: Db,
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<number> {
  const tomorrow = addDays(today, 1)
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'name', 'email', 'product_type', 'due_date', 'fulfilment', 'customer_token'])
    .where('due_date', '=', tomorrow)
    .where('status', 'in', BOOKED_STATUSES)
    .orderBy('id')
    .execute()
  let queued = 0
  for (const row of rows) {
    const { balanceOwed } = amountsOwed(await moneyOf(db, row.id))
    const email = composeReminder({
      ...row,
      balanceOwed,
      statusUrl: row.customer_token ? `${siteUrl}/requests/${row.customer_token}` : undefined,
    })
    const added = await enqueueEmail(
      db,
      {
        topic: 'request_reminder',
        subjectId: row.id,
        email,
        dedupeKey: `reminder:${row.id}:${row.due_date}`,
      },
      now.getTime(),
    )
    if (added !== undefined) queued += 1
  }
  return queued
}

/** "See you tomorrow": the customer's reminder the day before their date. */
export function composeReminder({
  name,
  email,
  product_type,
  due_date,
  fulfilment,
  balanceOwed,
  statusUrl,
}: {
  name: string
  email: string
  product_type: string
  due_date: string
  fulfilment: string | null
  balanceOwed: number
  statusUrl: string | undefined
}): OutgoingEmail {
  const firstName = name.split(/\s+/)[0] || name
  const delivery = fulfilment === 'delivery'
  const subject = `See you tomorrow — your ${product_type} from ${site.brandTitle}`
  const when = formatCalendarDate(due_date)
  const lines: [string, string][] = [
    ['Treat', product_type],
    ['Date', when],
    ['How', delivery ? 'We deliver it to you' : 'Pickup from our kitchen'],
    ...(balanceOwed > 0 ? [['Still to pay', formatMoney(balanceOwed)] as [string, string]] : []),
  ]
  const text = [
    `Hi ${firstName},`,
    '',
    `A reminder that your ${product_type} is ${delivery ? 'coming to you' : 'ready for pickup'} tomorrow, ${when}.`,
    ...(balanceOwed > 0 ? ['', `Still to pay: ${formatMoney(balanceOwed)}.`] : []),
    ...(statusUrl ? ['', `Your request: ${statusUrl}`] : []),
    '',
    'Questions? Just reply to this email.',
    '',
    `${site.ownerName}, ${site.brandTitle}`,
  ].join('\n')
  return customerEmail({
    to: { name, address: email },
    subject,
    text,
    preview: `Your ${product_type} is due tomorrow, ${when}.`,
    content: [
      emailHeading(`See you tomorrow, ${firstName}!`),
      detailsTable(lines),
      statusUrl ? emailButton({ href: statusUrl, label: 'See your request' }) : null,
    ],
    statusUrl,
  })
}
