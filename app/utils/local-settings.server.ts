import { AsyncLocalStorage } from 'node:async_hooks'
import { type LocalSettings, setServerLocalSettingsSource } from './local-settings.ts'

/**
 * The server's answer to "which local settings apply now" (decision 057):
 * each request and each job of a worker runs inside `runWithLocalSettings`
 * with the row it read once at its start, so everything it formats (pages,
 * emails, the CSV, the calendar feed) and every "today" it decides agrees,
 * and nothing is kept in the process between requests: two instances read
 * the same row.
 */
const current = new AsyncLocalStorage<LocalSettings>()

setServerLocalSettingsSource(() => current.getStore())

/** Runs `work` (and everything it awaits) with these settings. */
export function runWithLocalSettings<T>(settings: LocalSettings, work: () => T): T {
  return current.run(settings, work)
}
