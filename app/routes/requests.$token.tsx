import { data } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { pageMeta } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { site } from '#app/content/site.ts'
import { getDb } from '#app/db/db.server.ts'
import { RequestStatusPage } from '#app/features/orders/request-status-page.tsx'
import { readRequestStatus } from '#app/features/orders/request-status.server.ts'
import { PRIVATE_PAGE_HEADERS } from '#app/features/orders/request-status.ts'
import type { Route } from './+types/requests.$token'

/**
 * A token nobody holds gets the site's own 404 page, as any unknown path
 * does: the same page and status whether the token is malformed, made up or
 * one that was never issued.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const view = await readRequestStatus(getDb(), params.token)
  return view ? { view } : data({ view: null }, { status: 404 })
}

/**
 * Accepting or declining a quote will be a post here; until then a post is
 * refused with the methods this page takes.
 */
export function action() {
  return data(
    { error: 'This page can only be viewed.' },
    { status: 405, headers: { Allow: 'GET' } },
  )
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(PRIVATE_PAGE_HEADERS)
  const allow = actionHeaders.get('Allow')
  if (allow) headers.set('Allow', allow)
  return headers
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...(loaderData?.view
    ? [
        {
          title: pageTitle(
            loaderData.view.requests.length === 1 ? 'Your request' : 'Your requests',
          ),
        },
      ]
    : pageMeta({ page: site.pages.notFound, path: location.pathname, matches })),
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
]

export default function RequestStatus({ loaderData }: Route.ComponentProps) {
  return loaderData.view ? <RequestStatusPage view={loaderData.view} /> : <NotFoundPage />
}
