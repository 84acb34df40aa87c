import { DEFAULT_QUIET_HOURS, type QuietHours } from './text-rules.ts'

/** Her texts' settings (Settings › Texts). */
export interface TextSettings {
  quiet: QuietHours
  /** What Twilio charges her a text part, in thousandths of a cent (text-rules.ts). */
  rateMilliCents: number
  /** At most this many texts a month; past it, email alone does the job until the next. */
  monthlyCap: number
}

export const DEFAULT_TEXT_SETTINGS: TextSettings = {
  quiet: DEFAULT_QUIET_HOURS,
  // Twilio's price of a text part to Canada and the US as of 2026: $0.0083.
  rateMilliCents: 830,
  monthlyCap: 200,
}

/** The largest monthly limit the form takes: far above a home bakery's month. */
export const TEXT_CAP_MAX = 100_000
