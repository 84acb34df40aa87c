import { Link, NavLink, useFetcher } from 'react-router'
import { OWNER_LINKS } from '#app/components/owner-links.ts'
import { SitePicture } from '#app/components/site-picture.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { forgetOwnerCache } from '#app/utils/owner-cache.ts'

/**
 * The owner's own bar across the top of every page while she is signed in:
 * her pages, the gallery she uploads to, and Sign Out. The layout renders it
 * only for a request whose session was checked, and such a response is never
 * kept for anyone else (server/cache-policy.ts, server/page-cache.ts).
 */
export function OwnerBar() {
  const signOut = useFetcher()
  const { identity, pictures } = useSiteWords()
  return (
    <div className="owner-bar">
      {/* On her pages on a phone the public header steps aside (app.css): her mark leads home. */}
      <Link to="/" className="owner-bar-home" aria-label={`${identity.name}, home`}>
        <SitePicture
          slot="logo"
          picture={pictures.logo}
          alt=""
          sizes="36px"
          lazy
          height={36}
          className="h-9 w-9 rounded-full object-contain"
        />
      </Link>
      <nav aria-label="Owner" className="owner-bar-nav">
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
    </div>
  )
}
