import { redirect } from 'react-router'
import { getDb } from '#app/db/db.server.ts'
import { receiveInboxAction } from '#app/features/inbox/inbox-action.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.inbox'

/** The inbox became the order book: old links and bookmarks land there. */
export function loader() {
  return redirect('/admin/orders', 303)
}

/** A post from an inbox page still open in a tab is still done. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveInboxAction({ request, db: getDb() }))
}
