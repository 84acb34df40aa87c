import type { Selectable } from 'kysely'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import type { TextConsentTable } from '#app/db/schema.ts'
import { writeBakeryMoment } from '#app/utils/dates.ts'
import { phoneDigits } from '#app/utils/phone-number.ts'

const ownTables = tablesFor('texts')

/**
 * Each phone's consent to texts about its orders (decision 111): given on
 * her order page, withdrawn there or by replying STOP, each with when and
 * where, so the customer book can say so and no text goes to a number that
 * said no. A phone's consent is one row: giving it again after withdrawing
 * starts it afresh.
 */

/** A phone's consent as the customer book and her order page read it. */
export interface TextConsent {
  phone: string
  givenAt: number
  givenWhere: string
  /** Null while it stands. */
  withdrawnAt: number | null
  withdrawnHow: string | null
}

export function standsOf(consent: TextConsent | undefined): boolean {
  return consent !== undefined && consent.withdrawnAt === null
}

/** Records her yes: given now, at `where` ('her order page, BB-4821'). */
export async function giveTextConsent(
  db: Executor,
  { phone, where, now }: { phone: string; where: string; now: number },
): Promise<void> {
  const given = { given_at: now, given_where: where, withdrawn_at: null, withdrawn_how: null }
  await ownTables(db)
    .insertInto('text_consent')
    .values({ phone, ...given })
    .onConflict((oc) => oc.column('phone').doUpdateSet(given))
    .execute()
}

/**
 * Records her no, at once: the consent is withdrawn (how: 'replied STOP')
 * and every text still queued for her number is dropped, so none goes out
 * after it, from this instance or another. Returns whether she had consented.
 */
export async function withdrawTextConsent(
  db: Executor,
  { phone, how, now }: { phone: string; how: string; now: number },
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('text_consent')
    .set({ withdrawn_at: now, withdrawn_how: how })
    .where('phone', '=', phone)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst()
  await ownTables(db)
    .updateTable('text_message')
    .set({ status: 'dropped', last_error: `Not sent: consent withdrawn (${how}).` })
    .where('phone', '=', phone)
    .where('status', '=', 'queued')
    .execute()
  return result.numUpdatedRows > 0n
}

/** The consent of each of these phones that has ever given one. */
export async function textConsentsOf(
  db: Executor,
  phones: readonly string[],
): Promise<Map<string, TextConsent>> {
  if (phones.length === 0) return new Map()
  const rows = await ownTables(db)
    .selectFrom('text_consent')
    .selectAll()
    .where('phone', 'in', [...new Set(phones)])
    .execute()
  return new Map(rows.map((row) => [row.phone, consentOf(row)]))
}

function consentOf(row: Selectable<TextConsentTable>): TextConsent {
  return {
    phone: row.phone,
    givenAt: Number(row.given_at),
    givenWhere: row.given_where,
    withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
    withdrawnHow: row.withdrawn_how,
  }
}

/** Erasing a customer (part 8): her consent and every text to her number go. */
export async function eraseTextsOf(db: Executor, written: string): Promise<void> {
  const phone = phoneDigits(written) ?? written
  await ownTables(db).deleteFrom('text_message').where('phone', '=', phone).execute()
  await ownTables(db).deleteFrom('text_consent').where('phone', '=', phone).execute()
}

/**
 * Each phone's consent as her customer book says it, written for the page:
 * 'Texts: yes since Dec 1, 2026 (her order page, BB-4821)', or 'Texts:
 * stopped Dec 3, 2026 (replied STOP)'. Phones that never answered are left out.
 */
export async function consentLines(
  db: Executor,
  phones: readonly string[],
): Promise<Record<string, string>> {
  // A number kept before the forms stored ten digits is read as its digits.
  const digitsOf = new Map(phones.map((phone) => [phone, phoneDigits(phone) ?? phone]))
  const consents = await textConsentsOf(db, [...digitsOf.values()])
  const day = (at: number) =>
    writeBakeryMoment(at, { month: 'short', day: 'numeric', year: 'numeric' })
  const line = (consent: TextConsent) =>
    consent.withdrawnAt === null
      ? `Texts: yes since ${day(consent.givenAt)} (${consent.givenWhere})`
      : `Texts: stopped ${day(consent.withdrawnAt)} (${consent.withdrawnHow ?? 'withdrawn'})`
  return Object.fromEntries(
    [...digitsOf].flatMap(([phone, digits]) => {
      const consent = consents.get(digits)
      return consent ? [[phone, line(consent)]] : []
    }),
  )
}
