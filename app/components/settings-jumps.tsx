import { Link } from 'react-router'

/**
 * A Settings page's links, as one row of chips: on her phone a row that
 * scrolls sideways, so the page's first card is on its first screen; on a
 * wider screen they wrap. Each is a 44 px target and an ordinary link for
 * the keyboard (decision 083).
 */
export function SettingsJumps({
  label,
  links,
  className = '',
}: {
  /** The navigation's name for assistive technology: "More settings", "On this page". */
  label: string
  /** Where each goes (`#id` on this page, or another page's path) and its words. */
  links: readonly (readonly [to: string, words: string])[]
  className?: string
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="settings-jumps">
        {links.map(([to, words]) => (
          <li key={to}>
            {to.startsWith('#') ? (
              <a href={to} className="filter-chip settings-jump">
                {words}
              </a>
            ) : (
              <Link to={to} className="filter-chip settings-jump settings-jump-page">
                {words}
                <span aria-hidden="true" className="ml-1">
                  ›
                </span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
