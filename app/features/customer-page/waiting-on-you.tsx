import type { ReactNode } from 'react'
import { type WaitingItem, waitingId } from '#app/features/order-status/customer-links.ts'
import type { CardCheckoutFailure, GiftCardPayAnswer } from '#app/features/payments/card-offer.ts'
import { CardPayForm, GiftCardPaid, GiftCardPayForm } from '#app/features/payments/card-pay.tsx'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { OwedPanel } from './owed-panel.tsx'
import type { CustomerBookEntry, CustomerRequest } from './request-status.ts'
import { SchedulePanel } from './schedule-panel.tsx'

/**
 * What waits on her, first on her page: one card per thing to do (answer a
 * quote, pay, answer a design proof), each with its own form, under the id
 * the email asking for it links to. Nothing waiting, nothing shown.
 */
export function WaitingOnYou({
  items,
  requests,
  book,
  numbered,
  render,
}: {
  items: readonly WaitingItem[]
  requests: readonly CustomerRequest[]
  book: Readonly<Record<number, CustomerBookEntry>>
  /** Several requests on the page: each card names its request's number. */
  numbered: boolean
  /** The form of one thing waiting, as its request's card would show it. */
  render: (item: WaitingItem) => ReactNode
}) {
  if (items.length === 0) return null
  return (
    <section className="mt-8 max-w-3xl" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className="font-display text-2xl font-semibold">
        Waiting on you
      </h2>
      <ul className="mt-4 grid gap-5">
        {items.map((item) => {
          const index = requests.findIndex((request) => request.position === item.position)
          const request = requests[index]
          if (!request) return null
          const id = waitingId(item)
          return (
            <li
              key={id}
              id={id}
              className="card scroll-mt-24 border-2 border-raspberry p-5 sm:p-6"
              aria-labelledby={`${id}-title`}
              data-testid="waiting"
            >
              <p id={`${id}-title`} className="font-display text-xl font-semibold">
                {waitingTitle(item, book[item.position])}
              </p>
              <p className="mt-1 text-sm font-bold text-chocolate">
                {numbered ? `${index + 1}. ` : ''}
                {request.productType} · {formatCalendarDate(request.dueDate)}
              </p>
              {render(item)}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function waitingTitle(item: WaitingItem, book: CustomerBookEntry | undefined): string {
  switch (item.kind) {
    case 'quote':
      return 'Accept or decline your quote'
    case 'proof':
      return 'Approve your design, or ask for a change'
    case 'payment':
      return book?.card?.kind === 'deposit' || book?.owed?.deposit
        ? 'Pay your deposit'
        : 'Pay your balance'
  }
}

const MOVED_UP: Record<WaitingItem['kind'], string> = {
  quote: 'Your quote waits for your answer at the top of this page.',
  payment: 'What is still to pay, and how to pay it, is at the top of this page.',
  proof: 'Your design proof waits for your answer at the top of this page.',
}

/** In a request's card, where something it waits on went: a link up to it. */
export function MovedUp({ item }: { item: WaitingItem }) {
  return (
    <p className="mt-5 rounded-xl bg-butter px-4 py-3 font-bold">
      <a href={`#${waitingId(item)}`} className="text-link">
        {MOVED_UP[item.kind]}
      </a>
    </p>
  )
}

/**
 * A request's money: its payments, with the card form when one is offered,
 * and what is still owed.
 */
export function MoneyPanels({
  position,
  book,
  token,
  cardError,
}: {
  position: number
  book: CustomerBookEntry | undefined
  token: string
  cardError: CardCheckoutFailure | GiftCardPayAnswer | undefined
}) {
  const giftAnswer = cardError && 'giftCard' in cardError ? cardError : undefined
  const cardFailure = giftAnswer ? undefined : (cardError as CardCheckoutFailure | undefined)
  // A gift card that just paid for all of it is thanked where its form was.
  const giftForm = book?.giftCard ? (
    <GiftCardPayForm position={position} offer={book.giftCard} answer={giftAnswer} />
  ) : giftAnswer?.ok ? (
    <GiftCardPaid answer={giftAnswer} />
  ) : null
  const cardForm =
    book?.card || giftForm ? (
      <>
        {book?.card ? (
          <CardPayForm position={position} offer={book.card} error={cardFailure} />
        ) : null}
        {giftForm}
      </>
    ) : null
  return (
    <>
      {(book?.schedule && book.schedule.lines.length > 0) || book?.ledger ? (
        <SchedulePanel
          position={position}
          schedule={book.schedule ?? null}
          ledger={book.ledger}
          token={token}
        >
          {cardForm}
        </SchedulePanel>
      ) : (
        cardForm
      )}
      {cardFailure && !book?.card ? (
        <p role="alert" className="mt-4 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">
          {cardFailure.error}
        </p>
      ) : giftAnswer && !giftAnswer.ok && !book?.giftCard ? (
        <p role="alert" className="mt-4 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">
          {giftAnswer.error}
        </p>
      ) : null}
      {book?.owed ? <OwedPanel owed={book.owed} /> : null}
    </>
  )
}
