/** Her page's texts panel and what her choice answers (decision 111). */

/** The form's intent, posted to `?texts`. */
export const TEXTS_INTENT = 'texts'

export interface TextPanel {
  /** Her number as she reads it: 416-555-0123. */
  phone: string
  /** Whether her consent stands now. */
  on: boolean
  /** Whom the texts come from. */
  bakeryName: string
}

export type TextChoiceResult =
  { texts: true; ok: true; message: string } | { texts: true; ok: false; error: string }

export function isTextChoiceResult(value: unknown): value is TextChoiceResult {
  return typeof value === 'object' && value !== null && 'texts' in value
}
