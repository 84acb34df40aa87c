import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { listInbox } from '#app/features/inbox/inbox.server.ts'
import { approvedProofsFor } from '#app/features/order-book/proof-steps.server.ts'
import {
  cardPaymentsToLook,
  markCardPaymentLooked,
} from '#app/features/order-book/stripe-webhook.server.ts'
import { TodayPage } from '#app/features/order-book/today-page.tsx'
import { readTodayPage } from '#app/features/order-book/today.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import type { Route } from './+types/admin._index'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Today', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

/** The owner's landing page after signing in: the order book's day, and the messages still open. */
export async function loader() {
  const db = getDb()
  const [today, inbox, cardLooks] = await Promise.all([
    readTodayPage(db, { now: new Date() }),
    listInbox(db, { openOnly: true }),
    cardPaymentsToLook(db),
  ])
  // Oldest first, as the requests waiting for a reply.
  const messages = inbox
    .map((item) => ({
      id: item.id,
      name: item.name,
      receivedOn: bakeryToday(new Date(item.receivedAt)),
    }))
    .reverse()
  const bakeIds = today.days.flatMap((day) => day.items.map((item) => item.id))
  return { today, messages, cardLooks, approvedProofs: await approvedProofsFor(db, bakeIds) }
}

/** The owner marks a card payment that needed a look as looked at. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readAdminForm(request)
  const eventId = form?.event ?? ''
  if (form?.intent !== 'card-looked' || !/^evt_[A-Za-z0-9_]{1,200}$/.test(eventId)) {
    return data({ error: NOT_UNDERSTOOD }, { status: 400 })
  }
  await markCardPaymentLooked(getDb(), { eventId, now: Date.now() })
  return { ok: true }
}

export default function Today({ loaderData }: Route.ComponentProps) {
  return (
    <TodayPage
      data={loaderData.today}
      messages={loaderData.messages}
      cardLooks={loaderData.cardLooks}
      approvedProofs={loaderData.approvedProofs}
    />
  )
}
