import type { ReactNode } from 'react'
import type {
  SelfServiceResult,
  SelfServiceView,
} from '#app/features/customer-changes/self-service.ts'
import type { WaitingItem } from '#app/features/order-status/customer-links.ts'
import type {
  CardCheckoutFailure,
  CardNotice,
  GiftCardPayAnswer,
} from '#app/features/payments/card-offer.ts'
import { CardNoticeBanner } from '#app/features/payments/card-pay.tsx'
import { AcceptedPolicies, NextStepsCard, QuestionsCard } from './page-help-cards.tsx'
import { RequestCard } from './request-card.tsx'
import { QuotePanel } from './request-quote.tsx'
import type { CustomerBookEntry, QuoteAnswerResult, RequestStatusView } from './request-status.ts'
import { waitingOnHer } from './waiting-on-her.ts'
import { MoneyPanels, WaitingOnYou } from './waiting-on-you.tsx'

type CardAnswer = CardCheckoutFailure | GiftCardPayAnswer

interface RequestStatusPageProps {
  view: RequestStatusView
  /** The order book's side of each request (its quote, what is owed), by the request's position. */
  book?: Record<number, CustomerBookEntry>
  /** How the answer just posted went, if one was. */
  answer?: QuoteAnswerResult
  /** Back from Stripe's payment page: paid, or cancelled. */
  cardNotice?: CardNotice | null
  /** Why a card payment could not be started, if it could not; or how a gift card paid. */
  cardError?: CardAnswer
  /** Each request's design proof (features/proofs), by the request's position. */
  proofs?: Record<number, ReactNode>
  /** The positions whose design proof waits for her answer. */
  proofsWaiting?: readonly number[]
  /** Her changes and cancelling, by the request's position (decision 054). */
  selfService?: SelfServiceView
  /** How the change or cancellation just posted went, if one was. */
  selfServiceResult?: SelfServiceResult
  /** Her review's panel (features/reviews), once an order is completed. */
  review?: ReactNode
  /** "Text me about my order" (features/texts), when texts are on. */
  texts?: ReactNode
}

/**
 * The customer's private page: each of their requests with where it stands,
 * what happens next, how to reach the bakery and the policies they accepted.
 */
export function RequestStatusPage({
  view,
  book = {},
  answer,
  cardNotice = null,
  cardError,
  proofs = {},
  proofsWaiting = [],
  selfService,
  selfServiceResult,
  review = null,
  texts = null,
}: RequestStatusPageProps) {
  const one = view.requests.length === 1
  // The steps from request to booking say nothing to a request already past its first reply.
  const waitingForReply = view.requests.some((request) => request.status === 'new')
  const waiting = waitingOnHer({ requests: view.requests, book, proofsWaiting })
  return (
    <section className="page-section" aria-labelledby="request-status-heading">
      <PageIntro view={view} one={one} />
      {cardNotice ? <CardNoticeBanner notice={cardNotice} /> : null}
      {cardError && !cardError.ok && cardError.position === undefined ? (
        <p
          role="alert"
          className="mt-6 max-w-2xl rounded-2xl bg-blush-100 px-4 py-3 text-raspberry-dark"
        >
          {cardError.error}
        </p>
      ) : null}
      <WaitingOnYou
        items={waiting}
        requests={view.requests}
        book={book}
        numbered={!one}
        render={waitingForm({ book, token: view.token, answer, cardError, proofs })}
      />
      {review ? <div className="mt-8 max-w-2xl">{review}</div> : null}
      {texts ? <div className="mt-8 max-w-2xl">{texts}</div> : null}

      {/* On a phone: the requests, what happens next, whom to ask, then the
          policies. On a wide screen the policies follow the requests on the
          left, beside the rest. */}
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <RequestList
          view={view}
          book={book}
          answer={answer}
          cardError={cardError}
          proofs={proofs}
          selfService={selfService}
          selfServiceResult={selfServiceResult}
          waiting={waiting}
        />

        <div className="grid gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {waitingForReply ? <NextStepsCard /> : null}

          <QuestionsCard />
        </div>

        {view.acceptedPoliciesHtml ? <AcceptedPolicies html={view.acceptedPoliciesHtml} /> : null}
      </div>
    </section>
  )
}

/** Her greeting, when she sent her order, and a word to keep the link to herself. */
function PageIntro({ view, one }: { view: RequestStatusView; one: boolean }) {
  const firstName = view.customerName.trim().split(/\s+/)[0] || view.customerName
  return (
    <>
      <p className="eyebrow">Your private order page</p>
      <h1 id="request-status-heading" className="page-heading mt-2">
        Hi {firstName}, {one ? 'here’s your order' : 'here are your orders'}
      </h1>
      <p className="lede mt-3 max-w-2xl">
        Sent <time dateTime={view.sentAt}>{view.sentLabel}</time>. This page shows where{' '}
        {one ? 'it stands' : 'each one stands'}, and changes as we go.
      </p>
      <p className="mt-4 max-w-2xl rounded-2xl border-l-4 border-raspberry bg-paper px-4 py-3 text-sm">
        <strong>Keep this link private.</strong> Anyone who has it can see this page, so please
        don’t share or forward it.
      </p>
    </>
  )
}

/**
 * The form of one thing that waits on her, shown at the top of the page,
 * with what a post there answered.
 */
function waitingForm({
  book,
  token,
  answer,
  cardError,
  proofs,
}: {
  book: Record<number, CustomerBookEntry>
  token: string
  answer: QuoteAnswerResult | undefined
  cardError: CardAnswer | undefined
  proofs: Record<number, ReactNode>
}) {
  return ({ kind, position }: WaitingItem): ReactNode =>
    kind === 'quote' ? (
      <QuotePanel
        position={position}
        quote={book[position]!.quote!}
        reference={book[position]?.schedule?.reference ?? null}
        error={answer?.position === position && !answer.ok ? answer.error : undefined}
      />
    ) : kind === 'payment' ? (
      <MoneyPanels
        position={position}
        book={book[position]}
        token={token}
        cardError={cardError?.position === position ? cardError : undefined}
      />
    ) : (
      proofs[position]
    )
}

/** Her requests, one card each, each with what was just posted about it. */
function RequestList({
  view,
  book,
  answer,
  cardError,
  proofs,
  selfService,
  selfServiceResult,
  waiting,
}: Pick<
  RequestStatusPageProps,
  'view' | 'answer' | 'cardError' | 'selfService' | 'selfServiceResult'
> & {
  book: Record<number, CustomerBookEntry>
  proofs: Record<number, ReactNode>
  waiting: readonly WaitingItem[]
}) {
  const one = view.requests.length === 1
  const movedUp = (position: number) =>
    new Set(waiting.filter((item) => item.position === position).map((item) => item.kind))
  return (
    <ol className="grid gap-6 lg:col-start-1" aria-label={one ? 'Your order' : 'Your orders'}>
      {view.requests.map((request, index) => (
        <li key={request.position}>
          <RequestCard
            request={request}
            // Numbered as the customer's email numbers them: their own
            // requests only, not their places in a send shared with others.
            number={one ? undefined : index + 1}
            photos={view.photos.filter((photo) => photo.requestPosition === request.position)}
            token={view.token}
            book={book[request.position]}
            answer={answer?.position === request.position ? answer : undefined}
            cardError={cardError?.position === request.position ? cardError : undefined}
            proof={proofs[request.position]}
            movedUp={movedUp(request.position)}
            selfService={selfService}
            selfServiceResult={
              selfServiceResult?.position === request.position ? selfServiceResult : undefined
            }
          />
        </li>
      ))}
    </ol>
  )
}
