import { redirect, useSearchParams } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveInboxAction } from '#app/features/inbox/inbox-action.server.ts'
import { InboxList } from '#app/features/inbox/inbox-list.tsx'
import { labelReceived, listInbox } from '#app/features/inbox/inbox.server.ts'
import { OrderBookTabs, OrderList } from '#app/features/owner-desk/order-list-page.tsx'
import { listOrderBook, searchOpens } from '#app/features/owner-desk/order-list.server.ts'
import { parseOrderFilters } from '#app/features/owner-desk/order-list.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.orders'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Orders', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb()
  const params = new URL(request.url).searchParams
  const { filters, problems } = parseOrderFilters(params)
  const showHandled = params.get('messages') === 'all'
  // Each tab reads only what it shows; the tabs' count of open messages is always needed.
  const onMessages = params.get('view') === 'messages'
  // A payment reference opens its request, as typing it means (a party's lists its members).
  const opens = onMessages ? null : await searchOpens(db, filters)
  if (opens) throw redirect(opens)
  const [book, inbox] = await Promise.all([
    onMessages ? null : listOrderBook(db, filters),
    listInbox(db, { openOnly: !showHandled }),
  ])
  // The inbox holds messages only: no send is read to be thrown away.
  const messages = labelReceived(inbox)
  return {
    filters,
    problems,
    book,
    messages,
    openMessages: showHandled
      ? messages.filter((message) => !message.handled).length
      : messages.length,
  }
}

/** The messages' buttons (Mark handled, Resend) post here, as they did to the inbox. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveInboxAction({ request, db: getDb() }))
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const view = searchParams.get('view') === 'messages' ? 'messages' : 'orders'
  const showHandled = searchParams.get('messages') === 'all'
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Orders</h1>
      <p className="lede mt-3">Every order request, and the messages sent through the site.</p>
      <OrderBookTabs view={view} openMessages={loaderData.openMessages} />
      {loaderData.book ? (
        <OrderList
          filters={loaderData.filters}
          rows={loaderData.book.rows}
          counts={loaderData.book.counts}
          total={loaderData.book.total}
          problems={loaderData.problems}
          matching={loaderData.book.matching}
          hasMore={loaderData.book.hasMore}
        />
      ) : (
        <>
          <p className="mt-5">
            <a
              className="text-link"
              href={
                showHandled
                  ? '/admin/orders?view=messages'
                  : '/admin/orders?view=messages&messages=all'
              }
            >
              {showHandled ? 'Show open messages only' : 'Show handled messages too'}
            </a>
          </p>
          {loaderData.messages.length === 0 ? (
            <p className="mt-8 text-lg">
              {showHandled ? 'No messages yet.' : 'No open messages: everything has been handled.'}
            </p>
          ) : (
            <InboxList items={loaderData.messages} openOnly={!showHandled} />
          )}
        </>
      )}
    </section>
  )
}
