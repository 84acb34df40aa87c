import { answeredAt } from './action-status.tsx'

/**
 * Where a Settings page shows the answer to her last post: in the card whose
 * form she used, beside its button (decision 083). Each card asks
 * `answerFor` whether the page's action data is its own, and its forms post
 * with `cardAction`, so the page opens at that answer.
 */

/** What a card shows: a sentence that it worked, or why not. */
export type CardAnswerWords = { ok: true; message: string } | { ok: false; error: string }

/**
 * Which card an answer belongs to: the intents its forms post, and what else
 * the answer must name when the page has several cards of one kind (the
 * product, the device).
 */
export interface CardOf {
  intents: readonly string[]
  /** The answer's field naming its form; `intent` unless the page says `section`. */
  by?: 'intent' | 'section'
  /** Fields the answer must carry with these values, e.g. `{ id: 7 }` for product 7. */
  subject?: Readonly<Record<string, string | number>>
}

/**
 * The page's action data when it answered this card's forms, else nothing:
 * the one test every Settings card makes, so one answer shows in one card.
 * `A` is the card's own answer type, which its action returns.
 */
export function answerFor<A extends object>(posted: unknown, card: CardOf): A | undefined {
  if (typeof posted !== 'object' || posted === null) return undefined
  const fields = posted as Record<string, unknown>
  const named = fields[card.by ?? 'intent']
  if (typeof named !== 'string' || !card.intents.includes(named)) return undefined
  const about = Object.entries(card.subject ?? {})
  return about.every(([key, value]) => fields[key] === value) ? (posted as A) : undefined
}

/** The id of a card's answer: `<card>-answer`. */
export function cardAnswerId(cardId: string): string {
  return `${cardId}-answer`
}

/**
 * The `action` of every form in a card: the page answers at the card's
 * answer, so the new page (without JavaScript) or React Router's scroll
 * (with it) opens there, where she pressed Save (decision 083).
 */
export function cardAction(cardId: string, search = ''): string {
  return `${search}${answeredAt(cardAnswerId(cardId))}`
}
