import { formatMoney, readMoney } from '#app/utils/money.ts'
import { marginOf } from './recipe-costs.ts'
import type { TreatCost } from './treat-cost.server.ts'

/**
 * Under a price as she types it: what the treat costs her, from its
 * recipes, and what this price leaves her and makes an hour, flagged under
 * the margin she aims for. Said politely to a screen reader as it changes.
 */
export function MarginNote({ treat, priceText }: { treat: TreatCost; priceText: string }) {
  const price = readMoney(priceText)
  const margin = price.ok ? marginOf(price.cents, treat.cost, treat.targetMarginPercent) : null
  return (
    <p className="form-hint" aria-live="polite" data-testid="margin-note">
      Costs you {formatMoney(treat.cost.totalCents)} ({treat.madeOf}).{' '}
      {margin ? (
        <span className={margin.belowTarget ? 'status-error' : 'status-success'}>
          {margin.profitCents < 0 ? 'Loses' : 'Leaves'} {formatMoney(Math.abs(margin.profitCents))}{' '}
          ({margin.percent}%)
          {margin.perHourCents === null ? '' : `, ${formatMoney(margin.perHourCents)} an hour`}
          {margin.belowTarget ? `: under the ${treat.targetMarginPercent}% you aim for.` : '.'}
        </span>
      ) : null}
      {treat.cost.problems.length > 0 ? ' Not all of it is counted yet: see the Kitchen.' : ''}
    </p>
  )
}
