import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { DEFAULT_TEXT_SETTINGS, type TextSettings } from './text-settings.ts'

const ownTables = tablesFor('texts')

/** The app_state key of her texts' settings. */
const SETTINGS_KEY = 'texts:settings'

export async function readTextSettings(db: Executor): Promise<TextSettings> {
  const row = await ownTables(db)
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', SETTINGS_KEY)
    .executeTakeFirst()
  if (!row) return DEFAULT_TEXT_SETTINGS
  try {
    const stored = JSON.parse(row.value) as Partial<TextSettings>
    return { ...DEFAULT_TEXT_SETTINGS, ...stored }
  } catch {
    return DEFAULT_TEXT_SETTINGS
  }
}

export async function saveTextSettings(db: Executor, settings: TextSettings): Promise<void> {
  const value = JSON.stringify(settings)
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: SETTINGS_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}
