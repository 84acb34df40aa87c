import { Link } from 'react-router'
import type { OwnerListedDrop } from '#app/features/drops/drop-list.server.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { DropState } from './drop-state.tsx'

/**
 * The owner's drops, newest pickup day first: each with where it stands,
 * a tap to its page, and the way to make a new one.
 */
export function OwnerDropsPage({ drops }: { drops: OwnerListedDrop[] }) {
  return (
    <section className="page-section" aria-labelledby="owner-drops-heading">
      <h1 id="owner-drops-heading" className="page-heading">
        Drops
      </h1>
      <p className="lede mt-3">
        A batch sale: a menu that opens at a set time, sells a set number and is picked up in set
        times. Customers reserve, then pay by card or at pickup; each order joins your book.
      </p>
      <p className="mt-5">
        <Link to="/admin/drops/new" className="button-primary">
          New drop
        </Link>
      </p>
      {drops.length === 0 ? (
        <p className="card mt-6 p-5 sm:p-6">
          No drops yet. Make your first: a weekend bake, holiday pies, a cookie box.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {drops.map((drop) => (
            <li key={drop.id}>
              <Link to={`/admin/drops/${drop.id}`} className="card owner-drop-link p-5">
                <span className="font-display text-xl font-semibold">{drop.name}</span>
                <DropState state={drop.state} />
                <span className="owner-drop-when">
                  Pickup {drop.pickupDay}. {endSentence(drop.when)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
