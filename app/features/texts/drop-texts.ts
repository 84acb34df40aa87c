/** News of a drop opening, by text: the forms' intents and what they answer (decision 111). */

/** "Text me when a drop opens", posted to /drops. */
export const DROP_TEXTS_SIGN_UP = 'drop_texts'

/** "Text them when it opens", posted to /admin/drops/<id>. */
export const TEXT_DROP_OPENING = 'text_opening'

export type DropTextsAnswer =
  | { dropTexts: true; ok: true; message: string }
  | { dropTexts: true; ok: false; error: string; phone?: string }

export function isDropTextsAnswer(value: unknown): value is DropTextsAnswer {
  return typeof value === 'object' && value !== null && 'dropTexts' in value
}

/** The owner's card on a drop's page. */
export interface DropTextsCard {
  dropId: number
  /** Numbers whose yes to news of drops stands. */
  people: number
  /** The text each gets. */
  words: string
  /** Parts in all, as Twilio bills them. */
  parts: number
  /** What they cost her at her rate, written. */
  cost: string
  /** Texts left of her monthly limit. */
  left: number
  closed: boolean
  /** Texts already queued for this drop, and when the first goes. */
  queued: number
  queuedFor: string | null
}
