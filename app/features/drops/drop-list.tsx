import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { SocialLinks } from '#app/components/social-links.tsx'
import { endSentence } from '#app/utils/clock-times.ts'
import type { ListedDrop } from './drop-list.server.ts'

/** /drops: what is open now and what is coming, each a card to its page; then `children` (texts' sign-up). */
export function DropList({ drops, children }: { drops: ListedDrop[]; children?: ReactNode }) {
  return (
    <section className="page-section" aria-labelledby="drops-heading">
      <p className="eyebrow">Baked in batches</p>
      <h1 id="drops-heading" className="page-heading mt-2">
        Drops
      </h1>
      <p className="lede mt-3 max-w-2xl">
        Weekly menus baked in small batches: reserve yours when a drop opens, and pick it up at the
        time you choose.
      </p>
      {drops.length === 0 ? (
        <div className="mt-8 max-w-2xl">
          <p>No drops are open or coming right now. Follow along to hear about the next one.</p>
          <SocialLinks className="mt-4" />
        </div>
      ) : (
        <ul className="mt-8 grid max-w-3xl gap-5">
          {drops.map((drop) => (
            <li key={drop.slug} className="card p-6 sm:p-7">
              <p className="eyebrow">
                {drop.state === 'open' ? 'Open now' : 'Coming'} · pickup {drop.pickupDay}
              </p>
              <h2 className="mt-2 font-display text-2xl font-semibold">
                <Link to={`/drops/${drop.slug}`} className="text-link">
                  {drop.name}
                </Link>
              </h2>
              {drop.description ? <p className="mt-2">{drop.description}</p> : null}
              <p className="mt-3 font-bold">{endSentence(drop.when)}</p>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  )
}

/**
 * Home's note of the drops open or coming, when there are any. It names each
 * with its pickup day only: Home is kept by caches, and "open now" would go
 * stale at the opening second, which the drop's own page never does.
 */
export function DropsOnHome({ drops }: { drops: ListedDrop[] }) {
  if (drops.length === 0) return null
  return (
    <section aria-labelledby="home-drops-heading" className="page-section pt-0">
      <h2 id="home-drops-heading" className="section-heading">
        Drops
      </h2>
      <p className="mt-2 max-w-2xl">Small-batch menus you can reserve from, for pickup:</p>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {drops.map((drop) => (
          <li key={drop.slug} className="card p-5">
            <Link to={`/drops/${drop.slug}`} className="text-link font-display text-xl">
              {drop.name}
            </Link>
            <p className="mt-1">Pickup {drop.pickupDay}</p>
          </li>
        ))}
      </ul>
      <Link to="/drops" className="button-secondary mt-6">
        All drops
      </Link>
    </section>
  )
}
