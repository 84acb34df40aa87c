import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { enqueueEmail, queuedDedupeKeys } from '#app/features/mail/outbox.server.ts'
import {
  HANDOVER_COLUMNS,
  addressOf,
  formatDeliveryAddress,
} from '#app/features/order-book/handover.ts'
import { moneyOf, paidSoFar } from '#app/features/order-book/money.server.ts'
import { readPickupAddressLine } from '#app/features/order-book/pickup-address.server.ts'
import { amountsOwed, discountOfRow } from '#app/features/order-status/money-owed.ts'
import { BOOKED_STATUSES } from '#app/features/order-status/order-status.ts'
import { taxesOfColumn } from '#app/features/order-status/tax-rules.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { partyName } from '#app/utils/party-name.ts'
import { type ReminderTreat, composeReminder } from './reminder-email.ts'

const ownTables = tablesFor('scheduled-work')

/**
 * The customers' reminders the day before their date: one for each booked
 * request tomorrow, or one for a party's members on that day. Each is named
 * in the outbox ('reminder:42:2026-11-25', 'reminder:party:7:2026-11-25'),
 * so it is queued once however often this runs.
 */
export async function queueReminders(
  db: Db,
  { today, now, siteUrl }: { today: string; now: Date; siteUrl: string },
): Promise<number> {
  const rows = await readTomorrowsBooked(db, addDays(today, 1))
  const batches = reminderBatches(rows)
  // Reminded already (an earlier run, another instance): skipped before composing.
  const done = await queuedDedupeKeys(db, batches.map(reminderKey))
  // Every reminder is for a confirmed request: the pickup address may be given.
  const pickupAddress = rows.length > 0 ? await readPickupAddressLine(db) : ''
  // Her name and the bakery's, read once for the run.
  const bakery = rows.length > 0 ? await readSiteSection(db, 'identity') : SEED_WORDS.identity
  let queued = 0
  for (const members of batches) {
    if (done.has(reminderKey(members))) continue
    const email = await reminderFor(db, members, { pickupAddress, bakery, siteUrl })
    const added = await enqueueEmail(
      db,
      {
        topic: 'request_reminder',
        subjectId: members[0]!.id,
        email,
        dedupeKey: reminderKey(members),
      },
      now.getTime(),
    )
    if (added !== undefined) queued += 1
  }
  return queued
}

/**
 * Tomorrow's confirmed requests, each with its current quote's price and
 * what has been paid, in one query.
 */
function readTomorrowsBooked(db: Db, tomorrow: string) {
  return ownTables(db)
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
      'order_request.discount_cents',
      'order_request.discount_code',
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
      eb
        .selectFrom('request_quote')
        .select('request_quote.taxes')
        .whereRef('request_quote.request_id', '=', 'order_request.id')
        .orderBy('request_quote.id', 'desc')
        .limit(1)
        .as('taxes'),
      paidSoFar(eb),
    ])
    .where('order_request.due_date', '=', tomorrow)
    .where('order_request.status', 'in', BOOKED_STATUSES)
    .orderBy('order_request.id')
    .execute()
}

type BookedRow = Awaited<ReturnType<typeof readTomorrowsBooked>>[number]

/**
 * A party's members falling on the same day share one reminder, named by
 * the party and the day (decision 049); any other request has its own.
 */
function reminderBatches(rows: BookedRow[]): BookedRow[][] {
  const groups = new Map<string, BookedRow[]>()
  for (const row of rows) {
    const lead = row.party_lead_id == null ? null : Number(row.party_lead_id)
    const key = lead === null ? `reminder:${row.id}:${row.due_date}` : `party:${lead}`
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  return [...groups.values()]
}

function reminderKey([first, ...others]: BookedRow[]): string {
  return others.length > 0
    ? `reminder:party:${Number(first!.party_lead_id)}:${first!.due_date}`
    : `reminder:${first!.id}:${first!.due_date}`
}

/** One batch's reminder: what is still owed, and each member's own handover. */
async function reminderFor(
  db: Db,
  members: BookedRow[],
  {
    pickupAddress,
    bakery,
    siteUrl,
  }: { pickupAddress: string; bakery: IdentityWords; siteUrl: string },
) {
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
          discount: discountOfRow(row),
          taxes: taxesOfColumn(row.taxes),
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
  return composeReminder({
    ...row,
    product_type: partyName(members.map((member) => member.product_type)),
    window: row.pickup_window,
    place: treats[0]!.place,
    treats,
    stillOwed,
    statusUrl: row.customer_token ? `${siteUrl}/requests/${row.customer_token}` : undefined,
    bakery,
  })
}
