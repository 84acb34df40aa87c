import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { EmailAddress } from '#app/components/email-address.tsx'
import { SocialLinks } from '#app/components/social-links.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { withReplyTime } from '#app/content/site-words.ts'
import { SelfServicePanel } from '#app/features/customer-changes/self-service-panel.tsx'
import type {
  SelfServiceResult,
  SelfServiceView,
} from '#app/features/customer-changes/self-service.ts'
import { handoverLabel } from '#app/features/order-book/handover.ts'
import type { WaitingItem, WaitingKind } from '#app/features/order-status/customer-links.ts'
import { nextSteps } from '#app/features/order-status/next-steps.ts'
import type {
  CardCheckoutFailure,
  CardNotice,
  GiftCardPayAnswer,
} from '#app/features/payments/card-offer.ts'
import { CardNoticeBanner } from '#app/features/payments/card-pay.tsx'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { ANSWER_MESSAGES, QuotePanel } from './request-quote.tsx'
import {
  type CustomerBookEntry,
  type CustomerRequest,
  type QuoteAnswerResult,
  type RequestPhoto,
  type RequestStatusView,
  type StatusCopy,
  statusCopyOf,
} from './request-status.ts'
import { waitingOnHer } from './waiting-on-her.ts'
import { MoneyPanels, MovedUp, WaitingOnYou } from './waiting-on-you.tsx'

const toneClasses: Record<StatusCopy['tone'], string> = {
  waiting: 'bg-butter text-cocoa',
  good: 'bg-[#d7ead9] text-[#1f4f29]',
  done: 'bg-paper text-chocolate ring-1 ring-chocolate/25',
  closed: 'bg-blush-100 text-raspberry-dark',
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
}: {
  view: RequestStatusView
  /** The order book's side of each request (its quote, what is owed), by the request's position. */
  book?: Record<number, CustomerBookEntry>
  /** How the answer just posted went, if one was. */
  answer?: QuoteAnswerResult
  /** Back from Stripe's payment page: paid, or cancelled. */
  cardNotice?: CardNotice | null
  /** Why a card payment could not be started, if it could not; or how a gift card paid. */
  cardError?: CardCheckoutFailure | GiftCardPayAnswer
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
}) {
  const { identity } = useSiteWords()
  const one = view.requests.length === 1
  // The steps from request to booking say nothing to a request already past its first reply.
  const waitingForReply = view.requests.some((request) => request.status === 'new')
  const firstName = view.customerName.trim().split(/\s+/)[0] || view.customerName
  const waiting = waitingOnHer({ requests: view.requests, book, proofsWaiting })
  const movedUp = (position: number) =>
    new Set(waiting.filter((item) => item.position === position).map((item) => item.kind))
  // What waits shows its form at the top, with what a post there answered.
  const waitingForm = ({ kind, position }: WaitingItem): ReactNode =>
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
        token={view.token}
        cardError={cardError?.position === position ? cardError : undefined}
      />
    ) : (
      proofs[position]
    )
  return (
    <section className="page-section" aria-labelledby="request-status-heading">
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
        render={waitingForm}
      />
      {review ? <div className="mt-8 max-w-2xl">{review}</div> : null}
      {texts ? <div className="mt-8 max-w-2xl">{texts}</div> : null}

      {/* On a phone: the requests, what happens next, whom to ask, then the
          policies. On a wide screen the policies follow the requests on the
          left, beside the rest. */}
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
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

        <div className="grid gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {waitingForReply ? (
            <section className="card p-6 sm:p-7" aria-labelledby="next-steps-heading">
              <h2 id="next-steps-heading" className="font-display text-2xl font-semibold">
                What happens next
              </h2>
              <ol className="mt-4 grid gap-4">
                {nextSteps(identity.replyTime).map((step, index) => (
                  <li key={step} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="grid size-8 shrink-0 place-items-center rounded-full bg-blush-100 font-bold text-raspberry-dark"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-1">{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          <section className="card p-6 sm:p-7" aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="font-display text-2xl font-semibold">
              Questions?
            </h2>
            <p className="mt-3">
              Reply to the email that brought you here, or write to {identity.ownerName} at{' '}
              <a href={`mailto:${identity.email}`} className="text-link">
                <EmailAddress address={identity.email} />
              </a>
              . You can also use our{' '}
              <Link to="/contact" className="text-link">
                contact form
              </Link>
              .
            </p>
            <SocialLinks className="mt-5" />
          </section>
        </div>

        {view.acceptedPoliciesHtml ? (
          <section className="lg:col-start-1" aria-labelledby="policies-heading">
            <h2 id="policies-heading" className="font-display text-2xl font-semibold">
              The order policies you accepted
            </h2>
            <p className="mt-1 text-chocolate">As they read when you sent your order.</p>
            {/* Rendered and sanitised on the server when the owner saved them (utils/markdown.server.ts). */}
            <div
              className="card markdown-page mt-4 p-6 sm:p-7"
              dangerouslySetInnerHTML={{ __html: view.acceptedPoliciesHtml }}
            />
          </section>
        ) : null}
      </div>
    </section>
  )
}

function RequestCard({
  request,
  number,
  photos,
  token,
  book,
  answer,
  cardError,
  proof,
  movedUp,
  selfService,
  selfServiceResult,
}: {
  request: CustomerRequest
  number: number | undefined
  photos: RequestPhoto[]
  token: string
  book: CustomerBookEntry | undefined
  answer: QuoteAnswerResult | undefined
  cardError: CardCheckoutFailure | GiftCardPayAnswer | undefined
  proof?: ReactNode
  /** What it waits on her for, shown at the top of the page instead of here. */
  movedUp: ReadonlySet<WaitingKind>
  selfService: SelfServiceView | undefined
  selfServiceResult: SelfServiceResult | undefined
}) {
  const up = (kind: WaitingKind) =>
    movedUp.has(kind) ? <MovedUp item={{ kind, position: request.position }} /> : null
  const selfServiceEntry = selfService?.entries[request.position]
  const { identity } = useSiteWords()
  const status = statusCopyOf(request.status, book)
  const given = (value: string | null) => (value?.trim() ? value : null)
  const details: [string, string | null][] = [
    ['Date', formatCalendarDate(request.dueDate)],
    [request.eventThemeLabel, given(request.eventTheme)],
    ['Servings/Quantity', given(request.servings)],
    ['Allergies/Dietary needs', given(request.allergies)],
    [
      'Pickup or delivery',
      request.fulfilment || request.window
        ? handoverLabel(request.fulfilment, request.window)
        : null,
    ],
    ['Delivery address', request.deliveryAddress],
    ['Pickup address', request.pickupAddress],
    ['Comments', given(request.comments)],
  ]
  const headingId = `request-${request.position}`
  return (
    <article className="card overflow-hidden" aria-labelledby={headingId}>
      <header className="flex flex-wrap items-center justify-between gap-3 bg-paper px-6 py-4 sm:px-7">
        <h2 id={headingId} className="font-display text-2xl font-semibold">
          {number === undefined ? '' : `${number}. `}
          {request.productType}
        </h2>
        <p
          className={`rounded-full px-3 py-1 text-sm font-bold ${toneClasses[status.tone]}`}
          data-testid="request-status"
        >
          <span className="sr-only">Status: </span>
          {status.label}
        </p>
      </header>
      <div className="px-6 py-5 sm:px-7">
        {answer?.ok ? (
          <p
            role="status"
            className={`mb-4 rounded-xl px-4 py-3 font-display text-xl font-semibold ${toneClasses[answer.outcome === 'declined' ? 'done' : 'good']}`}
          >
            {ANSWER_MESSAGES[answer.outcome]}
            {answer.code ? (
              <span className="mt-1 block font-sans text-base" data-testid="quote-code-answer">
                {answer.code}
              </span>
            ) : null}
          </p>
        ) : null}
        <p className="text-chocolate">{withReplyTime(status.explanation, identity.replyTime)}</p>
        <dl className="mt-5 grid gap-3">
          {details
            .filter((detail): detail is [string, string] => detail[1] !== null)
            .map(([label, value]) => (
              <div key={label} className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[11.5rem_1fr]">
                <dt className="text-sm font-bold text-chocolate sm:pt-0.5">{label}</dt>
                <dd className="whitespace-pre-wrap break-words">{value}</dd>
              </div>
            ))}
        </dl>
        <RequestPhotos photos={photos} token={token} />
        {up('quote')}
        {up('payment')}
        {up('proof') ?? proof}
        {book?.partyWith ? (
          <p className="mt-5 rounded-xl bg-cream px-4 py-3 font-bold" data-testid="party-with">
            Quoted together with {book.partyWith.position}. {book.partyWith.productType}: the quote
            and payments there cover this order too.
          </p>
        ) : null}
        {movedUp.has('quote') ? null : book?.quote ? (
          <QuotePanel
            position={request.position}
            quote={book.quote}
            reference={book.schedule?.reference ?? null}
            error={answer && !answer.ok ? answer.error : undefined}
          />
        ) : answer && !answer.ok ? (
          <p role="alert" className="mt-4 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">
            {answer.error}
          </p>
        ) : null}
        {movedUp.has('payment') ? null : (
          <MoneyPanels
            position={request.position}
            book={book}
            token={token}
            cardError={cardError}
          />
        )}
        {selfService && selfServiceEntry ? (
          <SelfServicePanel
            position={request.position}
            token={token}
            entry={selfServiceEntry}
            view={selfService}
            result={selfServiceResult}
          />
        ) : null}
      </div>
    </article>
  )
}

/**
 * The inspiration photos sent with a request. The photo store (a later part)
 * fills `photos` and serves each at /requests/<token>/photos/<key>; the page
 * has its place ready.
 */
function RequestPhotos({ photos, token }: { photos: RequestPhoto[]; token: string }) {
  if (photos.length === 0) return null
  return (
    <div className="mt-5">
      <h3 className="text-sm font-bold text-chocolate">Your inspiration photos</h3>
      <ul className="mt-2 flex flex-wrap gap-3">
        {photos.map((photo) => (
          <li key={photo.key}>
            <img
              src={`/requests/${token}/photos/${encodeURIComponent(photo.key)}`}
              width={photo.width}
              height={photo.height}
              alt="Inspiration you sent with this order"
              loading="lazy"
              className="h-24 w-auto rounded-xl bg-cover object-cover sm:h-28"
              style={{ backgroundImage: `url("${photo.preview}")` }}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}
