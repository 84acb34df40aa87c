import { pageMeta } from '#app/components/page-meta.ts'
import { getDb } from '#app/db/db.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { formatPriceFrom } from '#app/features/menu/product.ts'
import { readShownReviews } from '#app/features/reviews/reviews.server.ts'
import { ShownReviews } from '#app/features/reviews/shown-reviews.tsx'
import { AboutStory, AboutTreats, FollowUs } from '#app/features/site-content/about-page.tsx'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'about', path: '/about', matches })

export async function loader() {
  const db = getDb()
  const [treats, shownReviews] = await Promise.all([listActiveProducts(db), readShownReviews(db)])
  return { treats, shownReviews }
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AboutStory />

      <AboutTreats
        treats={loaderData.treats.map((treat) => ({
          ...treat,
          priceFrom: treat.priceFromCents === null ? null : formatPriceFrom(treat.priceFromCents),
        }))}
      />

      <ShownReviews {...loaderData.shownReviews} />

      <FollowUs />
    </>
  )
}
