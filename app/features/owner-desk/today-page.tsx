import { AgainThisYearList } from '#app/features/customers/again-this-year-list.tsx'
import { CardPaymentsToLook } from '#app/features/payments/card-payments-to-look.tsx'
import { formatCount } from '#app/utils/count.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { BakeList } from './owner-calendar.tsx'
import { SeeAllHere } from './today-list-parts.tsx'
import {
  BalancesList,
  ChangesList,
  DepositsList,
  MessagesList,
  ProofChangesList,
  QuotesOutList,
  ReviewsList,
  WaitingList,
} from './today-lists.tsx'
import type { TodayPage as TodayData } from './today.server.ts'
import { TODAY_HEADINGS, type TodayList } from './today.ts'

/**
 * The owner's Today page: what to bake today and tomorrow, then everything
 * that waits on her or on a customer, each list with its count and each
 * item one tap from where she acts on it.
 */
export function TodayPage({ data }: { data: TodayData }) {
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

      <OnThisPage data={data} />

      <BakeDays data={data} />

      <WaitingList list={data.waiting} />
      <ChangesList list={data.asks} full={data.full} />
      <ProofChangesList list={data.proofChanges} full={data.full} />
      <QuotesOutList list={data.awaitingAnswer} />
      <DepositsList list={data.deposits} />
      <BalancesList list={data.balances} />
      <ReviewsList list={data.reviews} />
      <MessagesList list={data.messages} />

      <AgainThisYearList suggestions={data.againThisYear} />
    </section>
  )
}

const count = (list: TodayList<unknown>) => formatCount(list.total)
const owed = (list: TodayList<unknown> & { overdue: number }) =>
  list.overdue > 0 ? `${count(list)}, ${formatCount(list.overdue)} overdue` : count(list)

/** Each list's anchor and chip label, with its count; card payments only when some need a look. */
function jumpTargets(data: TodayData): string[][] {
  const [today, tomorrow] = data.days
  return [
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
  ]
}

/** A chip for each list, with its count, that jumps down the page to it. */
function OnThisPage({ data }: { data: TodayData }) {
  return (
    <nav aria-label="On this page" className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {jumpTargets(data).map(([target, label]) => (
          <li key={target}>
            <a href={`#${target}`} className="filter-chip inline-block">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Today's and tomorrow's bake lists, each with its approved designs. */
function BakeDays({ data }: { data: TodayData }) {
  const [today, tomorrow] = data.days
  return (
    <>
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
    </>
  )
}
