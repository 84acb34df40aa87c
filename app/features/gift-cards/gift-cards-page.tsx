import { Form, Link, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import type { GiftCardEntryKind } from '#app/db/schema.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { GiftCardLine, StoredGiftCard } from './gift-card-book.server.ts'

/** What her switch answers. */
export type GiftCardSwitchAnswer = { ok: true; message: string } | { ok: false; error: string }

const LINE_WORDS: Record<GiftCardEntryKind, string> = {
  bought: 'Bought',
  spent: 'Spent on an order',
  returned: 'Refunded back onto it',
  refunded: 'Refunded to the buyer in Stripe',
}

/**
 * /admin/gift-cards: whether she sells gift cards, and every card sold with
 * what is left on it and where it went (decision 114).
 */
export function GiftCardsPage({
  on,
  cardsOn,
  cards,
  q,
  answer,
}: {
  on: boolean
  /** Card payments are set up (Stripe's keys): cards are bought by card. */
  cardsOn: boolean
  cards: StoredGiftCard[]
  q: string
  answer: GiftCardSwitchAnswer | undefined
}) {
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Gift cards</h1>
      <p className="lede mt-3 max-w-2xl">
        Customers buy a gift card on your site by card and it is emailed to the person it is for,
        with a code. They spend it on their orders, across as many as it lasts; a refund of what it
        paid goes back onto it. To give a buyer their money back, refund the card’s payment in
        Stripe’s dashboard: the card then holds that much less.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_3fr] lg:items-start">
        <SellSwitch on={on} cardsOn={cardsOn} answer={answer} />
        <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="cards-heading">
          <h2 id="cards-heading" className="font-display text-xl font-semibold text-cocoa">
            Cards sold
          </h2>
          <Form
            method="get"
            role="search"
            aria-label="Find gift cards"
            className="mt-3 flex flex-wrap items-end gap-3"
          >
            <div className="form-field min-w-0 flex-1 basis-48">
              <label htmlFor="gift-card-q" className="form-label">
                Code, name or email
              </label>
              <input id="gift-card-q" name="q" type="search" defaultValue={q} />
            </div>
            <button type="submit" className="button-secondary">
              Find
            </button>
          </Form>
          {cards.length === 0 ? (
            <p className="mt-3">{q ? 'No card matches that.' : 'No gift cards sold yet.'}</p>
          ) : (
            <>
              {q ? null : (
                <p className="mt-3 text-sm text-chocolate" data-testid="gift-cards-outstanding">
                  Still to be spent on the cards listed:{' '}
                  <strong>
                    {formatMoney(cards.reduce((sum, card) => sum + card.balanceCents, 0))}
                  </strong>
                </p>
              )}
              <ul className="mt-3 grid gap-3" aria-label="Gift cards sold">
                {cards.map((card) => (
                  <GiftCardRow key={card.id} card={card} />
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </section>
  )
}

function GiftCardRow({ card }: { card: StoredGiftCard }) {
  return (
    <li
      className="rounded-xl border border-chocolate/15 bg-white p-4 [overflow-wrap:anywhere]"
      data-testid="gift-card-row"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <strong className="font-mono text-lg text-cocoa">{card.code}</strong>
        <span className="font-bold">
          {card.balanceCents > 0
            ? `${card.balance} left of ${card.amount}`
            : `Spent (${card.amount})`}
        </span>
      </p>
      <p className="text-sm text-chocolate">
        For {card.recipient} ({card.recipientEmail}), from {card.buyer}. Sold {card.sold}.
      </p>
      {card.message ? <p className="mt-1 text-sm italic">“{card.message}”</p> : null}
      <ul className="mt-2 grid gap-1 text-sm" aria-label={`What card ${card.code} paid`}>
        {card.lines.map((line, index) => (
          <li key={index} className="grid grid-cols-[1fr_auto] items-start gap-3">
            <LineWords line={line} />
            <span className="font-mono">{line.amount}</span>
          </li>
        ))}
      </ul>
    </li>
  )
}

function LineWords({ line }: { line: GiftCardLine }) {
  const words = `${LINE_WORDS[line.kind]}, ${line.when}`
  return line.requestId === null ? (
    <span>{words}</span>
  ) : (
    <Link to={`/admin/orders/${line.requestId}`} className="text-link">
      {words}
    </Link>
  )
}

function SellSwitch({
  on,
  cardsOn,
  answer,
}: {
  on: boolean
  cardsOn: boolean
  answer: GiftCardSwitchAnswer | undefined
}) {
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="sell-heading">
      <h2 id="sell-heading" className="font-display text-xl font-semibold text-cocoa">
        Sell gift cards
      </h2>
      <FocusedAnswer answer={answer} className="mt-2" />
      <p className="mt-3">
        {on && cardsOn
          ? 'Your site sells gift cards at /gift-cards, from the footer of every page.'
          : on
            ? 'Gift cards are paid by card: set up card payments in Settings › Payments, and your site sells them.'
            : 'Your site does not sell gift cards. Cards already sold can still be spent.'}
      </p>
      <Form method="post" className="mt-4">
        <button
          type="submit"
          name="intent"
          value={on ? 'stop' : 'start'}
          className={on ? 'button-secondary' : 'button-primary'}
          disabled={busy}
        >
          {on ? 'Stop selling gift cards' : 'Sell gift cards'}
        </button>
      </Form>
      {on && cardsOn ? (
        <p className="mt-3">
          <a href="/gift-cards" className="text-link">
            See your gift card page
          </a>
        </p>
      ) : null}
    </section>
  )
}
