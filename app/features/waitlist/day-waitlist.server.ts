/**
 * A full day's waitlist (decision 104): on the custom-order calendar, a
 * customer asks to be told when a fully booked day frees up for her treat.
 * When room comes free (a request cancelled, declined or moved, a quote
 * lapsed, a capacity raised), the first waiting whose treat now fits is
 * offered it, once: the room is kept for her for OFFER_MINUTES (counted as
 * booked by availability), and an email brings her to a page where she
 * sends her request for that day. Then the next.
 */
import { randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { isUniqueViolation } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import {
  demandOf,
  findUnbookable,
  lockBookings,
} from '#app/features/availability/availability.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { MAX_ORDER_BODY_BYTES, ORDER_FIELDS } from '#app/features/orders/order-options.ts'
import type { OrderValues } from '#app/features/orders/order-schema.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import {
  bakeryToday,
  formatCalendarDate,
  isCalendarDate,
  writeBakeryMoment,
} from '#app/utils/dates.ts'
import { emailAddress } from '#app/utils/form-fields.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { composeDayOffer } from './offer-email.ts'
import { OFFER_MINUTES } from './waitlist.server.ts'

const ownTables = tablesFor('waitlist')

/** Days and entries looked at per pass: bounds on the loop, far above a bakery's list. */
const DAYS_PER_PASS = 30
const ENTRIES_PER_DAY = 50

export type DayJoinResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 409; message: string; field?: 'email' | 'due_date' | 'product' }

/**
 * POST /ordernow?waitlist with `email`, `due_date` and `product`: puts her
 * on the list for that day and treat, once, while the day is full for it.
 * A day that is open, closed or too soon is not waited for: she is told why.
 */
export async function joinDayWaitlist(
  db: Db,
  { form, now }: { form: URLSearchParams; now: Date },
): Promise<DayJoinResult> {
  const email = emailAddress.safeParse(form.get('email') ?? '')
  if (!email.success) {
    return {
      ok: false,
      status: 400,
      field: 'email',
      message: email.error.issues[0]?.message ?? 'Give your email.',
    }
  }
  const date = form.get('due_date') ?? ''
  if (!isCalendarDate(date) || date < bakeryToday(now)) {
    return { ok: false, status: 400, field: 'due_date', message: 'Choose the day to wait for.' }
  }
  const products = await listActiveProducts(db)
  const product = products.find((candidate) => candidate.name === form.get('product'))
  if (!product) {
    return { ok: false, status: 400, field: 'product', message: 'Choose your treat first.' }
  }
  const day = formatCalendarDate(date)
  const refusal = await findUnbookable(db, [{ dueDate: date, productType: product.name }], {
    products,
    now,
  })
  if (!refusal) {
    return { ok: false, status: 409, message: `${day} is open for ${product.name}: order it now.` }
  }
  if (refusal.day.status !== 'full') {
    return {
      ok: false,
      status: 409,
      field: 'due_date',
      message: `${day} is not one we can bake ${product.name} for: choose another day.`,
    }
  }
  const address = email.data.toLowerCase()
  const joined = `You are on the waitlist for ${day}. If it frees up for ${product.name}, we email ${address} and keep it for you for ${OFFER_MINUTES} minutes.`
  try {
    await ownTables(db)
      .insertInto('day_waitlist_entry')
      .values({
        due_date: date,
        product_type: product.name,
        effort: demandOf(product.name, products).effort,
        email: address,
        created_at: now.getTime(),
      })
      .execute()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // Asked again while waiting: her place kept, for the treat she names now.
    await ownTables(db)
      .updateTable('day_waitlist_entry')
      .set({ product_type: product.name, effort: demandOf(product.name, products).effort })
      .where('due_date', '=', date)
      .where('email', '=', address)
      .where('state', '=', 'waiting')
      .execute()
    // After a lapsed or used offer: she waits again, at the back of the list.
    await ownTables(db)
      .updateTable('day_waitlist_entry')
      .set({
        state: 'waiting',
        product_type: product.name,
        effort: demandOf(product.name, products).effort,
        created_at: now.getTime(),
        kept_until: null,
        offer_token: null,
      })
      .where('due_date', '=', date)
      .where('email', '=', address)
      .where('state', '=', 'done')
      .execute()
  }
  return { ok: true, message: joined }
}

/** A join's answer as the page receives it, marked as the waitlist's. */
export type PostedDayJoin = (
  | (DayJoinResult & { asked?: { date: string; product: string; email: string } })
  | { ok: false; error: string }
) & {
  dayWaitlist: true
  /** The order she had typed when she joined, without JavaScript: for the form to show again. */
  values?: OrderValues
}

/**
 * POST /ordernow?waitlist: the order form's "Tell me if it frees up", read
 * once, bounded and rate-limited as every public form.
 */
export async function receiveDayWaitlistJoin({
  db,
  request,
  clientIp,
  now = new Date(),
}: {
  db: Db
  request: Request
  clientIp: string
  now?: Date
}): Promise<Reply<PostedDayJoin>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'day-waitlist',
    now: now.getTime(),
    // Without JavaScript the order she typed rides along (keptOrder): as large as an order.
    maxBytes: MAX_ORDER_BODY_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  // Every answer is marked as the waitlist's: without JavaScript it arrives as the order page's own.
  if ('refused' in post) {
    return { ...post.refused, body: { ...post.refused.body, dayWaitlist: true } }
  }
  const form = new URLSearchParams(post.text)
  const joined = await joinDayWaitlist(db, { form, now })
  // An email to mend: the form is offered again with the day and treat she asked for.
  const again =
    !joined.ok && joined.field === 'email'
      ? {
          asked: {
            date: form.get('due_date') ?? '',
            product: form.get('product') ?? '',
            email: (form.get('email') ?? '').slice(0, 320),
          },
        }
      : {}
  const values = keptOrder(form)
  return reply(joined.ok ? 200 : joined.status, {
    ...joined,
    ...again,
    ...(values ? { values } : {}),
    dayWaitlist: true,
  })
}

/**
 * The order typed in the form below the waitlist's, sent with it as
 * `order.<field>` by the page without JavaScript: each field cut as a
 * refused order's are, and nothing when none was sent.
 */
function keptOrder(form: URLSearchParams): OrderValues | undefined {
  const kept = ORDER_FIELDS.flatMap((field) => {
    const value = form.get(`order.${field}`)
    return value ? [[field, value.slice(0, 2000)] as const] : []
  })
  return kept.length > 0 ? Object.fromEntries(kept) : undefined
}

/**
 * One pass: offers lapse, and each day with someone waiting is looked at
 * under the booking lock, the waiting in the order they asked; the first
 * whose treat fits the day now is offered it, and the room it takes is
 * counted before the next is looked at. Returns how many were offered.
 */
export async function offerFreedDays(
  db: Db,
  { now, siteUrl }: { now: Date; siteUrl: string },
): Promise<number> {
  await ownTables(db)
    .updateTable('day_waitlist_entry')
    .set({ state: 'done' })
    .where('state', '=', 'offered')
    .where('kept_until', '<=', now.getTime())
    .execute()
  const days = await ownTables(db)
    .selectFrom('day_waitlist_entry')
    .select('due_date')
    .distinct()
    .where('state', '=', 'waiting')
    .where('due_date', '>=', bakeryToday(now))
    .orderBy('due_date')
    .limit(DAYS_PER_PASS)
    .execute()
  if (days.length === 0) return 0
  const products = await listActiveProducts(db)
  let offered = 0
  for (const { due_date: date } of days) {
    offered += await db.transaction().execute(async (trx) => {
      await lockBookings(trx)
      const waiting = await ownTables(trx)
        .selectFrom('day_waitlist_entry')
        .select(['id', 'email', 'product_type'])
        .where('due_date', '=', date)
        .where('state', '=', 'waiting')
        .orderBy('created_at')
        .orderBy('id')
        .limit(ENTRIES_PER_DAY)
        .execute()
      let made = 0
      for (const entry of waiting) {
        const refusal = await findUnbookable(
          trx,
          [{ dueDate: date, productType: entry.product_type }],
          { products, now },
        )
        if (refusal) continue
        await offer(trx, { entry: { ...entry, id: Number(entry.id) }, date, now, siteUrl })
        made += 1
      }
      return made
    })
  }
  return offered
}

/** Keeps the day's room for her (counted as booked from now) and queues her email, once. */
async function offer(
  trx: Transaction<Database>,
  {
    entry,
    date,
    now,
    siteUrl,
  }: {
    entry: { id: number; email: string; product_type: string }
    date: string
    now: Date
    siteUrl: string
  },
) {
  const token = randomBytes(18).toString('base64url')
  const keptUntil = now.getTime() + OFFER_MINUTES * 60_000
  await ownTables(trx)
    .updateTable('day_waitlist_entry')
    .set({ state: 'offered', kept_until: keptUntil, offer_token: token })
    .where('id', '=', entry.id)
    .execute()
  await enqueueEmail(
    trx,
    {
      topic: 'day_waitlist',
      subjectId: entry.id,
      email: composeDayOffer({
        email: entry.email,
        treat: entry.product_type,
        day: formatCalendarDate(date),
        until: writeBakeryMoment(keptUntil, { hour: 'numeric', minute: '2-digit' }),
        claimUrl: `${siteUrl}/ordernow/kept/${token}`,
        bakery: await readSiteSection(trx, 'identity'),
      }),
      dedupeKey: `day-offer:${entry.id}:${token}`,
    },
    now.getTime(),
  )
}

/** A day kept for her, as its page shows it; null when the link is nobody's or has lapsed. */
export interface DayOffer {
  id: number
  date: string
  treat: string
  email: string
  keptUntil: number
}

export async function readDayOffer(
  db: Db | Transaction<Database>,
  { token, now }: { token: string; now: number },
): Promise<DayOffer | null> {
  if (!/^[\w-]{22,64}$/.test(token)) return null
  const row = await ownTables(db)
    .selectFrom('day_waitlist_entry')
    .select(['id', 'due_date', 'product_type', 'email', 'kept_until'])
    .where('offer_token', '=', token)
    .where('state', '=', 'offered')
    .where('kept_until', '>', now)
    .executeTakeFirst()
  return row
    ? {
        id: Number(row.id),
        date: row.due_date,
        treat: row.product_type,
        email: row.email,
        keptUntil: Number(row.kept_until),
      }
    : null
}

/**
 * Uses the offer `token` in the transaction that stores her request: true
 * once, while it is kept; false when it has lapsed or was used.
 */
export async function claimDayOffer(
  trx: Transaction<Database>,
  { token, now }: { token: string; now: number },
): Promise<boolean> {
  const result = await ownTables(trx)
    .updateTable('day_waitlist_entry')
    .set({ state: 'done' })
    .where('offer_token', '=', token)
    .where('state', '=', 'offered')
    .where('kept_until', '>', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Erasure: her places on the days' waitlists. */
export async function eraseDayWaitlistOf(
  trx: Transaction<Database>,
  email: string,
): Promise<number> {
  const result = await ownTables(trx)
    .deleteFrom('day_waitlist_entry')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
