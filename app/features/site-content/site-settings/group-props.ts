import type { BakeryAddress } from '#app/content/bakery-address.ts'
import type { SiteWords } from '#app/content/site-words.ts'

/** What every group of Settings › Your site is drawn from: the page's loader data and answer. */
export interface GroupProps {
  words: SiteWords
  policies: string
  /**
   * The terms every order follows, written from her rules in Settings ›
   * Payments: they open the policies, before her words (decision 079).
   */
  orderTerms: readonly { title: string; text: string }[]
  /** Whether a quote or payment is recorded: the currency then stays (decision 057). */
  moneyRecorded: boolean
  /** The time zones the server accepts, for the time zone field's suggestions. */
  timeZones: readonly string[]
  /**
   * The bakery's date now, YYYY-MM-DD, as the server's clock and time-zone data
   * make it: the browser's may differ (see writeBakeryMoment).
   */
  today: string
  /** Her whole address, the private street too: this page is hers alone (decision 084). */
  address: BakeryAddress
  /** Her locale's country and its name, or null when her locale names none. */
  country: { code: string; name: string } | null
  /** The page's action data, whichever group it answered. */
  posted: unknown
}
