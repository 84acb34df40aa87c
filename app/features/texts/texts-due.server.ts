import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { BOOKED_STATUSES } from '#app/features/order-status/order-status.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryToday, instantIn, timeIn } from '#app/utils/dates.ts'
import { localSettings } from '#app/utils/local-settings.ts'
import { type TextToQueue, queueText, queuedTextKeys } from './text-queue.server.ts'
import { afterQuietHours, isQuietTime, reminderMoments } from './text-rules.ts'
import { readTextSettings } from './text-settings.server.ts'
import { handoverText } from './text-words.ts'

const ownTables = tablesFor('texts')

/**
 * The texts the clock queues (decision 111): for each booked handover today
 * or tomorrow whose phone has consented, a reminder the day before and one
 * two hours before (text-rules.ts reminderMoments), and "ready" once every
 * order handed over together is marked ready. Each text has a name of its
 * own ('soon:4165550123:2026-12-05:10:00-12:00'), so running this every
 * minute, after a restart or on several instances queues each once; a
 * changed date or window is a new name, reminded at its new time. Returns
 * how many it queued. Run it under the bakery's local settings.
 */
export async function queueTextsDue(
  db: Executor,
  { now, siteUrl }: { now: number; siteUrl: string },
): Promise<number> {
  const today = bakeryToday(new Date(now))
  const handovers = await readHandovers(db, today)
  if (handovers.length === 0) return 0
  const { timeZone } = localSettings()
  const { quiet } = await readTextSettings(db)
  const quietNow = isQuietTime(timeIn(timeZone, new Date(now)), quiet)
  const bakeryName = (await readSiteSection(db, 'identity')).name
  const texts: TextToQueue[] = []
  for (const handover of handovers) {
    const name = `${handover.phone}:${handover.dueDate}:${handover.window ?? 'day'}`
    const words = (kind: 'day-before' | 'soon' | 'ready') =>
      handoverText({
        kind,
        bakeryName,
        ...handover,
        orderUrl: `${siteUrl}/requests/${handover.token}`,
      })
    const { dayBefore, soon } = reminderMoments(handover, timeZone, quiet)
    const isDue = (moment?: { at: number; before: number }) =>
      moment !== undefined && now >= moment.at && now < moment.before && !quietNow
    // Two hours out, the day-before reminder has nothing left to say.
    if (isDue(soon)) {
      texts.push({
        kind: 'soon',
        phone: handover.phone,
        body: words('soon'),
        dedupeKey: `soon:${name}`,
        sendBefore: soon!.before,
      })
    } else if (isDue(dayBefore)) {
      texts.push({
        kind: 'day-before',
        phone: handover.phone,
        body: words('day-before'),
        dedupeKey: `day-before:${name}`,
        sendBefore: dayBefore!.before,
      })
    }
    if (handover.allReady) {
      // Marked ready in quiet hours: it goes when they end, unless she has it by then.
      const endOfDay = instantIn(timeZone, addDays(handover.dueDate, 1), '00:00').getTime()
      texts.push({
        kind: 'ready',
        phone: handover.phone,
        body: words('ready'),
        dedupeKey: `ready:${name}`,
        dueAt: afterQuietHours(now, timeZone, quiet),
        sendBefore: endOfDay,
      })
    }
  }
  const done = await queuedTextKeys(
    db,
    texts.map((text) => text.dedupeKey),
  )
  let queued = 0
  for (const text of texts) {
    if (done.has(text.dedupeKey)) continue
    if (await queueText(db, text, now)) queued += 1
  }
  return queued
}

interface DueHandover {
  phone: string
  dueDate: string
  window: string | null
  fulfilment: 'pickup' | 'delivery'
  treats: string[]
  /** The first order's private page. */
  token: string
  allReady: boolean
}

/**
 * Today's and tomorrow's booked orders whose phone's consent stands, as
 * handovers: the orders of one phone on one day and window go together (a
 * party, or two treats), and are texted about once.
 */
async function readHandovers(db: Executor, today: string): Promise<DueHandover[]> {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('text_consent', 'text_consent.phone', 'order_request.phone_number')
    .select([
      'order_request.id',
      'order_request.phone_number',
      'order_request.due_date',
      'order_request.pickup_window',
      'order_request.fulfilment',
      'order_request.product_type',
      'order_request.status',
      'order_request.customer_token',
    ])
    .where('text_consent.purpose', '=', 'orders')
    .where('text_consent.given_at', 'is not', null)
    .where('text_consent.withdrawn_at', 'is', null)
    .where('order_request.status', 'in', BOOKED_STATUSES)
    .where('order_request.due_date', '>=', today)
    .where('order_request.due_date', '<=', addDays(today, 1))
    .orderBy('order_request.id')
    .limit(5_000)
    .execute()
  const handovers = new Map<string, DueHandover>()
  for (const row of rows) {
    if (!row.customer_token) continue
    const key = `${row.phone_number}|${row.due_date}|${row.pickup_window ?? ''}`
    const handover = handovers.get(key) ?? {
      phone: row.phone_number,
      dueDate: row.due_date,
      window: row.pickup_window,
      fulfilment: row.fulfilment === 'delivery' ? ('delivery' as const) : ('pickup' as const),
      treats: [],
      token: row.customer_token,
      allReady: true,
    }
    handover.treats.push(row.product_type)
    handover.allReady &&= row.status === 'ready'
    handovers.set(key, handover)
  }
  return [...handovers.values()]
}
