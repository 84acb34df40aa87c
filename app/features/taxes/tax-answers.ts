import type { TaxIntent } from './tax-input.ts'
import type { TaxAnswer } from './tax-settings.server.ts'

/** A post to Settings › Taxes that was refused: why, and what she typed. */
export type TaxRefusal = Extract<TaxAnswer, { ok: false }>

/** The answer, when it is to one of these intents: each card says only how its own posts went. */
export function answerTo(
  answer: TaxAnswer | undefined,
  ...intents: TaxIntent[]
): TaxAnswer | undefined {
  return answer?.intent && intents.includes(answer.intent) ? answer : undefined
}

/** The answer, when it refused this intent (for this row, given its id). */
export function refusalOf(
  answer: TaxAnswer | undefined,
  intent: TaxIntent,
  id?: number,
): TaxRefusal | undefined {
  if (!answer || answer.ok || answer.intent !== intent) return undefined
  return id === undefined || answer.id === id ? answer : undefined
}
