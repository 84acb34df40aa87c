import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import {
  HANDOVER_COLUMNS,
  addressOf,
  formatDeliveryAddress,
  handoverLabel,
} from '#app/features/order-book/handover.ts'
import { FEED_STATUSES, STATUS_LABELS } from '#app/features/order-status/order-status.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryInstant, bakeryToday } from '#app/utils/dates.ts'
import { streamPages } from '#app/utils/page-stream.server.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type IcalKeyActionResult, ROTATE_ICAL_KEY } from './calendar-feed-settings.tsx'
import { escapeIcalText, icalLines } from './ical-text.ts'

const ownTables = tablesFor('owner-desk')

type Executor = Kysely<Database> | Transaction<Database>

/** 144 random bits, URL-safe: the only credential the feed has (phones fetch it without a session). */
function newIcalKey(): string {
  return randomBytes(18).toString('base64url')
}

/**
 * The feed's key, made the first time the owner's settings page asks for it.
 * The update names the empty key it fills, so two first visits at once agree
 * on one key rather than each showing its own.
 */
export async function ensureIcalKey(db: Executor): Promise<string> {
  await ownTables(db)
    .updateTable('booking_settings')
    .set({ ical_key: newIcalKey() })
    .where('id', '=', 1)
    .where('ical_key', 'is', null)
    .execute()
  const { ical_key } = await ownTables(db)
    .selectFrom('booking_settings')
    .select('ical_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return ical_key!
}

/** A new key: every URL with the old one stops working at once. */
export async function rotateIcalKey(db: Executor): Promise<string> {
  const key = newIcalKey()
  await ownTables(db)
    .updateTable('booking_settings')
    .set({ ical_key: key })
    .where('id', '=', 1)
    .execute()
  return key
}

/** Compares in constant time: hashing first makes both sides the same length, so no length leaks either. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** The feed's address, as the settings page shows it. */
export function feedUrls(siteUrl: string, key: string) {
  const https = `${siteUrl}/admin/calendar.ics?key=${encodeURIComponent(key)}`
  return { https, webcal: https.replace(/^https?:\/\//, 'webcal://') }
}

/** How far back the feed reaches: a month or three of past orders, not the whole book. */
export const FEED_PAST_DAYS = 90

/**
 * Events per page read from the database and written to the phone. A page
 * is what the phone waits for before its first byte, and what any other
 * request waits behind: 100 events take a few milliseconds, as the CSV's
 * 100 rows do (500 made the first byte four times slower at 100,000
 * requests, decision 042), and keyset pages cost the same however deep.
 */
const FEED_PAGE_SIZE = 100

/**
 * The feed's dates: from FEED_PAST_DAYS before the bakery's today to the
 * last date customers can book (the booking horizon). Past events older than
 * that are history a phone does not need every hour, and without a bound the
 * feed grew with the book forever.
 */
export function feedWindow(today: string, horizonDays: number): { from: string; to: string } {
  return { from: addDays(today, -FEED_PAST_DAYS), to: addDays(today, horizonDays) }
}

/** The feed's head, with her bakery's name (Settings › Your site). */
const feedHead = (bakeryName: string) => [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  `PRODID:-//${bakeryName}//Order book//EN`,
  `NAME:${bakeryName} orders`,
  `X-WR-CALNAME:${bakeryName} orders`,
  // Phones ask again about this often; the feed is small.
  'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  'X-PUBLISHED-TTL:PT1H',
]
// As the feed always ended (no line break after the last line).
const FEED_TAIL = 'END:VCALENDAR'

type FeedCursor = { dueDate: string; id: number } | 'first'

/** '2026-12-12' → '20261212': a DATE value. */
const icalDate = (day: string) => day.replaceAll('-', '')

/** A moment as a UTC DATE-TIME: '20261212T150000Z'. */
const icalInstant = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/**
 * When a request's event is: its handover window, in UTC from the bakery's
 * time zone, when it has one; otherwise its due date as an all-day event.
 */
function eventTimes(dueDate: string, window: string | null): string[] {
  const [start, end] = window?.split('-') ?? []
  if (start && end) {
    return [
      `DTSTART:${icalInstant(bakeryInstant(dueDate, start))}`,
      `DTEND:${icalInstant(bakeryInstant(dueDate, end))}`,
    ]
  }
  return [
    // A due date is a calendar day, not a moment: written as a DATE, so no time zone moves it.
    `DTSTART;VALUE=DATE:${icalDate(dueDate)}`,
    `DTEND;VALUE=DATE:${icalDate(addDays(dueDate, 1))}`,
    'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
    'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
  ]
}

/** One page of the feed's requests, in (due date, id) order, after the cursor. */
async function readFeedRows(
  db: Executor,
  {
    cursor,
    from,
    to,
    pageSize,
  }: { cursor: FeedCursor; from: string; to: string; pageSize: number },
) {
  let query = ownTables(db)
    .selectFrom('order_request')
    .select([
      'id',
      'status',
      'name',
      'phone_number',
      'product_type',
      'due_date',
      'servings',
      'allergies',
      'fulfilment',
      'event_theme',
      'event_theme_holds',
      ...HANDOVER_COLUMNS,
    ])
    .where('status', 'in', FEED_STATUSES)
    .where('due_date', '<=', to)
  // Keyset: after the last (due date, id) written, never an OFFSET that
  // rereads every page before it.
  query =
    cursor === 'first'
      ? query.where('due_date', '>=', from)
      : query
          .where('due_date', '>=', cursor.dueDate)
          .where((eb) =>
            eb.or([
              eb('due_date', '>', cursor.dueDate),
              eb.and([eb('due_date', '=', cursor.dueDate), eb('id', '>', cursor.id)]),
            ]),
          )
  return query.orderBy('due_date').orderBy('id').limit(pageSize).execute()
}

type FeedRow = Awaited<ReturnType<typeof readFeedRows>>[number]

/** The event's notes: servings, allergies, handover, theme, phone and the link to the order. */
function eventDescription(request: FeedRow, link: string): string {
  return [
    request.servings ? `Servings: ${request.servings}` : null,
    `Allergies: ${request.allergies?.trim() || 'none noted'}`,
    request.fulfilment || request.pickup_window
      ? handoverLabel(request.fulfilment, request.pickup_window)
      : null,
    request.delivery_notes ? `Delivery notes: ${request.delivery_notes}` : null,
    request.event_theme ? `${themeLabel(request.event_theme_holds)}: ${request.event_theme}` : null,
    `Phone: ${formatPhoneNumber(request.phone_number)}`,
    link,
  ]
    .filter((line) => line !== null)
    .join('\n')
}

/** One request as a VEVENT, its lines folded as iCalendar asks. */
function feedEvent(
  request: FeedRow,
  { siteUrl, host, stamp }: { siteUrl: string; host: string; stamp: string },
): string {
  const link = `${siteUrl}/admin/orders/${request.id}`
  const address = formatDeliveryAddress(addressOf(request))
  const description = eventDescription(request, link)
  const summary = `${request.product_type} — ${request.name} (${STATUS_LABELS[request.status].toLowerCase()})`
  return icalLines([
    'BEGIN:VEVENT',
    // The same request is the same event on every fetch, so a phone updates it rather than adding another.
    `UID:request-${request.id}@${host}`,
    'SEQUENCE:0',
    `DTSTAMP:${stamp}`,
    ...eventTimes(request.due_date, request.pickup_window),
    `SUMMARY:${escapeIcalText(summary)}`,
    `DESCRIPTION:${escapeIcalText(description)}`,
    // Where a delivery goes; a pickup is at the bakery, which the owner knows.
    ...(address ? [`LOCATION:${escapeIcalText(address)}`] : []),
    `URL;VALUE=URI:${link}`,
    'END:VEVENT',
  ])
}

/**
 * The owner's calendar: one all-day event per request still to be made, on
 * its due date, within feedWindow. Streamed a page at a time in (due date,
 * id) order, so it costs the same memory at any size of book.
 */
export async function streamCalendarFeed(
  db: Executor,
  { siteUrl, now, pageSize = FEED_PAGE_SIZE }: { siteUrl: string; now: Date; pageSize?: number },
): Promise<ReadableStream<Uint8Array>> {
  const { horizonDays } = await readBookingSettings(db)
  const bakery = await readSiteSection(db, 'identity')
  const { from, to } = feedWindow(bakeryToday(now), horizonDays)
  const host = new URL(siteUrl).host
  // Formatted once for the whole feed: every event carries the same stamp.
  const stamp = `${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
  const readPage = async (cursor: FeedCursor) => {
    const rows = await readFeedRows(db, { cursor, from, to, pageSize })
    let text = ''
    for (const request of rows) text += feedEvent(request, { siteUrl, host, stamp })
    const last = rows.at(-1)
    return {
      text,
      next:
        rows.length < pageSize || !last ? null : { dueDate: last.due_date, id: Number(last.id) },
    }
  }
  return streamPages<FeedCursor>({
    head: icalLines(feedHead(bakery.name)),
    first: 'first',
    readPage,
    tail: FEED_TAIL,
  })
}

/**
 * GET /admin/calendar.ics?key=…: the feed for whoever holds the key, which
 * is the only credential (a phone's calendar has no session). A missing or
 * wrong key is a plain 404, as though there were no feed at all.
 */
export async function answerCalendarFeed({
  db,
  url,
  siteUrl,
  now = new Date(),
}: {
  db: Executor
  url: URL
  siteUrl: string
  now?: Date
}): Promise<Response> {
  const given = url.searchParams.get('key') ?? ''
  const { ical_key: expected } = await ownTables(db)
    .selectFrom('booking_settings')
    .select('ical_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  if (!expected || !given || !sameSecret(given, expected)) {
    return new Response('Not found.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  return new Response(await streamCalendarFeed(db, { siteUrl, now }), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline; filename="butter-and-bloom-orders.ics"',
    },
  })
}

/** The settings page's "Rotate key": the old feed URL stops working and a new one is shown. */
export async function receiveIcalKeyAction({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<IcalKeyActionResult>> {
  const form = await readAdminForm(request)
  if (form?.intent !== ROTATE_ICAL_KEY) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  await rotateIcalKey(db)
  return reply(200, {
    ok: true,
    intent: ROTATE_ICAL_KEY,
    message:
      'New calendar address made. The old one no longer works: add the new one to your phone.',
  })
}
