import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { MenuIcon } from './icons.tsx'
import { OWNER_LINKS } from './owner-links.ts'
import { SitePicture } from './site-picture.tsx'
import { useSiteWords } from './use-site-words.ts'

export const navItems = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/ordernow', label: 'Order Now' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact', label: 'Contact' },
] as const

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `nav-link ${isActive ? 'nav-link-active' : ''}`

/**
 * The public header. Signed in on a phone, it is her one row on the public
 * pages too: her bar steps aside (app.css), a "Today" link takes her back
 * to her desk and the menu lists her pages after the public ones.
 */
export function SiteHeader({ owner = false }: { owner?: boolean }) {
  const { pathname } = useLocation()
  // The phone menu stays open only on the page it was opened on, so any
  // navigation (a menu link, the back button) closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null)
  const menuOpen = openedOn === pathname
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null)
  // Fixed, so that without JavaScript the menu opens as the target of a link (#site-menu).
  const menuId = 'site-menu'
  const [home, ...rest] = navItems

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenedOn(null)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  const { identity, pictures } = useSiteWords()
  const logo = pictures.logo.upload
  // 44 px high, as wide as her logo's shape makes it.
  const logoWidth = logo ? Math.round((44 * logo.width) / logo.height) : 44
  return (
    <header className="site-header">
      <nav aria-label="Main">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
          <Link to="/" className="brand-mark" aria-label={`${identity.name}, home`}>
            {/* The link says the name; the logo beside it says nothing more. */}
            <SitePicture
              slot="logo"
              picture={pictures.logo}
              alt=""
              sizes={`${logoWidth}px`}
              height={44}
              className="h-11 w-auto max-w-32 object-contain"
            />
            <span className="hidden font-display text-lg font-semibold sm:inline">
              {identity.name}
            </span>
          </Link>

          <ul className="ml-auto hidden items-center gap-1 md:flex">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={linkClass} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>

          <div className="ml-auto flex items-center gap-1 md:hidden">
            {owner ? (
              <Link to="/admin" className="owner-pill">
                Today
              </Link>
            ) : null}
            <NavLink to={home.to} end className={linkClass}>
              {home.label}
            </NavLink>
            <button
              type="button"
              className="menu-toggle with-script"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen(!menuOpen)}
              data-without-script="site-menu-link"
            >
              <MenuIcon open={menuOpen} />
              <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            </button>
            {/* Without JavaScript (or when the page's scripts failed to load). */}
            <a id="site-menu-link" href={`#${menuId}`} className="menu-toggle without-script">
              <MenuIcon open={false} />
              <span className="sr-only">Open menu</span>
            </a>
          </div>
        </div>
        <ul id={menuId} data-open={menuOpen ? '' : undefined} className="mobile-menu md:hidden">
          {rest.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={linkClass} onClick={() => setMenuOpen(false)}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {owner ? (
            <li className="mobile-menu-owner">
              <p className="mobile-menu-heading" id="site-menu-owner">
                Your pages
              </p>
              <ul aria-labelledby="site-menu-owner" className="grid gap-1">
                {OWNER_LINKS.filter((link) => link.to !== '/gallery').map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      className={linkClass}
                      onClick={() => setMenuOpen(false)}
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  )
}
