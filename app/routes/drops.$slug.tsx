import { data, redirect, useActionData } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { bakeryNameFrom, pageMeta } from '#app/components/page-meta.ts'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import type { ReserveRefusal } from '#app/features/drops/drop-api.server.ts'
import { DropPage } from '#app/features/drops/drop-page.tsx'
import { readDropPage } from '#app/features/drops/drop-pages.server.ts'
import { wantText } from '#app/features/drops/drop-stock.ts'
import { type WaitlistAnswer, receiveDropPost } from '#app/features/waitlist/drop-post.server.ts'
import { WaitlistForms } from '#app/features/waitlist/waitlist-forms.tsx'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/drops.$slug'

/**
 * A drop nobody made gets the site's own 404 page, as any unknown path does.
 * `?claim=<token>` is the link of a waitlist's offer: what was kept for her.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const view = await readDropPage(getDb(), {
    slug: params.slug,
    now: new Date(),
    siteUrl: getEnv().SITE_URL,
    claim: new URL(request.url).searchParams.get('claim'),
  })
  return view ? { view } : data({ view: null }, { status: 404 })
}

/**
 * `intent=reserve`: on to the hold's page (303), or back with what does not
 * fit. `intent=waitlist`: on the waitlist for a sold-out item or full time.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const answer = await receiveDropPost({
    db: getDb(),
    slug: params.slug,
    request,
    clientIp: context.get(clientIpContext),
  })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export const headers = actionReplyHeaders

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData?.view
    ? [
        { title: pageTitle(loaderData.view.name, bakeryNameFrom(matches)) },
        { name: 'description', content: loaderData.view.description.slice(0, 160) },
        { 'script:ld+json': loaderData.view.structuredData },
      ]
    : pageMeta({ page: 'notFound', path: location.pathname, matches })

export default function Drop({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<ReserveRefusal | WaitlistAnswer>()
  if (!loaderData.view) return <NotFoundPage />
  const { view } = loaderData
  const waitlist = answer && 'waitlist' in answer ? answer : undefined
  return (
    <DropPage
      view={view}
      refusal={waitlist ? undefined : (answer as ReserveRefusal | undefined)}
      waitlist={
        <WaitlistForms
          answer={waitlist}
          waitables={[
            ...view.items
              .filter((item) => item.left === 0)
              .map((item) => ({ want: wantText({ item: item.id }), label: item.name })),
            ...view.windows
              .filter((window) => window.full)
              .map((window) => ({
                want: wantText({ window: window.window }),
                label: `The ${window.words} pickup`,
              })),
          ]}
        />
      }
    />
  )
}
