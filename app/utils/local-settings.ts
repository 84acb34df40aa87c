import { site } from '#app/content/site.ts'
import { type Formatter, drawnFormatter } from './drawn-words.ts'

/**
 * The bakery's local settings: where "today" is decided, what money is in
 * and how dates and amounts are written (decision 057). The owner keeps
 * them in Settings › Your site (features/site-content stores them); nothing
 * else in the code names a time zone, a currency or a locale.
 *
 * One question answers "which apply now", `localSettings()`:
 * - on the server, the settings the request (or the job) was started with:
 *   utils/local-settings.server.ts runs each request and each job of the
 *   workers inside an AsyncLocalStorage holding the row it read once;
 * - in the browser, those the root loader handed to the page
 *   (`useLocalSettingsInBrowser`, set once as the page starts);
 * - anywhere else (a unit test that sets nothing), the seed's, from site.ts.
 *
 * The browser may load this file: it imports nothing of the server.
 */
export interface LocalSettings {
  /** An IANA time zone name, e.g. America/Toronto. */
  timeZone: string
  /** An ISO 4217 code whose amounts have cents (two minor digits), e.g. CAD. */
  currency: string
  /** A canonical BCP 47 tag for dates and amounts, e.g. en-CA. */
  locale: string
}

/** What a new bakery starts with: site.ts's. */
export const SEED_LOCAL_SETTINGS: LocalSettings = {
  timeZone: site.timeZone,
  currency: site.currency,
  locale: site.locale,
}

let serverSource: (() => LocalSettings | undefined) | undefined
let browserSettings: LocalSettings | undefined

/** The settings that apply now (see above). */
export function localSettings(): LocalSettings {
  return serverSource?.() ?? browserSettings ?? SEED_LOCAL_SETTINGS
}

/** For utils/local-settings.server.ts only: where the server's settings come from. */
export function setServerLocalSettingsSource(source: () => LocalSettings | undefined): void {
  serverSource = source
}

/**
 * The browser's settings, from the root loader's data: set before the page's
 * first render there, so the browser formats as the server did. On the
 * server it does nothing (a module's memory is shared by every request).
 */
export function useLocalSettingsInBrowser(settings: LocalSettings | undefined): void {
  if (typeof document === 'undefined' || !settings) return
  browserSettings = settings
}

/** A key for caching a formatter built from the settings. */
export function settingsKey(settings: LocalSettings): string {
  return `${settings.locale}|${settings.currency}|${settings.timeZone}`
}

/**
 * One formatter per setting and options: building an Intl formatter costs
 * far more than formatting with it, so each is kept by what built it (a
 * bakery has one setting at a time; a change adds one more, never many).
 * `key` starts with what the formatter is for ('money|', 'date|'), so no two
 * kinds share one; while a page starts, it answers with the words the server
 * drew the page with (utils/drawn-words.ts).
 */
export function cachedFormatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  cache: Map<string, Formatter<F>>,
  key: string,
  build: () => F,
): Formatter<F> {
  let found = cache.get(key)
  if (found === undefined) {
    if (cache.size >= 64) cache.clear()
    found = drawnFormatter(key, build)
    cache.set(key, found)
  }
  return found
}

const dateTimeFormats = new Map<string, Formatter<Intl.DateTimeFormat>>()

/**
 * A date-and-time formatter in the bakery's locale and time zone (or the
 * options' own `timeZone`, for a calendar day written in UTC).
 */
export function bakeryDateTimeFormat(
  options: Intl.DateTimeFormatOptions,
): Formatter<Intl.DateTimeFormat> {
  const settings = localSettings()
  const full = { timeZone: settings.timeZone, ...options }
  return cachedFormatter(
    dateTimeFormats,
    `date|${settings.locale}|${JSON.stringify(full)}`,
    () => new Intl.DateTimeFormat(settings.locale, full),
  )
}
