import { type TextKeys, textKeysOf } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readDropById } from '#app/features/drops/drops.server.ts'
import {
  readLocalSettings,
  readSiteSection,
} from '#app/features/site-content/site-content.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { counted } from '#app/utils/count.ts'
import { todayIn, writeBakeryMoment } from '#app/utils/dates.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoneyWithCents } from '#app/utils/money.ts'
import { formatPhoneNumber, phoneDigits, PHONE_NUMBER_INVALID } from '#app/utils/phone-number.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  DROP_TEXTS_SIGN_UP,
  type DropTextsAnswer,
  type DropTextsCard,
  TEXT_DROP_OPENING,
} from './drop-texts.ts'
import { askTextConsent } from './text-consent.server.ts'
import { queueText, queueTexts, textsThisMonth } from './text-queue.server.ts'
import { afterQuietHours, monthStartIn, plainText, textCostCents, textParts } from './text-rules.ts'
import { readTextSettings } from './text-settings.server.ts'
import { STOP_LINE } from './text-words.ts'
import { kickTextWorker } from './text-worker-handle.server.ts'

const ownTables = tablesFor('texts')

/** When a drop's texts go, as the owner reads it: 'Wed, Dec 2, 12:00 p.m.' */
const MOMENT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}

/**
 * News of a drop opening, by text (decision 111): asked for on the drops
 * page and confirmed by her YES, so a number gets these only when its own
 * phone said so; sent when the owner chooses, for one drop, after she has
 * seen how many texts it is and what they cost her.
 */

/**
 * "Text me when a drop opens" on /drops: her number is asked, by one text
 * a day at most, to reply YES. Nothing is sent to a number whose yes stands.
 */
export async function receiveDropTextsSignUp({
  request,
  clientIp,
  db,
  now = Date.now(),
  keys = textKeysOf(),
}: {
  request: Request
  clientIp: string
  db: Db
  now?: number
  keys?: TextKeys | undefined
}): Promise<Reply<DropTextsAnswer>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'drop-texts',
    now,
    maxBytes: 1_000,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) {
    const { status, body, headers } = post.refused
    return { status, body: { dropTexts: true, ...body }, ...(headers ? { headers } : {}) }
  }
  if (!keys) return reply(404, { dropTexts: true, ok: false, error: 'Texts are not offered here.' })
  const form = new URLSearchParams(post.text)
  if (form.get('intent') !== DROP_TEXTS_SIGN_UP) {
    return reply(400, { dropTexts: true, ok: false, error: NOT_UNDERSTOOD })
  }
  const typed = (form.get('phone') ?? '').slice(0, 30)
  const phone = phoneDigits(typed)
  if (!phone)
    return reply(400, { dropTexts: true, ok: false, error: PHONE_NUMBER_INVALID, phone: typed })
  if (form.get('agree') !== 'yes') {
    return reply(400, {
      dropTexts: true,
      ok: false,
      error: 'Tick the box to say we may text this number when a drop opens.',
      phone: typed,
    })
  }
  // Her quiet hours hold this text too: whoever typed the number may not
  // be its owner, and no one's phone should buzz at night for it.
  const { timeZone } = await readLocalSettings(db)
  const { quiet } = await readTextSettings(db)
  const dueAt = afterQuietHours(now, timeZone, quiet)
  const written = formatPhoneNumber(phone)
  // The same answer whether or not the number has said yes before: the
  // form never tells a stranger who is on her list. A yes that stands is
  // not asked again.
  const answer = reply<DropTextsAnswer>(200, {
    dropTexts: true,
    ok: true,
    message: `${
      dueAt > now
        ? `Almost done: we will text ${written} at ${writeBakeryMoment(dueAt, { hour: 'numeric', minute: '2-digit' })}, after our quiet hours.`
        : `Almost done: we have texted ${written}.`
    } Reply YES to it and you will hear when a drop opens.`,
  })
  if (!(await askTextConsent(db, { phone, purpose: 'drops', now }))) return answer
  const { name } = await readSiteSection(db, 'identity')
  await queueText(
    db,
    {
      kind: 'confirm',
      phone,
      body: plainText(`${name}: reply YES to get a text when a new drop opens. ${STOP_LINE}`),
      // One question a day to a number, however often the form is sent.
      dedupeKey: `confirm:${phone}:${todayIn(timeZone, new Date(now))}`,
      dueAt,
    },
    now,
  )
  kickTextWorker()
  return answer
}

/** The owner's card on a drop's page: how many asked, what texting them costs, and what is queued. */
export async function readDropTextsCard(
  db: Db,
  dropId: number,
  options: { now?: number; siteUrl: string; keys?: TextKeys | undefined },
): Promise<DropTextsCard | null> {
  return (await readDropTexts(db, dropId, options))?.card ?? null
}

/** The card, with the drop, the numbers and the settings it was read from, for her tap to use. */
async function readDropTexts(
  db: Db,
  dropId: number,
  {
    now = Date.now(),
    siteUrl,
    keys = textKeysOf(),
  }: { now?: number; siteUrl: string; keys?: TextKeys | undefined },
) {
  if (!keys) return null
  const drop = await readDropById(db, dropId)
  if (!drop) return null
  const settings = await readTextSettings(db)
  const { timeZone } = await readLocalSettings(db)
  const people = await peopleForDrops(db)
  const words = await openingWords(db, drop, siteUrl)
  const parts = textParts(words) * people.length
  const used = await textsThisMonth(db, monthStartIn(timeZone, now))
  const queued = await ownTables(db)
    .selectFrom('text_message')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.min('next_attempt_at').as('at'),
    ])
    .where('dedupe_key', 'like', `drop-open:${drop.id}:%`)
    .executeTakeFirst()
  const queuedCount = Number(queued?.count ?? 0)
  const card: DropTextsCard = {
    dropId: drop.id,
    people: people.length,
    words,
    parts,
    cost: formatMoneyWithCents(textCostCents(parts, settings.rateMilliCents)),
    left: Math.max(0, settings.monthlyCap - used),
    closed: now >= drop.closesAt,
    queued: queuedCount,
    queuedFor:
      queuedCount > 0 && queued?.at != null ? writeBakeryMoment(Number(queued.at), MOMENT) : null,
  }
  return { card, drop, people, quiet: settings.quiet, timeZone }
}

/**
 * Her tap "Text them when it opens": one text to each number whose yes to
 * news of drops stands, due when the drop opens (or now, if it is open),
 * after her quiet hours, and not after it closes. Refused when it would
 * pass her monthly limit. Queued once per number, however often she taps.
 */
export async function receiveDropOpeningTexts({
  request,
  db,
  dropId,
  siteUrl,
  now = Date.now(),
  keys = textKeysOf(),
}: {
  request: Request
  db: Db
  dropId: number
  siteUrl: string
  now?: number
  keys?: TextKeys | undefined
}): Promise<Reply<DropTextsAnswer>> {
  const form = await readAdminForm(request)
  if (form?.intent !== TEXT_DROP_OPENING)
    return reply(400, { dropTexts: true, ok: false, error: NOT_UNDERSTOOD })
  const read = await readDropTexts(db, dropId, { now, siteUrl, keys })
  if (!read)
    return reply(404, { dropTexts: true, ok: false, error: 'Texts are not on for this drop.' })
  const { card, drop, people, quiet, timeZone } = read
  if (card.closed)
    return reply(409, {
      dropTexts: true,
      ok: false,
      error: 'This drop has closed: there is nothing to text about.',
    })
  if (people.length === 0) {
    return reply(409, {
      dropTexts: true,
      ok: false,
      error: 'Nobody has asked for texts about drops yet.',
    })
  }
  if (people.length > card.left) {
    return reply(409, {
      dropTexts: true,
      ok: false,
      error: `That is ${counted(people.length, 'text')}, and ${card.left} ${card.left === 1 ? 'is' : 'are'} left of your monthly limit. Raise it in Settings › Texts, or wait for next month.`,
    })
  }
  const dueAt = afterQuietHours(Math.max(drop.opensAt, now), timeZone, quiet)
  const queued = await queueTexts(
    db,
    people.map((phone) => ({
      kind: 'drop-open' as const,
      phone,
      body: card.words,
      dedupeKey: `drop-open:${drop.id}:${phone}`,
      dueAt,
      sendBefore: drop.closesAt,
    })),
    now,
  )
  if (queued > 0) kickTextWorker()
  const when = writeBakeryMoment(dueAt, MOMENT)
  return reply(200, {
    dropTexts: true,
    ok: true,
    message:
      queued === 0
        ? 'Everyone who asked has their text already.'
        : endSentence(
            `${queued} ${queued === 1 ? 'text goes' : 'texts go'} ${dueAt <= now ? 'now' : `on ${when}`}`,
          ),
  })
}

/** Every number whose yes to news of drops stands. */
async function peopleForDrops(db: Db): Promise<string[]> {
  const rows = await ownTables(db)
    .selectFrom('text_consent')
    .select('phone')
    .where('purpose', '=', 'drops')
    .where('given_at', 'is not', null)
    .where('withdrawn_at', 'is', null)
    .orderBy('phone')
    .limit(100_000)
    .execute()
  return rows.map((row) => row.phone)
}

/** 'Butter & Bloom: Saturday bake opens now! Order here: https://…/drops/saturday-bake Reply STOP to stop texts.' */
async function openingWords(db: Db, drop: { name: string; slug: string }, siteUrl: string) {
  const { name } = await readSiteSection(db, 'identity')
  return plainText(
    `${name}: ${drop.name} is open! Order here: ${siteUrl}/drops/${drop.slug} ${STOP_LINE}`,
  )
}
