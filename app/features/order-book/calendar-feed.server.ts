import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import ical from 'ical-generator'
import type { Kysely, Transaction } from 'kysely'
import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import type { Database } from '#app/db/schema.ts'
import { addDays } from '#app/features/availability/availability.ts'
import { FEED_STATUSES, STATUS_LABELS } from '#app/features/order-status/order-status.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type IcalKeyActionResult, ROTATE_ICAL_KEY } from './calendar-feed-settings.tsx'

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
  await db
    .updateTable('booking_settings')
    .set({ ical_key: newIcalKey() })
    .where('id', '=', 1)
    .where('ical_key', 'is', null)
    .execute()
  const { ical_key } = await db
    .selectFrom('booking_settings')
    .select('ical_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return ical_key!
}

/** A new key: every URL with the old one stops working at once. */
export async function rotateIcalKey(db: Executor): Promise<string> {
  const key = newIcalKey()
  await db.updateTable('booking_settings').set({ ical_key: key }).where('id', '=', 1).execute()
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

/** The owner's calendar: one all-day event per request still to be made, on its due date. */
export async function composeCalendarFeed(
  db: Executor,
  { siteUrl, now }: { siteUrl: string; now: Date },
): Promise<string> {
  const requests = await db
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
    ])
    .where('status', 'in', FEED_STATUSES)
    .orderBy('due_date')
    .orderBy('id')
    .execute()
  const host = new URL(siteUrl).host
  const calendar = ical({
    name: `${site.brandTitle} orders`,
    prodId: { company: site.brandTitle, product: 'Order book', language: 'EN' },
    // Phones ask again about this often; the feed is small.
    ttl: 60 * 60,
  })
  for (const request of requests) {
    const link = `${siteUrl}/admin/orders/${request.id}`
    const description = [
      request.servings ? `Servings: ${request.servings}` : null,
      `Allergies: ${request.allergies?.trim() || 'none noted'}`,
      request.fulfilment === 'delivery'
        ? 'Delivery'
        : request.fulfilment === 'pickup'
          ? 'Pickup'
          : null,
      request.event_theme ? `Event: ${request.event_theme}` : null,
      `Phone: ${formatPhoneNumber(request.phone_number)}`,
      link,
    ]
      .filter((line) => line !== null)
      .join('\n')
    calendar.createEvent({
      // The same request is the same event on every fetch, so a phone updates it rather than adding another.
      id: `request-${request.id}@${host}`,
      // A due date is a calendar day, not a moment: written as a DATE, read in UTC so no time zone moves it.
      start: new Date(`${request.due_date}T00:00:00Z`),
      end: new Date(`${addDays(request.due_date, 1)}T00:00:00Z`),
      allDay: true,
      stamp: now,
      summary: `${request.product_type} — ${request.name} (${STATUS_LABELS[request.status].toLowerCase()})`,
      description,
      url: link,
    })
  }
  return calendar.toString()
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
  const { ical_key: expected } = await db
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
  return new Response(await composeCalendarFeed(db, { siteUrl, now }), {
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
