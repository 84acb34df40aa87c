import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { BALANCE_REMINDER_DAYS } from '#app/features/order-status/payment-schedule.ts'
import { starsLabel } from '#app/features/reviews/review-schema.ts'
import type { ReviewToApprove } from '#app/features/reviews/reviews.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { orderListHref } from './order-list.ts'
import { RequestItem, SeeAll, SeeAllHere, TodaySection, shortDate } from './today-list-parts.tsx'
import type { CustomerAsk, ProofChangeAsked } from './today-waiting.server.ts'
import type {
  BalanceDue,
  DepositDue,
  MoneyList,
  QuoteAwaitingAnswer,
  TodayMessage,
  WaitingRequest,
} from './today.server.ts'
import { TODAY_HEADINGS, type TodayFullList, type TodayList } from './today.ts'

/** New requests that wait for her first reply. */
export function WaitingList({ list }: { list: TodayList<WaitingRequest> }) {
  return (
    <TodaySection
      id="waiting-heading"
      title="Waiting for your reply"
      count={list.total}
      empty="No new requests wait for a reply."
      more={<SeeAll list={list} status="new" />}
    >
      <ol className="today-list">
        {list.items.map((request) => (
          <RequestItem key={request.id} request={request}>
            received {shortDate(request.receivedOn)}
          </RequestItem>
        ))}
      </ol>
    </TodaySection>
  )
}

/** What a customer asked, as her line on the list says it. */
function askLine(ask: CustomerAsk): string {
  if (ask.kind === 'cancel') {
    return `cancelled ${shortDate(ask.askedOn)} · ${formatMoney(ask.owedBackCents)} to send back`
  }
  const to = ask.newDate
    ? `to move it to ${formatCalendarDate(ask.newDate)}${ask.newWindow ? `, ${formatWindow(ask.newWindow)}` : ''}`
    : 'to change details'
  return `asked ${shortDate(ask.askedOn)} ${to}`
}

/** Customers' changes to answer and cancellations whose refund she owes. */
export function ChangesList({
  list,
  full,
}: {
  list: TodayList<CustomerAsk>
  full: TodayFullList | null
}) {
  return (
    <TodaySection
      id={TODAY_HEADINGS.changes}
      title="Changes and cancellations"
      count={list.total}
      empty="No change waits for your answer, and no cancellation for its refund."
      more={<SeeAllHere list={list} name="changes" full={full} />}
    >
      <ol className="today-list">
        {list.items.map((ask) => (
          <RequestItem
            key={ask.askId}
            request={ask}
            at={ask.kind === 'change' ? '#change-heading' : '#money-heading'}
          >
            {askLine(ask)}
          </RequestItem>
        ))}
      </ol>
    </TodaySection>
  )
}

/** Proofs a customer asked to change: the next round is hers to send. */
export function ProofChangesList({
  list,
  full,
}: {
  list: TodayList<ProofChangeAsked>
  full: TodayFullList | null
}) {
  return (
    <TodaySection
      id={TODAY_HEADINGS.proofs}
      title="Proofs with changes asked"
      count={list.total}
      empty="No customer waits for a new proof."
      more={<SeeAllHere list={list} name="proofs" full={full} />}
    >
      <ol className="today-list">
        {list.items.map((proof) => (
          <RequestItem key={proof.id} request={proof} at="#proofs-heading">
            changes asked to proof {proof.round} on {shortDate(proof.answeredOn)}
          </RequestItem>
        ))}
      </ol>
    </TodaySection>
  )
}

/** Quotes sent that wait for the customer's answer, with when each lapses. */
export function QuotesOutList({ list }: { list: TodayList<QuoteAwaitingAnswer> }) {
  return (
    <TodaySection
      id="quotes-heading"
      title="Quotes awaiting an answer"
      count={list.total}
      empty="No quote waits for a customer’s answer."
      more={<SeeAll list={list} status="quoted" />}
    >
      <ul className="today-list">
        {list.items.map((request) => (
          <RequestItem key={request.id} request={request}>
            lapses {shortDate(request.expiresOn)} if not answered
          </RequestItem>
        ))}
      </ul>
    </TodaySection>
  )
}

/** Accepted quotes whose deposit is not in, the overdue ones flagged. */
export function DepositsList({ list }: { list: MoneyList<DepositDue> }) {
  return (
    <TodaySection
      id="deposits-heading"
      title="Deposits due"
      count={list.total}
      overdue={list.overdue}
      empty="No accepted quote waits for its deposit."
      more={<SeeAll list={list} status="accepted" />}
    >
      <ul className="today-list">
        {list.items.map((request) => (
          <RequestItem key={request.id} request={request}>
            {request.overdue ? <strong className="today-overdue">Overdue</strong> : null}
            {request.overdue ? ' · ' : ''}
            {formatMoney(request.owedCents)} deposit
            {request.depositDue
              ? ` ${request.overdue ? 'was due' : 'due'} ${shortDate(request.depositDue)}`
              : ', no date set'}
          </RequestItem>
        ))}
      </ul>
    </TodaySection>
  )
}

/** Balances overdue or due soon, the overdue ones flagged. */
export function BalancesList({ list }: { list: MoneyList<BalanceDue> }) {
  return (
    <TodaySection
      id="balances-heading"
      title="Balances due"
      count={list.total}
      overdue={list.overdue}
      empty={`No balance is overdue or due in the next ${BALANCE_REMINDER_DAYS} days.`}
      more={<SeeAll list={list} href={orderListHref({ balance: true, sort: 'due' })} />}
    >
      <ul className="today-list" data-testid="balances-due">
        {list.items.map((request) => (
          <RequestItem key={request.id} request={request}>
            {request.overdue ? <strong className="today-overdue">Overdue</strong> : null}
            {request.overdue ? ' · ' : ''}
            {formatMoney(request.owedCents)} balance {request.overdue ? 'was due' : 'due'}{' '}
            {shortDate(request.balanceDue)}
          </RequestItem>
        ))}
      </ul>
    </TodaySection>
  )
}

/** Reviews she has yet to show or keep off her site, each opening at its place on Reviews. */
export function ReviewsList({ list }: { list: TodayList<ReviewToApprove> }) {
  return (
    <TodaySection
      id="reviews-heading"
      title="Reviews to approve"
      count={list.total}
      empty="No review waits for you to show it or keep it off your site."
      more={<SeeAll list={list} href="/admin/reviews" where="Reviews" />}
    >
      <ol className="today-list">
        {list.items.map((review) => (
          <li key={review.id} className="card today-item">
            <Link to={`/admin/reviews#review-${review.id}`} className="today-item-link">
              <span className="font-bold">
                {starsLabel(review.rating)} from {review.displayName}
              </span>
              <span className="text-sm">written {review.writtenOn}</span>
            </Link>
          </li>
        ))}
      </ol>
    </TodaySection>
  )
}

/**
 * The way on to the messages: to the rest of them when the page shows only
 * some, else to where she answers them; nothing when there are none.
 */
function messagesMore(list: TodayList<TodayMessage>): ReactNode {
  if (list.total > list.items.length) {
    return <SeeAll list={list} href="/admin/orders?view=messages" where="Orders › Messages" />
  }
  if (list.total > 0) {
    return (
      <Link to="/admin/orders?view=messages" className="text-link inline-block py-3">
        Read and answer them in Orders › Messages
      </Link>
    )
  }
  return null
}

/** Contact messages not yet handled. */
export function MessagesList({ list }: { list: TodayList<TodayMessage> }) {
  return (
    <TodaySection
      id="messages-heading"
      title="Open messages"
      count={list.total}
      empty="No message waits for you."
      more={messagesMore(list)}
    >
      <ol className="today-list">
        {list.items.map((message) => (
          <li key={message.id} className="card today-item">
            <Link to="/admin/orders?view=messages" className="today-item-link">
              <span className="font-bold">Message from {message.name}</span>
              <span className="text-sm">received {shortDate(message.receivedOn)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </TodaySection>
  )
}
