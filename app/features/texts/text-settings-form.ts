import { formatCount } from '#app/utils/count.ts'
import { parseTextRate } from './text-rules.ts'
import { TEXT_CAP_MAX, type TextSettings } from './text-settings.ts'

/** Settings › Texts posts this intent. */
export const SAVE_TEXT_SETTINGS = 'save-text-settings'

export type TextSettingsField = 'quiet_from' | 'quiet_to' | 'rate' | 'monthly_cap'

export type TextSettingsRead =
  | { ok: true; settings: TextSettings }
  | { ok: false; errors: Partial<Record<TextSettingsField, string>> }

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * Her texts' settings as posted, checked field by field, with a sentence
 * for each field that cannot be read. The server's one check of this form.
 */
export function readTextSettingsForm(form: Record<string, string | undefined>): TextSettingsRead {
  const errors: Partial<Record<TextSettingsField, string>> = {}
  const from = (form.quiet_from ?? '').trim()
  const to = (form.quiet_to ?? '').trim()
  if (!TIME.test(from)) errors.quiet_from = 'Choose a time, like 21:00.'
  if (!TIME.test(to)) errors.quiet_to = 'Choose a time, like 08:00.'
  const rate = parseTextRate(form.rate ?? '')
  if (rate === undefined) errors.rate = 'Write what a text costs you in dollars, like 0.0083.'
  const cap = (form.monthly_cap ?? '').trim()
  if (!/^\d{1,6}$/.test(cap) || Number(cap) > TEXT_CAP_MAX) {
    errors.monthly_cap = `Choose a number of texts from 0 to ${formatCount(TEXT_CAP_MAX)}.`
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    settings: { quiet: { from, to }, rateMilliCents: rate!, monthlyCap: Number(cap) },
  }
}
