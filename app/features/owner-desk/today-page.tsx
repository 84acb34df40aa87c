import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { AgainThisYearList } from '#app/features/customers/again-this-year-list.tsx'
import type { DisplayState } from '#app/features/order-status/display-state.ts'
import { BALANCE_REMINDER_DAYS } from '#app/features/order-status/payment-schedule.ts'
import { CardPaymentsToLook } from '#app/features/payments/card-payments-to-look.tsx'
import { starsLabel } from '#app/features/reviews/review-schema.ts'
import { formatCount } from '#app/utils/count.ts'
import { formatCalendarDate, formatShortDateRange } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { orderListHref } from './order-list.ts'
import { BakeList } from './owner-calendar.tsx'
import type { CustomerAsk } from './today-waiting.server.ts'
import type { TodayPage as TodayData } from './today.server.ts'
import {
  TODAY_HEADINGS,
  type TodayFullList,
  type TodayList,
  type TodayRequest,
  todayFullHref,
} from './today.ts'

const shortDate = (date: string) => formatShortDateRange(date, date)

/** One list of the Today page, with what it says when there is nothing in it. */
function TodaySection({
  id,
  title,
  count,
  overdue = 0,
  empty,
  more,
  children,
}: {
  id: string
  title: string
  count: number
  /** How many of them are past their date, said beside the count. */
  overdue?: number
  empty: string
  more?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="section-heading">
        {title} <span className="today-count">{formatCount(count)}</span>
        {overdue > 0 ? (
          <>
            {' '}
            <span className="today-count today-overdue">{formatCount(overdue)} overdue</span>
          </>
        ) : null}
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
  where = 'Orders',
}: {
  list: TodayList<unknown>
  status?: DisplayState
  /** The list filtered to what this one counts, when a status alone does not say it. */
  href?: string
  /** The page it opens. */
  where?: string
}) {
  if (list.total <= list.items.length) return null
  return (
    <Link to={href} className="text-link inline-block py-3">
      See all {formatCount(list.total)} in {where}
    </Link>
  )
}

/**
 * The rest of a list only Today holds: a link to it whole, or, once whole
 * and still longer than a page may be, how many wait beyond it.
 */
function SeeAllHere({
  list,
  name,
  full,
}: {
  list: TodayList<unknown>
  name: TodayFullList
  full: TodayFullList | null
}) {
  const rest = list.total - list.items.length
  if (rest <= 0) return null
  if (full === name) {
    return (
      <span className="inline-block py-3">
        {formatCount(rest)} more after these: they show here as you deal with these.
      </span>
    )
  }
  return (
    <Link to={todayFullHref(name)} className="text-link inline-block py-3">
      See all {formatCount(list.total)} ({formatCount(rest)} more)
    </Link>
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

/** A request on one line of a list: the whole row is its link, for a thumb. */
function RequestItem({
  request,
  at = '',
  children,
}: {
  request: TodayRequest
  /** Where on the order's page she acts on it: '#change-heading'. */
  at?: string
  children: ReactNode
}) {
  return (
    <li className="card today-item">
      <Link to={`/admin/orders/${request.id}${at}`} className="today-item-link">
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
 * that waits on her or on a customer, each list with its count and each
 * item one tap from where she acts on it.
 */
export function TodayPage({ data }: { data: TodayData }) {
  const [today, tomorrow] = data.days
  const count = (list: TodayList<unknown>) => formatCount(list.total)
  const owed = (list: TodayList<unknown> & { overdue: number }) =>
    list.overdue > 0 ? `${count(list)}, ${formatCount(list.overdue)} overdue` : count(list)
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Today</h1>
      <p className="lede mt-3">{formatCalendarDate(data.today)}</p>
      <CardPaymentsToLook
        items={data.cardLooks.items}
        total={data.cardLooks.total}
        more={<SeeAllHere list={data.cardLooks} name="cards" full={data.full} />}
      />

      <nav aria-label="On this page" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {[
            ...(data.cardLooks.total > 0
              ? [[TODAY_HEADINGS.cards, `Card payments (${count(data.cardLooks)})`]]
              : []),
            ['today-bake-list', `Today (${today?.items.length ?? 0})`],
            ['tomorrow-bake-list', `Tomorrow (${tomorrow?.items.length ?? 0})`],
            ['waiting-heading', `Replies owed (${count(data.waiting)})`],
            [TODAY_HEADINGS.changes, `Changes (${count(data.asks)})`],
            [TODAY_HEADINGS.proofs, `Proofs (${count(data.proofChanges)})`],
            ['quotes-heading', `Quotes out (${count(data.awaitingAnswer)})`],
            ['deposits-heading', `Deposits due (${owed(data.deposits)})`],
            ['balances-heading', `Balances due (${owed(data.balances)})`],
            ['reviews-heading', `Reviews (${count(data.reviews)})`],
            ['messages-heading', `Messages (${count(data.messages)})`],
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
          approvedProofs={data.approvedProofs}
        />
      ) : null}
      {tomorrow ? (
        <BakeList
          id="tomorrow-bake-list"
          eyebrow="Due tomorrow"
          date={tomorrow.date}
          day={undefined}
          items={tomorrow.items}
          approvedProofs={data.approvedProofs}
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
        id={TODAY_HEADINGS.changes}
        title="Changes and cancellations"
        count={data.asks.total}
        empty="No change waits for your answer, and no cancellation for its refund."
        more={<SeeAllHere list={data.asks} name="changes" full={data.full} />}
      >
        <ol className="today-list">
          {data.asks.items.map((ask) => (
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

      <TodaySection
        id={TODAY_HEADINGS.proofs}
        title="Proofs with changes asked"
        count={data.proofChanges.total}
        empty="No customer waits for a new proof."
        more={<SeeAllHere list={data.proofChanges} name="proofs" full={data.full} />}
      >
        <ol className="today-list">
          {data.proofChanges.items.map((proof) => (
            <RequestItem key={proof.id} request={proof} at="#proofs-heading">
              changes asked to proof {proof.round} on {shortDate(proof.answeredOn)}
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
        overdue={data.deposits.overdue}
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
        overdue={data.balances.overdue}
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
        id="reviews-heading"
        title="Reviews to approve"
        count={data.reviews.total}
        empty="No review waits for you to show it or keep it off your site."
        more={<SeeAll list={data.reviews} href="/admin/reviews" where="Reviews" />}
      >
        <ol className="today-list">
          {data.reviews.items.map((review) => (
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

      <TodaySection
        id="messages-heading"
        title="Open messages"
        count={data.messages.total}
        empty="No message waits for you."
        more={
          data.messages.total > data.messages.items.length ? (
            <SeeAll
              list={data.messages}
              href="/admin/orders?view=messages"
              where="Orders › Messages"
            />
          ) : data.messages.total > 0 ? (
            <Link to="/admin/orders?view=messages" className="text-link inline-block py-3">
              Read and answer them in Orders › Messages
            </Link>
          ) : null
        }
      >
        <ol className="today-list">
          {data.messages.items.map((message) => (
            <li key={message.id} className="card today-item">
              <Link to="/admin/orders?view=messages" className="today-item-link">
                <span className="font-bold">Message from {message.name}</span>
                <span className="text-sm">received {shortDate(message.receivedOn)}</span>
              </Link>
            </li>
          ))}
        </ol>
      </TodaySection>

      <AgainThisYearList suggestions={data.againThisYear} />
    </section>
  )
}
