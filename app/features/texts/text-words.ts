import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { formatDateRange } from '#app/utils/dates.ts'
import { partyName } from '#app/utils/party-name.ts'
import { plainText } from './text-rules.ts'

/** What a text about one handover says: which texts, whose, and when. */
export interface HandoverText {
  kind: 'day-before' | 'soon' | 'ready'
  bakeryName: string
  /** Each treat handed over together, as the book names it ('Cupcakes'). */
  treats: readonly string[]
  fulfilment: 'pickup' | 'delivery'
  dueDate: string
  window: string | null
  /** Her order page. */
  orderUrl: string
}

/** Every text ends with how to stop them: the law in Canada and the US asks it, and it is kind. */
export const STOP_LINE = 'Reply STOP to stop texts.'

/**
 * A handover's text, in plain characters (text-rules.ts plainText) so it
 * goes in as few parts as it can:
 * - 'Butter & Bloom: see you tomorrow, Sat, Dec 5, 2026, 10:00 a.m.-12:00 p.m., for your Cupcakes. …'
 * - 'Butter & Bloom: see you today, 10:00 a.m.-12:00 p.m., for your Cupcakes. …'
 * - 'Butter & Bloom: your Cupcakes are ready! Pickup Sat, Dec 5, 2026, 10:00 a.m.-12:00 p.m. …'
 */
export function handoverText(text: HandoverText): string {
  const treats = partyName(text.treats)
  const verb = text.treats.length > 1 ? 'are' : 'is'
  const day = formatDateRange(text.dueDate, text.dueDate)
  const time = text.window ? formatWindow(text.window) : null
  const delivery = text.fulfilment === 'delivery'
  const words = {
    'day-before': delivery
      ? `we deliver your ${treats} tomorrow, ${withTime(day, time)}.`
      : `see you tomorrow, ${withTime(day, time)}, for your ${treats}.`,
    soon: delivery
      ? `we deliver your ${treats} today${time ? `, ${time}` : ''}.`
      : `see you today${time ? `, ${time}` : ''}, for your ${treats}.`,
    ready: delivery
      ? `your ${treats} ${verb} ready! Delivery ${withTime(day, time)}.`
      : `your ${treats} ${verb} ready! Pickup ${withTime(day, time)}.`,
  }[text.kind]
  return plainText(`${text.bakeryName}: ${words} Your order: ${text.orderUrl} ${STOP_LINE}`)
}

function withTime(day: string, time: string | null): string {
  return time ? `${day}, ${time}` : day
}
