import { Link } from 'react-router'
import { pageMeta } from '#app/components/page-meta.ts'
import { SocialLinks } from '#app/components/social-links.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { bakingSinceLine } from '#app/content/site-words.ts'
import { getDb } from '#app/db/db.server.ts'
import { listDrops } from '#app/features/drops/drop-list.server.ts'
import { DropsOnHome } from '#app/features/drops/drop-list.tsx'
import { Hero } from '#app/features/home/hero.tsx'
import { readShownReviews } from '#app/features/reviews/reviews.server.ts'
import { ShownReviews } from '#app/features/reviews/shown-reviews.tsx'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'home', path: '/', matches })

export async function loader() {
  const db = getDb()
  const [shownReviews, drops] = await Promise.all([readShownReviews(db), listDrops(db, new Date())])
  return { shownReviews, drops }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { identity, words } = useSiteWords()
  const bakingSince = bakingSinceLine(identity)
  return (
    <>
      <Hero />

      <section aria-label="Follow us" className="border-b border-chocolate/10 bg-paper">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-6 sm:flex-row sm:px-6">
          <p className="font-display text-lg font-semibold">
            Follow our bakes, or write to{' '}
            <a href={`mailto:${identity.email}`} className="text-link">
              {identity.email}
            </a>
          </p>
          <SocialLinks />
        </div>
      </section>

      <section
        id="our-story"
        className="page-section grid items-center gap-10 md:grid-cols-[1fr_1.2fr]"
      >
        <img
          src="/images/treats/cake.svg"
          alt=""
          width="160"
          height="160"
          loading="lazy"
          className="mx-auto w-48 sm:w-64 md:w-72"
        />
        <div>
          {bakingSince ? <p className="eyebrow">{bakingSince}</p> : null}
          <h2 className={`section-heading ${bakingSince ? 'mt-2' : ''}`}>Our Story</h2>
          <p className="lede mt-4">{words.homeStory}</p>
          <Link to="/about" className="button-secondary mt-6">
            Discover Our Journey
          </Link>
        </div>
      </section>

      <DropsOnHome drops={loaderData.drops} />

      <ShownReviews {...loaderData.shownReviews} />

      <section
        aria-label="Get in touch"
        className="mx-auto grid max-w-6xl gap-6 px-4 pb-14 sm:px-6 sm:pb-20 md:grid-cols-2"
      >
        <div className="card cta-card bg-blush-100">
          <h2 className="section-heading">Ready to Order?</h2>
          <p className="mt-3">
            Tell us your date, your theme and your favourite flavours, and we will bake something
            made just for you.
          </p>
          <Link to="/ordernow" className="button-primary mt-6">
            Order Now
          </Link>
        </div>
        <div className="card cta-card">
          <h2 className="section-heading">Have Questions?</h2>
          <p className="mt-3">
            Allergies, pick-up times, how many cupcakes feed a party — ask away, we answer every
            message.
          </p>
          <Link to="/contact" className="button-primary mt-6">
            Contact Us
          </Link>
        </div>
      </section>
    </>
  )
}
