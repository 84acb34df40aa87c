import { cachedFormatter, localSettings } from './local-settings.ts'

const counts = new Map<string, Intl.NumberFormat>()

/** A count as people write it: 1,204, not 1204. */
export function formatCount(count: number): string {
  const { locale } = localSettings()
  return cachedFormatter(counts, locale, () => new Intl.NumberFormat(locale)).format(count)
}
