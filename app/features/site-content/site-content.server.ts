import type { Kysely, Transaction } from 'kysely'
import {
  SEED_WORDS,
  SITE_WORDS_KEYS,
  type SiteWords,
  type SiteWordsKey,
} from '#app/content/site-words.ts'
import type { Database } from '#app/db/schema.ts'
import { type FieldErrors, SITE_WORDS_SCHEMAS, fieldErrorsOf } from './site-words-schema.ts'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * The owner's words in the database (docs/decisions/051): one row of JSON
 * per section (`SITE_WORDS_KEYS`), each checked by its schema on the way in
 * and on the way out. Nothing is kept in memory between requests: every
 * page reads the rows (one small indexed read), so two instances always
 * agree, and the page cache keys on the page version the rows' triggers
 * replace (migration 017).
 */

/**
 * Writes each section site.ts starts with, only where the store has none:
 * one insert-if-absent per section, so several instances starting at once
 * write it once between them and an edited section is never written over.
 * A section added by a later release is filled on its first boot the same
 * way. Returns how many sections were written.
 */
export async function seedSiteContent(
  db: Executor,
  seed: SiteWords = SEED_WORDS,
  now: number = Date.now(),
): Promise<number> {
  let added = 0
  for (const key of SITE_WORDS_KEYS) {
    const result = await db
      .insertInto('site_content')
      .values({ key, value: JSON.stringify(seed[key]), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst()
    added += Number(result.numInsertedOrUpdatedRows ?? 0)
  }
  return added
}

/**
 * One section as stored, checked by its schema. A field the stored JSON
 * lacks (one a later release added) takes the seed's value, so adding a
 * field is adding it to the type, the schema and the seed; a row that no
 * longer passes its schema (a hand edit) reads as the seed rather than
 * breaking every page.
 */
function parseSection<K extends SiteWordsKey>(key: K, value: string | undefined): SiteWords[K] {
  if (value === undefined) return SEED_WORDS[key]
  let stored: unknown
  try {
    stored = JSON.parse(value)
  } catch {
    return SEED_WORDS[key]
  }
  if (typeof stored !== 'object' || stored === null) return SEED_WORDS[key]
  const parsed = SITE_WORDS_SCHEMAS[key].safeParse({ ...SEED_WORDS[key], ...stored })
  return parsed.success ? (parsed.data as SiteWords[K]) : SEED_WORDS[key]
}

/** Every section of the owner's words, as the pages and emails show them. */
export async function readSiteWords(db: Executor): Promise<SiteWords> {
  const rows = await db.selectFrom('site_content').select(['key', 'value']).execute()
  const byKey = new Map(rows.map((row) => [row.key, row.value]))
  return {
    identity: parseSection('identity', byKey.get('identity')),
    words: parseSection('words', byKey.get('words')),
    announcement: parseSection('announcement', byKey.get('announcement')),
    faq: parseSection('faq', byKey.get('faq')),
    pictures: parseSection('pictures', byKey.get('pictures')),
  }
}

/** One section only (an email needs the identity, /faq its page). */
export async function readSiteSection<K extends SiteWordsKey>(
  db: Executor,
  key: K,
): Promise<SiteWords[K]> {
  const row = await db
    .selectFrom('site_content')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  return parseSection(key, row?.value)
}

export type SaveResult<K extends SiteWordsKey> =
  { ok: true; value: SiteWords[K] } | { ok: false; errors: FieldErrors }

/**
 * Checks `input` with the section's schema and, only when all of it passes,
 * replaces the section in one statement (its trigger replaces the page
 * version in the same statement). A refusal writes nothing and says, per
 * field, what to change.
 */
export async function saveSiteSection<K extends SiteWordsKey>(
  db: Executor,
  key: K,
  input: unknown,
  now: number = Date.now(),
): Promise<SaveResult<K>> {
  const parsed = checkSiteSection(key, input)
  if (!parsed.ok) return parsed
  const value = JSON.stringify(parsed.value)
  await db
    .insertInto('site_content')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute()
  return parsed
}

/** The schema's verdict on a section without saving it (what a preview shows). */
export function checkSiteSection<K extends SiteWordsKey>(key: K, input: unknown): SaveResult<K> {
  const parsed = SITE_WORDS_SCHEMAS[key].safeParse(input)
  return parsed.success
    ? { ok: true, value: parsed.data as SiteWords[K] }
    : { ok: false, errors: fieldErrorsOf(parsed.error) }
}
