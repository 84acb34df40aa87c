/** The words a buy-now order keeps of what she chose. Browser-safe. */
import { OPTION_TEXT_MAX, type SetPrice } from '#app/features/menu/option-prices.ts'
import { ORDER_LIMITS } from '#app/features/orders/order-options.ts'

/**
 * What she chose, in words an order keeps as its details: '8 inch · Lemon ·
 * Message on top: “Happy birthday”'; 'As on the menu' with nothing chosen.
 * Cut to the details' length, which every choice fits in all but the rarest treat.
 */
export function summaryOf(treat: Pick<SetPrice, 'groups'>, options: Record<string, string>) {
  const parts = treat.groups.flatMap((group) => {
    const given = (options[group.key] ?? '').trim()
    if (!given) return []
    if (group.kind === 'text') return [`${group.label}: “${given.slice(0, OPTION_TEXT_MAX)}”`]
    const choice = group.choices.find((candidate) => candidate.key === given)
    return choice ? [choice.label] : []
  })
  const words = parts.length > 0 ? parts.join(' · ') : 'As on the menu'
  const most = ORDER_LIMITS.event_theme
  return words.length <= most ? words : `${words.slice(0, most - 1)}…`
}
