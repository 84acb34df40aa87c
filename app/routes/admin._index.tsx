import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { listInbox } from '#app/features/inbox/inbox.server.ts'
import { TodayPage } from '#app/features/order-book/today-page.tsx'
import { readTodayPage } from '#app/features/order-book/today.server.ts'
import type { Route } from './+types/admin._index'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Today') },
  { name: 'robots', content: 'noindex' },
]

/** The owner's landing page after signing in: the order book's day, and the messages still open. */
export async function loader() {
  const db = getDb()
  const [today, inbox] = await Promise.all([
    readTodayPage(db, { now: new Date() }),
    listInbox(db, { openOnly: true }),
  ])
  // Oldest first, as the requests waiting for a reply.
  const messages = inbox
    .map((item) => ({
      id: item.id,
      name: item.name,
      receivedOn: bakeryToday(new Date(item.receivedAt)),
    }))
    .reverse()
  return { today, messages }
}

export default function Today({ loaderData }: Route.ComponentProps) {
  return <TodayPage data={loaderData.today} messages={loaderData.messages} />
}
