import { data, redirect, useActionData } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { bakeryNameFrom, pageMeta } from '#app/components/page-meta.ts'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { DayClaimForm } from '#app/features/waitlist/day-claim-page.tsx'
import {
  type DayClaimRefusal,
  readDayClaimPage,
  receiveDayClaim,
} from '#app/features/waitlist/day-claim.server.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/order-now.kept.$token'

/**
 * A full day that came free, kept for the customer its waitlist offered it
 * to (decision 104). A link that is nobody's, used or lapsed is the site's
 * own 404: it says nothing of anyone's order.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const page = await readDayClaimPage(getDb(), { token: params.token, now: Date.now() })
  return page ? { page } : data({ page: null }, { status: 404 })
}

/** Her request: on to her own page (303), or back with what to change. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const answer = await receiveDayClaim({
    db: getDb(),
    token: params.token,
    request,
    clientIp: context.get(clientIpContext),
    siteUrl: getEnv().SITE_URL,
  })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export const headers = actionReplyHeaders

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData?.page
    ? [
        { title: pageTitle(`${loaderData.page.day}, kept for you`, bakeryNameFrom(matches)) },
        { name: 'robots', content: 'noindex' },
      ]
    : pageMeta({ page: 'notFound', path: location.pathname, matches })

export default function KeptDay({ loaderData }: Route.ComponentProps) {
  const refusal = useActionData<DayClaimRefusal>()
  if (!loaderData.page) return <NotFoundPage />
  const { page } = loaderData
  return (
    <section className="page-section" aria-labelledby="kept-day-heading">
      <p className="eyebrow">Your day came free</p>
      <h1 id="kept-day-heading" className="page-heading mt-2">
        {page.day}, kept for you
      </h1>
      <p className="lede mt-3 max-w-2xl">
        We are keeping room for your {page.treat} that day until {endSentence(page.keptUntil)} Tell
        us about it and send your request; we reply with ideas and a quote, as for any order.
      </p>
      <DayClaimForm page={page} refusal={refusal} />
    </section>
  )
}
