import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveOwnerReviewAction } from '#app/features/reviews/review-action.server.ts'
import { ReviewList } from '#app/features/reviews/review-list.tsx'
import { listReviewsForOwner } from '#app/features/reviews/reviews.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.reviews'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Reviews', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  return { reviews: await listReviewsForOwner(getDb()) }
}

/** Show or Hide one review (decision 056). */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveOwnerReviewAction({ request, db: getDb() }))
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  return (
    <section className="page-section">
      <SettingsPageHeading title="Reviews">
        What your customers wrote. Show the ones you like on Home and About; only those they allowed
        can be shown.
      </SettingsPageHeading>
      <ReviewList reviews={loaderData.reviews} posted={posted} />
    </section>
  )
}
