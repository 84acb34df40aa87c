import { type ShouldRevalidateFunction, data, redirect, useActionData } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { bakeryNameFrom, pageMeta } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { readHoldOrderPage } from '#app/features/drop-orders/hold-order-page.server.ts'
import { receiveHoldPost } from '#app/features/drop-orders/hold-order.server.ts'
import { OrderChoice } from '#app/features/drop-orders/order-choice.tsx'
import type { HoldAnswer } from '#app/features/drops/drop-api.server.ts'
import { HoldPage } from '#app/features/drops/hold-page.tsx'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/drops.$slug.hold.$token'

/**
 * A hold's page, for the holder of its link alone (kept by nobody:
 * server/cache-policy.ts). A token that is not a hold of this drop gets the
 * site's 404 page, whatever it is.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('code')
  const view = await readHoldOrderPage(getDb(), {
    slug: params.slug,
    token: params.token,
    now: new Date(),
    ...(code ? { code } : {}),
  })
  return view ? { view } : data({ view: null }, { status: 404 })
}

/**
 * `intent=order` (on to Stripe's page, or to her order's page, 303),
 * `intent=extend` (more time) or `intent=release` (let them go).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const answer = await receiveHoldPost({
    db: getDb(),
    token: params.token,
    request,
    clientIp: context.get(clientIpContext),
  })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export const headers = actionReplyHeaders

/**
 * A refused order reads the hold again: prices changed since the page
 * opened are then the total, and the ways to pay it, her page shows.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...(loaderData?.view
    ? [{ title: pageTitle('Your held treats', bakeryNameFrom(matches)) }]
    : pageMeta({ page: 'notFound', path: location.pathname, matches })),
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
]

export default function Hold({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<HoldAnswer>()
  if (!loaderData.view) return <NotFoundPage />
  const {
    hold,
    orderTotal,
    orderTotalCents,
    payments,
    policiesHtml,
    orderPage,
    orderHeading,
    code,
    giftCards,
  } = loaderData.view
  return (
    <HoldPage
      view={hold}
      answer={answer}
      orderPage={orderPage}
      orderHeading={orderHeading}
      orderForm={
        <OrderChoice
          payments={payments}
          policiesHtml={policiesHtml}
          total={orderTotal}
          totalCents={hold.totalCents}
          payCents={orderTotalCents}
          code={code}
          giftCards={giftCards}
          answer={answer}
        />
      }
    />
  )
}
