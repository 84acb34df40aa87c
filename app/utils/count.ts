import type { Formatter } from './drawn-words.ts'
import { cachedFormatter, localSettings } from './local-settings.ts'

const counts = new Map<string, Formatter<Intl.NumberFormat>>()

/** A count as people write it: 1,204, not 1204. */
export function formatCount(count: number): string {
  const { locale } = localSettings()
  return cachedFormatter(counts, `count|${locale}`, () => new Intl.NumberFormat(locale)).format(
    count,
  )
}

/** "1 order", "1,204 orders": a count with its noun, for nouns made plural with an s. */
export function counted(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`
}
