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
  const menu = usePhoneMenu()
  return (
    <header className="site-header">
      <nav aria-label="Main">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
          <BrandLink />

          <WideNav />

          <PhoneBar owner={owner} menu={menu} />
        </div>
        <PhoneMenu owner={owner} menu={menu} />
      </nav>
    </header>
  )
}

// Fixed, so that without JavaScript the menu opens as the target of a link (#site-menu).
const menuId = 'site-menu'

type PhoneMenuState = ReturnType<typeof usePhoneMenu>

/**
 * Whether the phone menu is open. It stays open only on the page it was
 * opened on, so any navigation (a menu link, the back button) closes it;
 * Escape closes it too.
 */
function usePhoneMenu() {
  const { pathname } = useLocation()
  const [openedOn, setOpenedOn] = useState<string | null>(null)
  const open = openedOn === pathname
  const setOpen = (open: boolean) => setOpenedOn(open ? pathname : null)

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenedOn(null)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open])

  return { open, setOpen }
}

/** Her logo and the bakery's name, linking home. */
function BrandLink() {
  const { identity, pictures } = useSiteWords()
  const logo = pictures.logo.upload
  // 44 px high, as wide as her logo's shape makes it.
  const logoWidth = logo ? Math.round((44 * logo.width) / logo.height) : 44
  return (
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
      <span className="hidden font-display text-lg font-semibold sm:inline">{identity.name}</span>
    </Link>
  )
}

/** Every public page in a row, on a wide screen. */
function WideNav() {
  return (
    <ul className="ml-auto hidden items-center gap-1 md:flex">
      {navItems.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end className={linkClass} prefetch="intent">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

/** On a phone: her "Today" link, Home, and the menu's button (a link without JavaScript). */
function PhoneBar({ owner, menu }: { owner: boolean; menu: PhoneMenuState }) {
  const home = navItems[0]
  return (
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
        aria-expanded={menu.open}
        aria-controls={menuId}
        onClick={() => menu.setOpen(!menu.open)}
        data-without-script="site-menu-link"
      >
        <MenuIcon open={menu.open} />
        <span className="sr-only">{menu.open ? 'Close menu' : 'Open menu'}</span>
      </button>
      {/* Without JavaScript (or when the page's scripts failed to load). */}
      <a id="site-menu-link" href={`#${menuId}`} className="menu-toggle without-script">
        <MenuIcon open={false} />
        <span className="sr-only">Open menu</span>
      </a>
    </div>
  )
}

/** The phone menu: the public pages after Home, then hers when signed in. */
function PhoneMenu({ owner, menu }: { owner: boolean; menu: PhoneMenuState }) {
  const [, ...rest] = navItems
  return (
    <ul id={menuId} data-open={menu.open ? '' : undefined} className="mobile-menu md:hidden">
      {rest.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClass} onClick={() => menu.setOpen(false)}>
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
                  onClick={() => menu.setOpen(false)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ) : null}
    </ul>
  )
}
