import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import {
  OverdueFlag,
  PaymentReference,
  StatusBadge,
} from '#app/features/order-status/status-badge.tsx'
import { CardLooksNote } from '#app/features/payments/card-payments-to-look.tsx'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { CardRefunds } from './card-refund-form.tsx'
import { ChangeRequestCard } from './change-request-card.tsx'
import { CustomerCard } from './customer-card.tsx'
import { Emails } from './emails.tsx'
import { formsShown, moneyDue } from './forms-shown.ts'
import { MoneyCard } from './money-card.tsx'
import { Outcome } from './outcome.tsx'
import { VersionContext, useSettledAnswer } from './page-forms.tsx'
import { PaymentForm } from './payment-form.tsx'
import { QuoteCard } from './quote-card.tsx'
import { RefundForm } from './refund-form.tsx'
import { StatusActions } from './status-actions.tsx'
import { Timeline } from './timeline.tsx'

/**
 * One request in the owner's order book: its details, photos, money,
 * timeline and emails, and the forms that move it along. Every form posts
 * with an `intent`; the server's answer shows beside the form that sent it.
 */
export function OrderDetailPage({
  detail,
  result: answer,
  today,
  proof,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
  /** The design proof's card (features/proofs), last among the actions. */
  proof?: ReactNode
}) {
  const { request } = detail
  // The answer and the page it belongs to show together.
  const result = useSettledAnswer(answer)
  return (
    <VersionContext value={detail.version}>
      <section className="page-section">
        <p>
          <Link to="/admin/orders" className="text-link">
            ← All orders
          </Link>
        </p>
        <p className="eyebrow mt-4">Order request #{request.id}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="page-heading">{request.productType}</h1>
          <StatusBadge state={detail.state} />
          {detail.depositOverdue ? <OverdueFlag /> : null}
          {detail.balanceOverdue ? <OverdueFlag what="balance" /> : null}
          <PaymentReference reference={request.paymentReference} />
        </div>
        <p className="lede mt-2">
          For {request.name}, {formatCalendarDate(request.dueDate)}
        </p>
        <CardLooksNote items={detail.card.looks} />

        {/*
        On a phone, one column in the order the owner works: the request, its
        money, what to do next, then its history. On a wide screen the actions
        take the right column beside it all; the last row takes the slack.
      */}
        <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:grid-rows-[auto_auto_auto_1fr]">
          <CustomerCard detail={detail} result={result} />
          <MoneyCard
            detail={detail}
            cardRefunds={
              <CardRefunds
                detail={detail}
                result={result}
                outcome={<Outcome result={result} intents={['card_refund']} />}
              />
            }
          />
          <ActionsColumn detail={detail} result={result} today={today} proof={proof} />
          <Timeline detail={detail} />
          <Emails detail={detail} />
        </div>
      </section>
    </VersionContext>
  )
}

/**
 * The forms that move the request along, in the right column on a wide
 * screen. The forms are keyed by the request's version: after a change they
 * start afresh from what is stored (an amount just recorded is not offered
 * again), while a refused post keeps what was typed. When money is due,
 * recording it comes first, on a phone above it all.
 */
function ActionsColumn({
  detail,
  result,
  today,
  proof,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
  proof: ReactNode
}) {
  const shown = formsShown(detail)
  const due = moneyDue(detail)
  const forms = { detail, result, today }
  const quote = shown.includes('quote') ? (
    <QuoteCard key={`quote-${detail.version}`} {...forms} />
  ) : null
  const payment = <PaymentForm key={detail.version} {...forms} />
  const status = <StatusActions key={`move-${detail.version}`} detail={detail} result={result} />
  const refund = shown.includes('refund') ? (
    <RefundForm key={`refund-${detail.version}`} {...forms} />
  ) : null
  return (
    <div
      className={`grid min-w-0 grid-cols-1 gap-6 lg:col-start-2 lg:row-span-4 lg:row-start-1 ${due ? 'order-first lg:order-none' : ''}`}
    >
      {/* An answer to a form no longer on the page (it changed meanwhile) shows here. */}
      {result && (result.intent === null || !shown.includes(result.intent)) ? (
        <Outcome result={result} intents={result.intent ? [result.intent] : null} />
      ) : null}
      <ChangeRequestCard
        key={`change-${detail.version}`}
        detail={detail}
        result={result}
        outcome={<Outcome result={result} intents={['accept_change', 'decline_change']} />}
      />
      {due ? (
        <>
          {payment}
          {status}
          {refund}
          {quote}
        </>
      ) : (
        <>
          {quote}
          {shown.includes('payment') ? payment : null}
          {status}
          {refund}
        </>
      )}
      {proof}
    </div>
  )
}
