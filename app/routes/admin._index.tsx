import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { TodayPage } from '#app/features/owner-desk/today-page.tsx'
import { readTodayPage } from '#app/features/owner-desk/today.server.ts'
import { readFullList } from '#app/features/owner-desk/today.ts'
import { markCardPaymentLooked } from '#app/features/payments/stripe-webhook.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import type { Route } from './+types/admin._index'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Today', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

/**
 * The owner's landing page after signing in: everything that waits on her,
 * each list with its count (`?all=changes` shows one of Today's own lists whole).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const full = readFullList(new URL(request.url).searchParams)
  return { today: await readTodayPage(getDb(), { now: new Date(), full }) }
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
  return <TodayPage data={loaderData.today} />
}
