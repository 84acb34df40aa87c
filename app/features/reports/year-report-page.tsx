import { Link } from 'react-router'
import { counted } from '#app/utils/count.ts'
import { formatMoney, formatMoneyWithCents } from '#app/utils/money.ts'
import {
  type MonthNumbers,
  type ShareNumbers,
  type YearReport,
  monthName,
  yearEndPackPath,
} from './year-report.ts'

/**
 * /admin/reports: her year's numbers (decision 108). The year's totals, a
 * bar a month of what stayed with her, the channels and treats it came
 * from, every figure in a table, and the pack for her accountant.
 */
export function YearReportPage({ report, thisYear }: { report: YearReport; thisYear: number }) {
  const { year, total } = report
  const soFar = year === thisYear ? ' so far' : ''
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Reports</h1>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="lede">
          Your {year}
          {soFar} in numbers: what came in, what went back, and what making it cost.
        </p>
        <a
          href={yearEndPackPath(year)}
          className="filter-chip inline-flex min-h-11 items-center"
          download
        >
          Download year-end pack
          <span className="sr-only"> for {year}: a summary PDF and two spreadsheets</span>
        </a>
      </div>
      <YearLinks years={report.years} shown={year} />

      <dl className="report-totals mt-6" aria-label={`${year} totals`}>
        <Total label="Net sales" cents={total.netCents} main />
        <Total label="Refunds" cents={total.refundsCents} />
        <Total label="Ingredients & packaging" cents={total.materialsCents} />
        <Total label="Card fees" cents={total.cardFeesCents} />
        <Total label="Tax collected" cents={total.taxCents} />
        <Total label="Margin" cents={total.marginCents} />
      </dl>

      <section className="card mt-6 p-5 sm:p-7" aria-labelledby="report-months">
        <h2 id="report-months" className="font-display text-xl font-semibold text-cocoa">
          Month by month
        </h2>
        <p className="form-hint mt-1">Net sales: payments in, less refunds, by the day of each.</p>
        <MonthBars months={report.months} />
        <MonthTable report={report} />
      </section>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <ShareList
          id="report-channels"
          title="By channel"
          shares={report.channels}
          empty="No money in or out this year yet."
        />
        <ShareList
          id="report-treats"
          title="By treat"
          shares={report.products}
          empty="No treat has been paid for this year yet."
        />
      </div>

      <p className="form-hint mt-6 max-w-prose">
        Ingredients and packaging are your recipes’ costs, at today’s prices, of the orders due each
        month that you baked or will bake.
        {report.uncostedOrders > 0
          ? ` ${counted(report.uncostedOrders, 'order')} ${report.uncostedOrders === 1 ? 'holds' : 'hold'} something no recipe costs yet, so the costs read low: set their recipes in the Kitchen.`
          : ''}{' '}
        Card fees are what Stripe kept of each card payment and gift card sold, by the day it came
        in
        {report.feesToCome > 0
          ? `; Stripe has yet to say ${report.feesToCome === 1 ? 'one fee, which comes' : `${report.feesToCome} fees, which come`} within minutes.`
          : '.'}{' '}
        {report.giftCardsSold.count > 0
          ? `You sold ${counted(report.giftCardsSold.count, 'gift card')} for ${formatMoney(report.giftCardsSold.cents)}: each is a sale as it is spent, not the day it is bought. `
          : ''}
        Tax collected is each payment’s part of its order’s tax, less the part of each refund; it is
        not yours, so the margin leaves it out.
      </p>
    </section>
  )
}

function YearLinks({ years, shown }: { years: number[]; shown: number }) {
  if (years.length < 2) return null
  return (
    <nav aria-label="Years" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {years.map((year) => (
          <li key={year}>
            <Link
              to={`/admin/reports?year=${year}`}
              className={`filter-chip inline-flex min-h-11 items-center${year === shown ? ' filter-chip-on' : ''}`}
              aria-current={year === shown ? 'page' : undefined}
            >
              {year}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Total({
  label,
  cents,
  main = false,
  wide = main,
}: {
  label: string
  cents: number
  /** The year's headline figure. */
  main?: boolean
  /** A row of its own on a phone. */
  wide?: boolean
}) {
  return (
    <div
      className={`report-total${main ? ' report-total-main' : ''}${wide ? ' report-total-wide' : ''}`}
    >
      <dt>{label}</dt>
      <dd>{formatMoney(cents)}</dd>
    </div>
  )
}

/** A bar a month, as long as its share of the year's best month; the figure beside it. */
function MonthBars({ months }: { months: MonthNumbers[] }) {
  const most = Math.max(1, ...months.map((month) => month.netCents))
  return (
    <ol className="report-bars mt-4" aria-label="Net sales by month">
      {months.map((month) => (
        <li key={month.month}>
          <span className="report-bar-label">
            <span aria-hidden="true">{monthName(month.month, 'short')}</span>
            <span className="sr-only">{monthName(month.month)}</span>
          </span>
          <span className="report-bar-track" aria-hidden="true">
            <span
              className="report-bar"
              style={{ inlineSize: `${(Math.max(0, month.netCents) / most) * 100}%` }}
            />
          </span>
          <span className="report-bar-amount">{formatMoney(month.netCents)}</span>
        </li>
      ))}
    </ol>
  )
}

function MonthTable({ report }: { report: YearReport }) {
  const cells = (line: YearReport['total']) =>
    [
      line.salesCents,
      line.refundsCents,
      line.netCents,
      line.materialsCents,
      line.cardFeesCents,
      line.taxCents,
      line.marginCents,
    ].map((cents, index) => <td key={index}>{formatMoneyWithCents(cents)}</td>)
  return (
    <div
      className="report-table-frame mt-6"
      role="region"
      aria-labelledby="report-table-caption"
      // On a phone the table scrolls sideways: a region that scrolls takes the
      // keyboard's focus, so it can be scrolled without a pointer.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="report-table">
        <caption id="report-table-caption" className="sr-only">
          Every month’s figures for {report.year}
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Sales</th>
            <th scope="col">Refunds</th>
            <th scope="col">Net</th>
            <th scope="col">Ingredients &amp; packaging</th>
            <th scope="col">Card fees</th>
            <th scope="col">Tax</th>
            <th scope="col">Margin</th>
          </tr>
        </thead>
        <tbody>
          {report.months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthName(month.month)}</th>
              {cells(month)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {cells(report.total)}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

function ShareList({
  id,
  title,
  shares,
  empty,
}: {
  id: string
  title: string
  shares: ShareNumbers[]
  empty: string
}) {
  const most = Math.max(1, ...shares.map((share) => share.netCents))
  return (
    <section className="card p-5 sm:p-7" aria-labelledby={id}>
      <h2 id={id} className="font-display text-xl font-semibold text-cocoa">
        {title}
      </h2>
      {shares.length === 0 ? (
        <p className="mt-3 text-chocolate">{empty}</p>
      ) : (
        <ul className="report-shares mt-4">
          {shares.map((share) => (
            <li key={share.label}>
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-bold text-cocoa">{share.label}</span>
                <span className="report-bar-amount">{formatMoney(share.netCents)}</span>
              </div>
              <span className="report-bar-track" aria-hidden="true">
                <span
                  className="report-bar"
                  style={{ inlineSize: `${(Math.max(0, share.netCents) / most) * 100}%` }}
                />
              </span>
              <p className="form-hint">
                {counted(share.orders, 'order')}
                {share.refundsCents > 0 ? `, ${formatMoney(share.refundsCents)} refunded` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
