import { Link } from 'react-router'
import { formatMoney } from '#app/utils/money.ts'
import type { SalesCap } from './sales-cap.server.ts'

/**
 * Settings' word on her yearly sales cap: what she has sold this year
 * against it, and a warning from 80% on, so she can plan before she is
 * over it.
 */
export function SalesCapCard({ cap }: { cap: SalesCap }) {
  const sold = `${formatMoney(cap.salesCents)} of ${cap.whose} ${formatMoney(cap.capCents)} yearly cap`
  return (
    <section
      className={`card mt-8 p-5 sm:p-6 ${cap.warn ? 'sales-cap-warn' : ''}`}
      aria-labelledby="sales-cap-heading"
      data-testid="sales-cap"
    >
      <h2 id="sales-cap-heading" className="font-display text-2xl font-semibold">
        Your sales in {cap.year}
      </h2>
      <p className="mt-2">
        {sold} ({cap.percent}%).
      </p>
      <meter
        className="sales-cap-meter mt-3"
        min={0}
        max={cap.capCents}
        high={(cap.capCents * 80) / 100}
        value={Math.min(Math.max(cap.salesCents, 0), cap.capCents)}
        aria-label={`Sold this year: ${cap.percent}% of the cap`}
      />
      {cap.warn ? (
        <p className="status-error mt-3" role="status">
          {cap.percent >= 100
            ? 'You are at the cap: a home kitchen may not sell more this year.'
            : `You have sold ${cap.percent}% of the cap: plan the rest of the year with it in mind.`}
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        Payments received this year less refunds. The cap is set in{' '}
        <Link to="/admin/kitchen/labels" className="text-link">
          Labels
        </Link>
        .
      </p>
    </section>
  )
}
