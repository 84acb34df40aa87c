/**
 * A drop's waitlist (decision 101): someone asks to be told when a sold-out
 * item or a full pickup time comes free; when it does (a hold ran out, an
 * order was cancelled, the owner raised the stock), the first waiting is
 * offered it, once: a hold kept for her for OFFER_MINUTES and an email with
 * the link that claims it. Then the next, when more comes free.
 */
import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { isUniqueViolation } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { dropLeft } from '#app/features/drops/drop-holds.server.ts'
import { openDropIds } from '#app/features/drops/drop-list.server.ts'
import { dropMoment, writeHoldEnd } from '#app/features/drops/drop-moments.ts'
import { type Left, type Want, wantOf, wantText } from '#app/features/drops/drop-stock.ts'
import { type Drop, readDrop, readDropById } from '#app/features/drops/drops.server.ts'
import {
  freeOf,
  holdForOffer,
  isWantOf,
  readOffer,
  wantWords,
} from '#app/features/drops/hold-offers.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { emailAddress } from '#app/utils/form-fields.ts'
import { composeWaitlistOffer } from './offer-email.ts'

const ownTables = tablesFor('waitlist')

/** How long what came free is kept for the one it is offered to. */
export const OFFER_MINUTES = 30

/** Drops and entries looked at per pass: bounds on the loop, far above a bakery's day. */
const DROPS_PER_PASS = 20
const ENTRIES_PER_DROP = 200

export type JoinResult =
  | { ok: true; message: string; want: string }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: 'email' | 'want' }

/** What the form asks to wait for: `item=<id>` or `pickup_window=HH:MM-HH:MM`, one of them. */
function wantAsked(form: URLSearchParams): Want | null {
  const item = form.get('item')?.trim() ?? ''
  const window = form.get('pickup_window')?.trim() ?? ''
  if (item && window) return null
  return wantOf(item ? `item:${item}` : `window:${window}`)
}

/**
 * POST /drops/<slug> with `intent=waitlist`, `email` and `item` or
 * `pickup_window`: puts her on the list for it, once, while the drop is open
 * and it is sold out (or full). Asked again, she is told she is on it.
 */
export async function joinWaitlist(
  db: Db,
  { slug, form, now }: { slug: string; form: URLSearchParams; now: Date },
): Promise<JoinResult> {
  const drop = await readDrop(db, slug)
  if (!drop) return { ok: false, status: 404, message: 'There is no such drop.' }
  const moment = dropMoment(drop, now)
  if (moment !== 'open') {
    const why = moment === 'closed' ? 'This drop has closed.' : 'This drop has not opened yet.'
    return { ok: false, status: 409, message: why }
  }
  const email = emailAddress.safeParse(form.get('email') ?? '')
  if (!email.success) {
    return {
      ok: false,
      status: 400,
      message: email.error.issues[0]?.message ?? 'Give your email.',
      field: 'email',
    }
  }
  const want = wantAsked(form)
  if (!want || !isWantOf(drop, want)) {
    return { ok: false, status: 400, message: 'Choose what to wait for.', field: 'want' }
  }
  const what = wantWords(drop, want)
  const free = await db.transaction().execute((trx) => freeOf(trx, drop, want, now))
  if (free > 0) {
    const still = 'item' in want ? `${what} is not sold out` : `There is still ${what}`
    return { ok: false, status: 409, message: `${still}: reserve it now.` }
  }
  const address = email.data.toLowerCase()
  try {
    await ownTables(db)
      .insertInto('waitlist_entry')
      .values({
        drop_id: drop.id,
        wants: wantText(want),
        email: address,
        created_at: now.getTime(),
      })
      .execute()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    if (!(await joinAgainAfterOffer(db, { drop, want, email: address, now })))
      return {
        ok: true,
        want: wantText(want),
        message: `You are already on the waitlist for ${what}.`,
      }
  }
  return {
    ok: true,
    want: wantText(want),
    message: `You are on the waitlist for ${what}. If one comes free, we will email ${address} and keep it for you for ${OFFER_MINUTES} minutes.`,
  }
}

/**
 * She was offered it before and her half hour ran out (or she let it go):
 * she may wait again, at the back of the line. False while her offer is
 * still kept for her, or while she is waiting.
 */
async function joinAgainAfterOffer(
  db: Db,
  { drop, want, email, now }: { drop: Drop; want: Want; email: string; now: Date },
): Promise<boolean> {
  const entry = await ownTables(db)
    .selectFrom('waitlist_entry')
    .select(['id', 'state', 'offer_token'])
    .where('drop_id', '=', drop.id)
    .where('wants', '=', wantText(want))
    .where('email', '=', email)
    .executeTakeFirst()
  if (entry?.state !== 'offered' || !entry.offer_token) return false
  if (await readOffer(db, { drop, token: entry.offer_token, now })) return false
  await db.transaction().execute(async (trx) => {
    await ownTables(trx).deleteFrom('waitlist_entry').where('id', '=', entry.id).execute()
    await ownTables(trx)
      .insertInto('waitlist_entry')
      .values({ drop_id: drop.id, wants: wantText(want), email, created_at: now.getTime() })
      .execute()
  })
  return true
}

/** The offer was made in another pass, or nothing was free for her after all: nothing is kept. */
class NotOffered extends Error {}

/**
 * One pass of the waitlist, from any instance (the caller holds its lease):
 * for each open drop with people waiting, in the order they asked, what they
 * wait for is kept for them if it is free now, and they are emailed the link
 * that claims it. An entry is offered once: the state moves from waiting in
 * the transaction that keeps the hold and queues the email. Returns how
 * many were offered.
 */
export async function offerFreedStock(
  db: Db,
  { now, siteUrl }: { now: Date; siteUrl: string },
): Promise<number> {
  const open = await openDropIds(db, now)
  if (open.length === 0) return 0
  const drops = await ownTables(db)
    .selectFrom('waitlist_entry')
    .select('drop_id')
    .distinct()
    .where('state', '=', 'waiting')
    .where('drop_id', 'in', open)
    .orderBy('drop_id')
    .limit(DROPS_PER_PASS)
    .execute()
  let offered = 0
  for (const { drop_id: dropId } of drops) {
    const drop = await readDropById(db, Number(dropId))
    if (!drop || dropMoment(drop, now) !== 'open') continue
    // A first look without the lock: what nothing is free of is not tried.
    const left = await dropLeft(db, drop, now)
    const entries = await ownTables(db)
      .selectFrom('waitlist_entry')
      .select(['id', 'wants', 'email'])
      .where('drop_id', '=', drop.id)
      .where('state', '=', 'waiting')
      .orderBy('id')
      .limit(ENTRIES_PER_DROP)
      .execute()
    for (const entry of entries) {
      if (!mayBeFree(left, wantOf(entry.wants))) continue
      if (await offerOne(db, { drop, entry, now, siteUrl })) offered += 1
    }
  }
  return offered
}

/** Whether a first look shows any of what is wanted left. */
function mayBeFree(left: Left, want: Want | null): boolean {
  if (!want) return false
  if ('item' in want) return (left.items.find((item) => item.id === want.item)?.left ?? 0) > 0
  const window = left.windows.find((candidate) => candidate.window === want.window)
  return window !== undefined && window.left !== 0
}

async function offerOne(
  db: Db,
  {
    drop,
    entry,
    now,
    siteUrl,
  }: {
    drop: Drop
    entry: { id: number; wants: string; email: string }
    now: Date
    siteUrl: string
  },
): Promise<boolean> {
  const want = wantOf(entry.wants)
  if (!want) return false
  try {
    await db.transaction().execute(async (trx) => {
      const token = await holdForOffer(trx, {
        drop,
        want,
        email: entry.email,
        now,
        minutes: OFFER_MINUTES,
      })
      if (!token) throw new NotOffered()
      const marked = await ownTables(trx)
        .updateTable('waitlist_entry')
        .set({ state: 'offered', offered_at: now.getTime(), offer_token: token })
        .where('id', '=', entry.id)
        .where('state', '=', 'waiting')
        .executeTakeFirst()
      if (Number(marked.numUpdatedRows) !== 1) throw new NotOffered()
      await queueOffer(trx, { drop, want, entry, token, now, siteUrl })
    })
    return true
  } catch (error) {
    if (error instanceof NotOffered) return false
    throw error
  }
}

async function queueOffer(
  trx: Transaction<Database>,
  {
    drop,
    want,
    entry,
    token,
    now,
    siteUrl,
  }: {
    drop: Drop
    want: Want
    entry: { id: number; email: string }
    token: string
    now: Date
    siteUrl: string
  },
) {
  const claimUrl = `${siteUrl}/drops/${drop.slug}?claim=${token}`
  await enqueueEmail(
    trx,
    {
      topic: 'drop_waitlist',
      subjectId: entry.id,
      email: composeWaitlistOffer({
        email: entry.email,
        what: wantWords(drop, want),
        dropName: drop.name,
        pickupDay: formatCalendarDate(drop.pickupDate),
        until: writeHoldEnd(now.getTime() + OFFER_MINUTES * 60_000),
        claimUrl,
        bakery: await readSiteSection(trx, 'identity'),
      }),
      dedupeKey: `waitlist-offer:${entry.id}`,
    },
    now.getTime(),
  )
}

/** Erasing a customer: her places on every waitlist go. */
export async function eraseWaitlistOf(trx: Transaction<Database>, email: string): Promise<number> {
  const result = await ownTables(trx)
    .deleteFrom('waitlist_entry')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
