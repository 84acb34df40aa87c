import path from 'node:path'
import SQLite from 'better-sqlite3'
import { DEFAULT_TEXT_SETTINGS } from '#app/features/texts/text-settings.ts'

/**
 * Her texts' quiet hours set straight in the card server's database file
 * (the owner's form is walked in texts.spec.ts). A journey that sends a
 * text at once sets an empty span (from = to), so it does not depend on the
 * hour the suite runs; `undefined` puts back the defaults.
 */
export function seedQuietHours(quiet: { from: string; to: string } | undefined) {
  const db = new SQLite(path.join(process.env.E2E_CARD_DATA_DIR!, 'bakery.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    if (!quiet) {
      db.prepare(`delete from app_state where key = 'texts:settings'`).run()
      return
    }
    const value = JSON.stringify({ ...DEFAULT_TEXT_SETTINGS, quiet })
    db.prepare(
      `insert into app_state (key, value) values ('texts:settings', ?)
       on conflict (key) do update set value = excluded.value`,
    ).run(value)
  } finally {
    db.close()
  }
}
