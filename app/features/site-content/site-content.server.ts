import type { Kysely, Transaction } from 'kysely'
import {
  SEED_WORDS,
  SITE_WORDS_KEYS,
  type SiteWords,
  type SiteWordsKey,
} from '#app/content/site-words.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import type { LocalSettings } from '#app/utils/local-settings.ts'
import { htmlToShow, renderMarkdown } from '#app/utils/markdown.server.ts'
import { controlsAsSpaces } from '#app/utils/plain-text.ts'
import { type FieldErrors, SITE_WORDS_SCHEMAS, fieldErrorsOf } from './site-words-schema.ts'

const ownTables = tablesFor('site-content')

type Executor = Kysely<Database> | Transaction<Database>

/**
 * The owner's words in the database (docs/decisions/051): one row of JSON
 * per section (`SITE_WORDS_KEYS`), each checked by its schema on the way in
 * and on the way out. Nothing is kept in memory between requests: every
 * page reads the rows (one small indexed read), so two instances always
 * agree, and the page cache keys on the page version the rows' triggers
 * replace (migration 031).
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
    const result = await ownTables(db)
      .insertInto('site_content')
      .values({ key, ...storedRow(key, seed[key]), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst()
    added += Number(result.numInsertedOrUpdatedRows ?? 0)
  }
  return added
}

/**
 * A section with every field, for one stored (or exported) by an earlier
 * release: a field it lacks takes the value a bakery set up without the
 * demo has (plainWords), never the demo bakery's, because nothing tells a
 * demo site from hers (decision 080). So adding a field is adding it to the
 * type, the schema and the plain words; no migration.
 */
export function completeSection(key: SiteWordsKey, stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return stored
  return { ...PLAIN_FIELDS[key], ...stored }
}

/**
 * One section as stored, checked by its schema (after completeSection). A
 * row that no longer passes its schema (a hand edit) reads as the seed
 * rather than breaking every page.
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
  const schema = SITE_WORDS_SCHEMAS[key]
  let section: unknown = completeSection(key, stored)
  let parsed = schema.safeParse(section)
  // Words stored before the rule for typed text refused control characters
  // (decision 076) read with them as spaces, field by field, rather than as
  // the seed: her name and email stay hers, the line breaks of a story too
  // where they can.
  for (const allow of ['\n\t', ''] as const) {
    if (parsed.success) break
    section = withControlsAsSpaces(section, parsed.error.issues, allow)
    parsed = schema.safeParse(section)
  }
  return parsed.success ? (parsed.data as SiteWords[K]) : SEED_WORDS[key]
}

/** A copy of `section` with the controls of each refused text (but those in `allow`) as spaces. */
function withControlsAsSpaces(
  section: unknown,
  issues: readonly { path: readonly PropertyKey[] }[],
  allow: string,
): unknown {
  const copy = structuredClone(section) as Record<PropertyKey, unknown>
  for (const { path } of issues) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>(
        (node, step) => (node as Record<PropertyKey, unknown> | undefined)?.[step],
        copy,
      )
    const field = path.at(-1)
    const holder = parent as Record<PropertyKey, unknown> | undefined
    if (field === undefined || typeof holder?.[field] !== 'string') continue
    holder[field] = controlsAsSpaces(holder[field], { allow })
  }
  return copy
}

/** Every section of the owner's words, as the pages and emails show them. */
export async function readSiteWords(db: Executor): Promise<SiteWords> {
  const rows = await ownTables(db).selectFrom('site_content').select(['key', 'value']).execute()
  const byKey = new Map(rows.map((row) => [row.key, row.value]))
  return {
    identity: parseSection('identity', byKey.get('identity')),
    words: parseSection('words', byKey.get('words')),
    announcement: parseSection('announcement', byKey.get('announcement')),
    faq: parseSection('faq', byKey.get('faq')),
    local: parseSection('local', byKey.get('local')),
    pictures: parseSection('pictures', byKey.get('pictures')),
  }
}

/**
 * The FAQ as /faq shows it: the HTML rendered when she saved it, or her text
 * as plain paragraphs where there is none. Never renders Markdown, so no
 * stored text can make the page fail (decision 076).
 */
export async function readFaqHtml(db: Executor): Promise<string> {
  const row = await ownTables(db)
    .selectFrom('site_content')
    .select(['value', 'html'])
    .where('key', '=', 'faq')
    .executeTakeFirst()
  if (!row) return htmlToShow(SEED_WORDS.faq.markdown, null)
  return htmlToShow(parseSection('faq', row.value).markdown, row.html)
}

/**
 * Renders a stored FAQ that has no rendering yet (one saved before
 * renderings were kept): run at boot. A text that cannot be rendered keeps
 * none, and /faq shows it as plain paragraphs. Returns whether it wrote one.
 */
export async function renderStoredFaq(db: Executor): Promise<boolean> {
  const row = await ownTables(db)
    .selectFrom('site_content')
    .select('value')
    .where('key', '=', 'faq')
    .where('html', 'is', null)
    .executeTakeFirst()
  if (!row) return false
  const rendered = renderMarkdown(parseSection('faq', row.value).markdown)
  if (!rendered.ok) return false
  // Only the text it was rendered from: a save in the meantime wrote its own.
  const result = await ownTables(db)
    .updateTable('site_content')
    .set({ html: rendered.html })
    .where('key', '=', 'faq')
    .where('value', '=', row.value)
    .where('html', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** One section only (an email needs the identity, /faq its page). */
export async function readSiteSection<K extends SiteWordsKey>(
  db: Executor,
  key: K,
): Promise<SiteWords[K]> {
  const row = await ownTables(db)
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
  await writeSection(db, key, parsed.value, now)
  return parsed
}

/**
 * The schema's verdict on a section without saving it (what a preview
 * shows). The FAQ must also render: Markdown nested too deep to lay out is
 * refused here, with the sentence `renderMarkdown` gives.
 */
export function checkSiteSection<K extends SiteWordsKey>(key: K, input: unknown): SaveResult<K> {
  const parsed = SITE_WORDS_SCHEMAS[key].safeParse(input)
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) }
  const value = parsed.data as SiteWords[K]
  if (key === 'faq') {
    const rendered = renderMarkdown((value as SiteWords['faq']).markdown)
    if (!rendered.ok) return { ok: false, errors: { markdown: rendered.error } }
  }
  return { ok: true, value }
}

/**
 * A section as its row keeps it: the JSON, and for the FAQ the HTML its
 * Markdown renders to, made here as it is written (a save, the seed, an
 * import), never as a page is read (decision 076). A text that cannot
 * render (never one checkSiteSection passed) keeps none.
 */
function storedRow<K extends SiteWordsKey>(key: K, section: SiteWords[K]) {
  const value = JSON.stringify(section)
  if (key !== 'faq') return { value, html: null }
  const rendered = renderMarkdown((section as SiteWords['faq']).markdown)
  return { value, html: rendered.ok ? rendered.html : null }
}

async function writeSection<K extends SiteWordsKey>(
  db: Executor,
  key: K,
  section: SiteWords[K],
  now: number,
): Promise<void> {
  const row = storedRow(key, section)
  await ownTables(db)
    .insertInto('site_content')
    .values({ key, ...row, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ ...row, updated_at: now }))
    .execute()
}

/**
 * Replaces every section with `words`, each already checked by its schema
 * (checkSiteSection), in the caller's transaction: all of them change, or
 * none. The rows' trigger replaces the page version, so pages follow at once.
 */
export async function replaceSiteWords(
  db: Executor,
  words: SiteWords,
  now: number = Date.now(),
): Promise<void> {
  for (const key of SITE_WORDS_KEYS) await writeSection(db, key, words[key], now)
}

/**
 * Plain words for a bakery that starts without the demo's: its name, hers
 * and her email, a sentence or two she replaces in Settings › Your site,
 * and nothing she has not said: no place, no year, no FAQ, no social links,
 * no banner, and plain pictures (her bakery's initial as its mark). Each
 * passes its section's schema.
 */
export function plainWords({
  name,
  ownerName,
  email,
}: {
  name: string
  ownerName: string
  email: string
}): SiteWords {
  return {
    identity: {
      name,
      ownerName,
      tagline: 'Cakes and treats, baked to order',
      titleWords: ['HOME BAKERY'],
      email,
      phone: '',
      social: {
        instagram: { url: '', handle: '' },
        tiktok: { url: '', handle: '' },
        facebook: { url: '', handle: '' },
      },
      serviceArea: '',
      city: '',
      region: '',
      postalCode: '',
      since: '',
      replyTime: 'within two days',
      footerLine: '',
    },
    words: {
      homeStory: `Welcome to ${name}. Everything here is baked to order, in small batches.`,
      aboutStory: `${name} is a home bakery. Our story is coming soon.`,
      treatsIntro: '',
      galleryHeading: 'Our Gallery',
      galleryIntro: '',
    },
    announcement: { on: false, text: '', link: '', endsOn: '' },
    faq: { markdown: '' },
    // Her time zone, currency and locale are asked for at setup, not replaced.
    local: SEED_WORDS.local,
    pictures: { ...SEED_WORDS.pictures, builtIn: 'plain' },
  }
}

/** The plain words' fields, for a stored section that lacks some (completeSection). */
const PLAIN_FIELDS: SiteWords = plainWords({ name: '', ownerName: '', email: '' })

/** Why a currency change is refused once money is recorded (decision 057). */
export const CURRENCY_FIXED =
  'The currency cannot change once a quote or payment is recorded: those amounts are in the currency they were written in. One bakery keeps one currency.'

/**
 * Saves the bakery's time zone, currency and locale (decision 057): Settings
 * › Your site and the first-run setup both write through here. Checked by
 * `localSchema`; a new currency is refused once any quote or payment is
 * recorded, which `moneyRecorded` (the order book's) answers. A refusal
 * writes nothing.
 */
export async function saveLocalSettings(
  db: Executor,
  input: unknown,
  { moneyRecorded, now = Date.now() }: { moneyRecorded: () => Promise<boolean>; now?: number },
): Promise<SaveResult<'local'>> {
  const checked = checkSiteSection('local', input)
  if (!checked.ok) return checked
  const stored = await readSiteSection(db, 'local')
  if (checked.value.currency !== stored.currency && (await moneyRecorded())) {
    return { ok: false, errors: { currency: CURRENCY_FIXED } }
  }
  return saveSiteSection(db, 'local', checked.value, now)
}

/** The local settings as stored: what each request and job runs with. */
export function readLocalSettings(db: Executor): Promise<LocalSettings> {
  return readSiteSection(db, 'local')
}

/**
 * Runs `work` with the bakery's local settings as stored now: what the
 * server does around each request and each job of its workers, so a job
 * (the digest, reminders, expiring quotes) formats and decides "today" as
 * the owner set it, read once at its start (decision 057).
 */
export async function withBakeryLocalSettings<T>(db: Executor, work: () => Promise<T>): Promise<T> {
  return runWithLocalSettings(await readLocalSettings(db), work)
}
