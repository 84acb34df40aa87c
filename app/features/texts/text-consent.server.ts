import type { Selectable } from 'kysely'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import type { TextConsentTable, TextPurpose } from '#app/db/schema.ts'
import { writeBakeryMoment } from '#app/utils/dates.ts'
import { phoneDigits } from '#app/utils/phone-number.ts'

const ownTables = tablesFor('texts')

/**
 * Each phone's consent to texts (decision 111), one row per purpose: about
 * her orders (given on her order page) and news of a drop opening (asked
 * for on the drops page, given by her YES by text, so no one signs up a
 * number that is not theirs). Each with when and where it was given and
 * when and how withdrawn, so the customer book can say so and no text goes
 * to a number that said no. STOP withdraws every purpose at once.
 */

/** A phone's consent to one purpose, as the customer book and her pages read it. */
export interface TextConsent {
  phone: string
  purpose: TextPurpose
  /** When a sign-up asked for her YES by text; null when none waits. */
  askedAt: number | null
  /** Null while a sign-up waits for her YES. */
  givenAt: number | null
  givenWhere: string | null
  /** Null while it stands. */
  withdrawnAt: number | null
  withdrawnHow: string | null
}

export function standsOf(consent: TextConsent | undefined): boolean {
  return consent !== undefined && consent.givenAt !== null && consent.withdrawnAt === null
}

/** Records her yes to one purpose: given now, at `where` ('her order page, BB-4821'). */
export async function giveTextConsent(
  db: Executor,
  {
    phone,
    purpose = 'orders',
    where,
    now,
  }: { phone: string; purpose?: TextPurpose; where: string; now: number },
): Promise<void> {
  const given = {
    asked_at: null,
    given_at: now,
    given_where: where,
    withdrawn_at: null,
    withdrawn_how: null,
  }
  await ownTables(db)
    .insertInto('text_consent')
    .values({ phone, purpose, ...given })
    .onConflict((oc) => oc.columns(['phone', 'purpose']).doUpdateSet(given))
    .execute()
}

/**
 * A sign-up for news of drops, waiting for her YES by text. A number whose
 * consent stands already is left as it is. Returns whether it now waits.
 */
export async function askTextConsent(
  db: Executor,
  { phone, purpose, now }: { phone: string; purpose: TextPurpose; now: number },
): Promise<boolean> {
  const current = (await textConsentsOf(db, [phone], purpose)).get(phone)
  if (standsOf(current)) return false
  const asked = { asked_at: now, given_at: null, given_where: null }
  await ownTables(db)
    .insertInto('text_consent')
    .values({ phone, purpose, ...asked })
    .onConflict((oc) => oc.columns(['phone', 'purpose']).doUpdateSet(asked))
    .execute()
  return true
}

/**
 * Her reply YES or START: every sign-up of hers that waits is given, and,
 * for START, every purpose she had withdrawn is given again (Twilio lets
 * texts through to her again at START). Returns how many it gave.
 */
export async function answerTextConsent(
  db: Executor,
  { phone, reply, now }: { phone: string; reply: 'yes' | 'start'; now: number },
): Promise<number> {
  const rows = await ownTables(db)
    .updateTable('text_consent')
    .set({
      asked_at: null,
      given_at: now,
      given_where: reply === 'yes' ? 'replied YES' : 'replied START',
      withdrawn_at: null,
      withdrawn_how: null,
    })
    .where('phone', '=', phone)
    .where((eb) =>
      reply === 'yes'
        ? eb('asked_at', 'is not', null)
        : eb.or([eb('asked_at', 'is not', null), eb('withdrawn_at', 'is not', null)]),
    )
    .returning('purpose')
    .execute()
  return rows.length
}

/**
 * Records her no, at once: every purpose of her number is withdrawn (how:
 * 'replied STOP'), or just `purpose` when she unticks one box, and every
 * text still queued for her number (of that purpose) is dropped, so none
 * goes out after it, from this instance or another. Returns whether any
 * consent of hers stood.
 */
export async function withdrawTextConsent(
  db: Executor,
  { phone, how, now, purpose }: { phone: string; how: string; now: number; purpose?: TextPurpose },
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('text_consent')
    .set({ withdrawn_at: now, withdrawn_how: how, asked_at: null })
    .where('phone', '=', phone)
    .where('withdrawn_at', 'is', null)
    .$if(purpose !== undefined, (qb) => qb.where('purpose', '=', purpose!))
    .executeTakeFirst()
  await ownTables(db)
    .updateTable('text_message')
    .set({ status: 'dropped', last_error: `Not sent: consent withdrawn (${how}).` })
    .where('phone', '=', phone)
    .where('status', '=', 'queued')
    .$if(purpose !== undefined, (qb) =>
      qb.where('kind', purpose === 'drops' ? 'in' : 'not in', ['drop-open', 'confirm']),
    )
    .execute()
  return result.numUpdatedRows > 0n
}

/** The consent to `purpose` of each of these phones that has one. */
export async function textConsentsOf(
  db: Executor,
  phones: readonly string[],
  purpose: TextPurpose = 'orders',
): Promise<Map<string, TextConsent>> {
  const unique = [...new Set(phones)]
  const consents = new Map<string, TextConsent>()
  // A whole customer book is read 500 numbers a query, within every database's bound.
  for (let at = 0; at < unique.length; at += 500) {
    const rows = await ownTables(db)
      .selectFrom('text_consent')
      .selectAll()
      .where('phone', 'in', unique.slice(at, at + 500))
      .where('purpose', '=', purpose)
      .execute()
    for (const row of rows) consents.set(row.phone, consentOf(row))
  }
  return consents
}

function consentOf(row: Selectable<TextConsentTable>): TextConsent {
  const at = (value: number | string | null) => (value === null ? null : Number(value))
  return {
    phone: row.phone,
    purpose: row.purpose,
    askedAt: at(row.asked_at),
    givenAt: at(row.given_at),
    givenWhere: row.given_where,
    withdrawnAt: at(row.withdrawn_at),
    withdrawnHow: row.withdrawn_how,
  }
}

/** Erasing a customer (part 8): her consent and every text to her number go. */
export async function eraseTextsOf(db: Executor, written: string): Promise<void> {
  const phone = phoneDigits(written) ?? written
  await ownTables(db).deleteFrom('text_message').where('phone', '=', phone).execute()
  await ownTables(db).deleteFrom('text_consent').where('phone', '=', phone).execute()
}

const PURPOSE_WORDS: Record<TextPurpose, string> = {
  orders: 'Texts about orders',
  drops: 'Texts when a drop opens',
}

/**
 * Each phone's consents as her customer book says them, one line each:
 * 'Texts about orders: yes since Dec 1, 2026 (her order page, BB-4821)',
 * 'Texts when a drop opens: stopped Dec 3, 2026 (replied STOP)'. A sign-up
 * still waiting for her YES is not consent and is not listed.
 */
export async function consentLines(
  db: Executor,
  phones: readonly string[],
): Promise<Record<string, string[]>> {
  // A number kept before the forms stored ten digits is read as its digits.
  const digitsOf = new Map(phones.map((phone) => [phone, phoneDigits(phone) ?? phone]))
  const digits = [...digitsOf.values()]
  const byPurpose = {
    orders: await textConsentsOf(db, digits, 'orders'),
    drops: await textConsentsOf(db, digits, 'drops'),
  }
  const day = (at: number) =>
    writeBakeryMoment(at, { month: 'short', day: 'numeric', year: 'numeric' })
  const line = (consent: TextConsent) =>
    consent.withdrawnAt !== null
      ? `${PURPOSE_WORDS[consent.purpose]}: stopped ${day(consent.withdrawnAt)} (${consent.withdrawnHow ?? 'withdrawn'})`
      : consent.givenAt !== null
        ? `${PURPOSE_WORDS[consent.purpose]}: yes since ${day(consent.givenAt)} (${consent.givenWhere ?? 'given'})`
        : null
  return Object.fromEntries(
    [...digitsOf].flatMap(([phone, number]) => {
      const lines = (['orders', 'drops'] as const)
        .map((purpose) => byPurpose[purpose].get(number))
        .flatMap((consent) => (consent ? [line(consent)] : []))
        .filter((text): text is string => text !== null)
      return lines.length > 0 ? [[phone, lines]] : []
    }),
  )
}
