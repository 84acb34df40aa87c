import { type ShouldRevalidateFunction, data, redirect, useActionData } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { pageMeta, bakeryNameFrom } from '#app/components/page-meta.ts'
import { cardPaymentsOn, getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import {
  readSelfService,
  receiveSelfService,
} from '#app/features/customer-changes/self-service.server.ts'
import { isSelfServiceResult } from '#app/features/customer-changes/self-service.ts'
import type { SelfServiceResult } from '#app/features/customer-changes/self-service.ts'
import {
  readCustomerBook,
  receiveQuoteAnswer,
} from '#app/features/customer-page/customer-quotes.server.ts'
import { RequestStatusPage } from '#app/features/customer-page/request-status-page.tsx'
import { readRequestStatus } from '#app/features/customer-page/request-status.server.ts'
import {
  PRIVATE_PAGE_HEADERS,
  type QuoteAnswerResult,
} from '#app/features/customer-page/request-status.ts'
import { anyGiftCardSold } from '#app/features/gift-cards/gift-card-book.server.ts'
import type { CardCheckoutFailure, GiftCardPayAnswer } from '#app/features/payments/card-offer.ts'
import { cardNoticeOf, startCardCheckout } from '#app/features/payments/card-payments.server.ts'
import { payWithGiftCard } from '#app/features/payments/gift-card-pay.server.ts'
import { receiveProofAnswer } from '#app/features/proof-steps/proof-answers.server.ts'
import { readCustomerProofs } from '#app/features/proof-steps/proof-steps.server.ts'
import { CustomerProof } from '#app/features/proofs/customer-proof.tsx'
import { approvedRound, asProofAnswerResult, openRound } from '#app/features/proofs/proof-rules.ts'
import { receiveReviewPost } from '#app/features/reviews/review-action.server.ts'
import { ReviewPanel } from '#app/features/reviews/review-form.tsx'
import { type ReviewPostResult, firstNameOf } from '#app/features/reviews/review-schema.ts'
import { readReviewOf } from '#app/features/reviews/reviews.server.ts'
import { readReviewLink } from '#app/features/scheduled-work/review-links.server.ts'
import { receiveTextChoice, readTextPanel } from '#app/features/texts/text-choice.server.ts'
import { type TextChoiceResult, isTextChoiceResult } from '#app/features/texts/text-choice.ts'
import { TextConsentPanel } from '#app/features/texts/text-panel.tsx'
import { respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/requests.$token'

/**
 * A token nobody holds gets the site's own 404 page, as any unknown path
 * does: the same page and status whether the token is malformed, made up or
 * one that was never issued.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb()
  const view = await readRequestStatus(db, params.token)
  if (!view) {
    return data(
      {
        view: null,
        book: {},
        cardNotice: null,
        proofs: {},
        selfService: null,
        review: null,
        texts: null,
      },
      { status: 404 },
    )
  }
  const cardPayments = cardPaymentsOn()
  const url = new URL(request.url)
  const cancel = url.searchParams.get('cancel') ?? ''
  const now = Date.now()
  return {
    view,
    proofs: await readCustomerProofs(db, params.token),
    book: await readCustomerBook(db, params.token, now, {
      cardPayments,
      giftCards: await anyGiftCardSold(db),
    }),
    // Her changes and cancelling; ?cancel=<position> opens that request's confirm step.
    selfService: await readSelfService(db, params.token, {
      now,
      cancelPosition: /^[1-9]\d{0,5}$/.test(cancel) ? Number(cancel) : undefined,
    }),
    review: await loadReview(db, params.token),
    // "Text me about my order", when texts are on (decision 111).
    texts: await readTextPanel(db, params.token),
    // Back from Stripe's page: paid, or changed her mind.
    cardNotice: cardPayments ? cardNoticeOf(url) : null,
  }
}

/** Her review's panel, once an order of her link is completed (decision 056); null before. */
async function loadReview(db: ReturnType<typeof getDb>, token: string) {
  const link = await readReviewLink(db, token)
  if (!link?.completed) return null
  const stored = await readReviewOf(db, link.requestId)
  return {
    defaultName: firstNameOf(link.name),
    stored: stored
      ? {
          rating: stored.rating,
          words: stored.words,
          displayName: stored.displayName,
          mayShow: stored.mayShow,
          shown: stored.shown,
        }
      : null,
  }
}

/**
 * The customer accepts or declines a quote (see receiveQuoteAnswer), or,
 * posted to `?checkout`, pays by card: she is sent on to Stripe's page
 * (see startCardCheckout), or, posted to `?review`, writes her review.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  // Her answer to a design proof: approve it, or ask for a change (decision 055).
  if (new URL(request.url).searchParams.has('proof')) {
    return respond(
      await receiveProofAnswer({
        request,
        token: params.token,
        clientIp: context.get(clientIpContext),
        db: getDb(),
        siteUrl: getEnv().SITE_URL,
      }),
    )
  }
  // "Ask for a change" and "Cancel" (decision 054).
  if (new URL(request.url).searchParams.has('change')) {
    return respond(
      await receiveSelfService({
        request,
        token: params.token,
        clientIp: context.get(clientIpContext),
        db: getDb(),
        siteUrl: getEnv().SITE_URL,
      }),
    )
  }
  if (new URL(request.url).searchParams.has('review')) {
    const db = getDb()
    return respond(
      await receiveReviewPost({
        request,
        clientIp: context.get(clientIpContext),
        db,
        link: await readReviewLink(db, params.token),
        siteUrl: getEnv().SITE_URL,
      }),
    )
  }
  if (new URL(request.url).searchParams.has('texts')) {
    return respond(
      await receiveTextChoice({
        request,
        token: params.token,
        clientIp: context.get(clientIpContext),
        db: getDb(),
      }),
    )
  }
  // "Pay with a gift card" (decision 114).
  if (new URL(request.url).searchParams.has('gift-card')) {
    return respond(
      await payWithGiftCard({
        request,
        token: params.token,
        clientIp: context.get(clientIpContext),
        db: getDb(),
        siteUrl: getEnv().SITE_URL,
      }),
    )
  }
  if (new URL(request.url).searchParams.has('checkout')) {
    const started = await startCardCheckout({
      request,
      token: params.token,
      clientIp: context.get(clientIpContext),
      db: getDb(),
    })
    return 'redirect' in started ? redirect(started.redirect, 303) : respond(started)
  }
  return respond(
    await receiveQuoteAnswer({
      request,
      token: params.token,
      clientIp: context.get(clientIpContext),
      db: getDb(),
      siteUrl: getEnv().SITE_URL,
    }),
  )
}

/**
 * A refused answer (409) means the request moved on, in another tab or by
 * the bakery: the page shows where it stands now beside the reason.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(PRIVATE_PAGE_HEADERS)
  for (const name of ['Allow', 'Retry-After']) {
    const value = actionHeaders.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...(loaderData?.view
    ? [
        {
          title: pageTitle(
            loaderData.view.requests.length === 1 ? 'Your order' : 'Your orders',
            bakeryNameFrom(matches),
          ),
        },
      ]
    : pageMeta({ page: 'notFound', path: location.pathname, matches })),
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
]

export default function RequestStatus({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<
    | QuoteAnswerResult
    | CardCheckoutFailure
    | GiftCardPayAnswer
    | SelfServiceResult
    | ReviewPostResult
    | TextChoiceResult
  >()
  const textsResult = isTextChoiceResult(posted) ? posted : undefined
  // Her answer to a design proof shows beside the proof, her change or
  // cancelling beside its card, and her review (answered with `review`,
  // features/reviews) in its panel, not as a quote's answer.
  const proofResult = asProofAnswerResult(posted)
  const selfServiceResult = isSelfServiceResult(posted) ? posted : undefined
  const reviewResult = posted && 'review' in posted ? (posted as ReviewPostResult) : undefined
  const result =
    proofResult || selfServiceResult || reviewResult || textsResult
      ? undefined
      : (posted as QuoteAnswerResult | CardCheckoutFailure | GiftCardPayAnswer | undefined)
  const card =
    result && 'card' in result ? (result as CardCheckoutFailure | GiftCardPayAnswer) : undefined
  const answer = result && !('card' in result) ? result : undefined
  // An answer for a request this link does not hold reads as an unknown link.
  if (
    !loaderData.view ||
    (result && !result.ok && result.notFound) ||
    (selfServiceResult && !selfServiceResult.ok && selfServiceResult.notFound)
  ) {
    return <NotFoundPage />
  }
  return (
    <RequestStatusPage
      view={loaderData.view}
      book={loaderData.book}
      answer={answer}
      cardNotice={loaderData.cardNotice}
      cardError={card}
      proofs={Object.fromEntries(
        Object.entries(loaderData.proofs).map(([position, proof]) => [
          position,
          <CustomerProof
            key={`proof-${position}-${proof.rounds.length}`}
            proof={proof}
            position={Number(position)}
            token={loaderData.view.token}
            result={proofResult?.position === Number(position) ? proofResult : undefined}
          />,
        ]),
      )}
      // A proof waits on her while its latest round has no answer and none was approved.
      proofsWaiting={Object.entries(loaderData.proofs)
        .filter(([, proof]) => openRound(proof) && !approvedRound(proof))
        .map(([position]) => Number(position))}
      selfService={loaderData.selfService ?? undefined}
      selfServiceResult={selfServiceResult}
      review={
        loaderData.review ? (
          <ReviewPanel
            review={loaderData.review.stored}
            defaultName={loaderData.review.defaultName}
            result={reviewResult}
          />
        ) : null
      }
      texts={
        loaderData.texts ? <TextConsentPanel panel={loaderData.texts} result={textsResult} /> : null
      }
    />
  )
}
