import type { ReactNode } from 'react'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { withReplyTime } from '#app/content/site-words.ts'
import { SelfServicePanel } from '#app/features/customer-changes/self-service-panel.tsx'
import type {
  SelfServiceResult,
  SelfServiceView,
} from '#app/features/customer-changes/self-service.ts'
import { handoverLabel } from '#app/features/order-book/handover.ts'
import type { WaitingKind } from '#app/features/order-status/customer-links.ts'
import type { CardCheckoutFailure, GiftCardPayAnswer } from '#app/features/payments/card-offer.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { ANSWER_MESSAGES, QuotePanel } from './request-quote.tsx'
import {
  type CustomerBookEntry,
  type CustomerRequest,
  type QuoteAnswerResult,
  type RequestPhoto,
  type StatusCopy,
  statusCopyOf,
} from './request-status.ts'
import { MoneyPanels, MovedUp } from './waiting-on-you.tsx'

const toneClasses: Record<StatusCopy['tone'], string> = {
  waiting: 'bg-butter text-cocoa',
  good: 'bg-[#d7ead9] text-[#1f4f29]',
  done: 'bg-paper text-chocolate ring-1 ring-chocolate/25',
  closed: 'bg-blush-100 text-raspberry-dark',
}

/**
 * One of her requests: where it stands and what that means, what she asked
 * for, its photos, and its quote, money, proof and changes, unless they
 * wait on her at the top of the page.
 */
export function RequestCard({
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
  const headingId = `request-${request.position}`
  return (
    <article className="card overflow-hidden" aria-labelledby={headingId}>
      <CardHeader id={headingId} number={number} request={request} status={status} />
      <div className="px-6 py-5 sm:px-7">
        {answer?.ok ? <AnswerTaken answer={answer} /> : null}
        <p className="text-chocolate">{withReplyTime(status.explanation, identity.replyTime)}</p>
        <RequestDetailList request={request} />
        <RequestPhotos photos={photos} token={token} />
        {up('quote')}
        {up('payment')}
        {up('proof') ?? proof}
        {book?.partyWith ? <PartyWith partyWith={book.partyWith} /> : null}
        {movedUp.has('quote') ? null : (
          <QuoteOrRefusal position={request.position} book={book} answer={answer} />
        )}
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

/** The request's number and treat, and its status as a coloured label. */
function CardHeader({
  id,
  number,
  request,
  status,
}: {
  id: string
  number: number | undefined
  request: CustomerRequest
  status: StatusCopy
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 bg-paper px-6 py-4 sm:px-7">
      <h2 id={id} className="font-display text-2xl font-semibold">
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
  )
}

/** How her answer to the quote just went, and what became of her code. */
function AnswerTaken({ answer }: { answer: Extract<QuoteAnswerResult, { ok: true }> }) {
  return (
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
  )
}

/** What she asked for, each detail she gave with its label; what she left blank is left out. */
function requestDetails(request: CustomerRequest): [string, string][] {
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
  return details.filter((detail): detail is [string, string] => detail[1] !== null)
}

/** Her details as a list of label and value. */
function RequestDetailList({ request }: { request: CustomerRequest }) {
  return (
    <dl className="mt-5 grid gap-3">
      {requestDetails(request).map(([label, value]) => (
        <div key={label} className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[11.5rem_1fr]">
          <dt className="text-sm font-bold text-chocolate sm:pt-0.5">{label}</dt>
          <dd className="whitespace-pre-wrap break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A request quoted with another of her send: the quote and money are on that one's card. */
function PartyWith({ partyWith }: { partyWith: NonNullable<CustomerBookEntry['partyWith']> }) {
  return (
    <p className="mt-5 rounded-xl bg-cream px-4 py-3 font-bold" data-testid="party-with">
      Quoted together with {partyWith.position}. {partyWith.productType}: the quote and payments
      there cover this order too.
    </p>
  )
}

/** Its quote with her answers, or, with no quote to show, why her answer was refused. */
function QuoteOrRefusal({
  position,
  book,
  answer,
}: {
  position: number
  book: CustomerBookEntry | undefined
  answer: QuoteAnswerResult | undefined
}) {
  if (book?.quote) {
    return (
      <QuotePanel
        position={position}
        quote={book.quote}
        reference={book.schedule?.reference ?? null}
        error={answer && !answer.ok ? answer.error : undefined}
      />
    )
  }
  if (answer && !answer.ok) {
    return (
      <p role="alert" className="mt-4 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">
        {answer.error}
      </p>
    )
  }
  return null
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
