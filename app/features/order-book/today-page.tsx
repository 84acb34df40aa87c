import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  BALANCE_REMINDER_DAYS,
  type DisplayState,
} from '#app/features/order-status/order-status.ts'
import type { ApprovedProof } from '#app/features/proofs/proof-rules.ts'
import { formatCount } from '#app/utils/count.ts'
import { formatCalendarDate, formatShortDateRange } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { CardPaymentsToLook } from './card-payments-to-look.tsx'
import { orderListHref } from './order-list.ts'
import { BakeList } from './owner-calendar.tsx'
import type { CardPaymentToLook } from './stripe-webhook.server.ts'
import type { TodayPage as TodayData, TodayList, TodayRequest } from './today.server.ts'

/** An open contact message as the Today page lists it. */
export interface TodayMessage {
  id: number
  name: string
  /** YYYY-MM-DD, the bakery's day it arrived. */
  receivedOn: string
}

const shortDate = (date: string) => formatShortDateRange(date, date)

/** One list of the Today page, with what it says when there is nothing in it. */
function TodaySection({
  id,
  title,
  count,
  empty,
  more,
  children,
}: {
  id: string
  title: string
  count: number
  empty: string
  more?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="section-heading">
        {title} <span className="today-count">{formatCount(count)}</span>
      </h2>
      {count === 0 ? <p className="card mt-4 p-5">{empty}</p> : children}
      {more ? <p className="mt-1">{more}</p> : null}
    </section>
  )
}

/** The link to the rest of a list the page shows only the first of, or nothing when it shows all. */
function SeeAll({
  list,
  status,
  href = orderListHref({ status }),
}: {
  list: TodayList<unknown>
  status?: DisplayState
  /** The list filtered to what this one counts, when a status alone does not say it. */
  href?: string
}) {
  if (list.total <= list.items.length) return null
  return (
    <Link to={href} className="text-link inline-block py-3">
      See all {formatCount(list.total)} in Orders
    </Link>
  )
}

/** A request on one line of a list: the whole row is its link, for a thumb. */
function RequestItem({ request, children }: { request: TodayRequest; children: ReactNode }) {
  return (
    <li className="card today-item">
      <Link to={`/admin/orders/${request.id}`} className="today-item-link">
        <span className="font-bold">
          {request.productType} for {request.name}
        </span>
        <span className="text-sm">
          Due {formatCalendarDate(request.dueDate)} · {children}
        </span>
      </Link>
    </li>
  )
}

/**
 * The owner's Today page: what to bake today and tomorrow, then everything
 * that waits on her or on a customer, each item one tap from its request.
 */
export function TodayPage({
  data,
  messages,
  cardLooks = [],
  approvedProofs = {},
}: {
  data: TodayData
  messages: TodayMessage[]
  /** The bake lists' approved design proofs, by request id. */
  approvedProofs?: Record<number, ApprovedProof>
  /** Card payments that need the owner's eye (decision 045); none when card payments are off. */
  cardLooks?: CardPaymentToLook[]
}) {
  const [today, tomorrow] = data.days
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Today</h1>
      <p className="lede mt-3">{formatCalendarDate(data.today)}</p>
      <CardPaymentsToLook items={cardLooks} />

      <nav aria-label="On this page" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {[
            ['today-bake-list', `Today (${today?.items.length ?? 0})`],
            ['tomorrow-bake-list', `Tomorrow (${tomorrow?.items.length ?? 0})`],
            ['waiting-heading', `Replies owed (${formatCount(data.waiting.total)})`],
            ['quotes-heading', `Quotes out (${formatCount(data.awaitingAnswer.total)})`],
            ['deposits-heading', `Deposits due (${formatCount(data.deposits.total)})`],
            ['balances-heading', `Balances due (${formatCount(data.balances.total)})`],
            ['messages-heading', `Messages (${messages.length})`],
          ].map(([target, label]) => (
            <li key={target}>
              <a href={`#${target}`} className="filter-chip inline-block">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {today ? (
        <BakeList
          id="today-bake-list"
          eyebrow="Due today"
          date={today.date}
          day={undefined}
          items={today.items}
          approvedProofs={approvedProofs}
        />
      ) : null}
      {tomorrow ? (
        <BakeList
          id="tomorrow-bake-list"
          eyebrow="Due tomorrow"
          date={tomorrow.date}
          day={undefined}
          items={tomorrow.items}
          approvedProofs={approvedProofs}
        />
      ) : null}

      <TodaySection
        id="waiting-heading"
        title="Waiting for your reply"
        count={data.waiting.total}
        empty="No new requests wait for a reply."
        more={<SeeAll list={data.waiting} status="new" />}
      >
        <ol className="today-list">
          {data.waiting.items.map((request) => (
            <RequestItem key={request.id} request={request}>
              received {shortDate(request.receivedOn)}
            </RequestItem>
          ))}
        </ol>
      </TodaySection>

      <TodaySection
        id="quotes-heading"
        title="Quotes awaiting an answer"
        count={data.awaitingAnswer.total}
        empty="No quote waits for a customer’s answer."
        more={<SeeAll list={data.awaitingAnswer} status="quoted" />}
      >
        <ul className="today-list">
          {data.awaitingAnswer.items.map((request) => (
            <RequestItem key={request.id} request={request}>
              lapses {shortDate(request.expiresOn)} if not answered
            </RequestItem>
          ))}
        </ul>
      </TodaySection>

      <TodaySection
        id="deposits-heading"
        title="Deposits due"
        count={data.deposits.total}
        empty="No accepted quote waits for its deposit."
        more={<SeeAll list={data.deposits} status="accepted" />}
      >
        <ul className="today-list">
          {data.deposits.items.map((request) => (
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

      <TodaySection
        id="balances-heading"
        title="Balances due"
        count={data.balances.total}
        empty={`No balance is overdue or due in the next ${BALANCE_REMINDER_DAYS} days.`}
        more={<SeeAll list={data.balances} href={orderListHref({ balance: true, sort: 'due' })} />}
      >
        <ul className="today-list" data-testid="balances-due">
          {data.balances.items.map((request) => (
            <RequestItem key={request.id} request={request}>
              {request.overdue ? <strong className="today-overdue">Overdue</strong> : null}
              {request.overdue ? ' · ' : ''}
              {formatMoney(request.owedCents)} balance {request.overdue ? 'was due' : 'due'}{' '}
              {shortDate(request.balanceDue)}
            </RequestItem>
          ))}
        </ul>
      </TodaySection>

      <TodaySection
        id="messages-heading"
        title="Open messages"
        count={messages.length}
        empty="No message waits for you."
        more={
          messages.length > 0 ? (
            <Link to="/admin/orders?view=messages" className="text-link inline-block py-3">
              Read and answer them in Orders › Messages
            </Link>
          ) : null
        }
      >
        <ul className="today-list">
          {messages.map((message) => (
            <li key={message.id} className="card today-item">
              <Link to="/admin/orders?view=messages" className="today-item-link">
                <span className="font-bold">Message from {message.name}</span>
                <span className="text-sm">received {shortDate(message.receivedOn)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </TodaySection>
    </section>
  )
}
