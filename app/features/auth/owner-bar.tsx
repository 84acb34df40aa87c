import { NavLink, useFetcher } from 'react-router'
import { forgetOwnerCache } from '#app/utils/owner-cache.ts'

const OWNER_LINKS = [
  { to: '/admin', label: 'Today', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/calendar', label: 'Calendar', end: false },
  { to: '/gallery', label: 'Gallery', end: true },
  { to: '/admin/settings', label: 'Settings', end: false },
] as const

/**
 * The owner's own bar across the top of every page while she is signed in:
 * her pages, the gallery she uploads to, and Sign Out. The layout renders it
 * only for a request whose session was checked, and such a response is never
 * kept for anyone else (server/cache-policy.ts, server/page-cache.ts).
 */
export function OwnerBar() {
  const signOut = useFetcher()
  return (
    <nav aria-label="Owner" className="owner-bar">
      <ul className="owner-bar-list">
        {OWNER_LINKS.map((link) => (
          <li key={link.to}>
            {/* NavLink marks the current page with aria-current="page". */}
            <NavLink to={link.to} end={link.end} className="owner-bar-link">
              {link.label}
            </NavLink>
          </li>
        ))}
        <li className="owner-bar-end">
          {/* Pressed before React runs, it waits for it and signs out in place (see decision 027). */}
          <signOut.Form
            method="post"
            action="/admin/logout"
            data-replay-submit=""
            onSubmit={() => void forgetOwnerCache()}
          >
            <button type="submit" className="owner-bar-link">
              Sign Out
            </button>
          </signOut.Form>
        </li>
      </ul>
    </nav>
  )
}
