import { Link, useSearchParams } from 'react-router'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { requireAdmin } from '#app/features/auth/require-admin.server.ts'
import { receiveInboxAction } from '#app/features/inbox/inbox-action.server.ts'
import { InboxList } from '#app/features/inbox/inbox-list.tsx'
import { labelReceived, listInbox } from '#app/features/inbox/inbox.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.inbox'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Inbox') },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context)
  const openOnly = new URL(request.url).searchParams.get('show') === 'open'
  return { items: labelReceived(await listInbox(getDb(), { openOnly })) }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context)
  return respond(await receiveInboxAction({ request, db: getDb() }))
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const openOnly = searchParams.get('show') === 'open'
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Inbox</h1>
      <p className="lede mt-3">Every order request and message, newest first.</p>
      <nav aria-label="Filter" className="mt-6 flex gap-2">
        <Link
          to="/admin/inbox"
          className={`filter-chip ${openOnly ? '' : 'filter-chip-on'}`}
          aria-current={openOnly ? undefined : 'page'}
        >
          All
        </Link>
        <Link
          to="/admin/inbox?show=open"
          className={`filter-chip ${openOnly ? 'filter-chip-on' : ''}`}
          aria-current={openOnly ? 'page' : undefined}
        >
          Open only
        </Link>
      </nav>
      <InboxList items={loaderData.items} openOnly={openOnly} />
    </section>
  )
}
