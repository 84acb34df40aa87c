import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { site } from '#app/content/site.ts'
import { SocialLinks } from './social-links.tsx'
import { useSiteWords } from './use-site-words.ts'

const footerLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/ordernow', label: 'Order Now' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact', label: 'Contact' },
] as const

/**
 * `adminControl` is the sign-in / sign-out corner, supplied by the app shell;
 * `year` is the bakery's, from the server: a visitor's clock may be in
 * another year (New Year's Eve west of the bakery), and the footer would not
 * match the server's as React hydrates it.
 */
export function SiteFooter({
  adminControl,
  year,
  giftCards = false,
}: {
  adminControl?: ReactNode
  year?: number
  /** She sells gift cards: the footer links her shop. */
  giftCards?: boolean
}) {
  const words = useSiteWords()
  const { identity } = words
  // /faq is linked once she has written it; /policies always has the terms (decision 079).
  const links = [
    ...footerLinks,
    ...(giftCards ? [{ to: '/gift-cards', label: 'Gift cards' }] : []),
    ...(words.hasFaq ? [{ to: '/faq', label: 'FAQ' }] : []),
    { to: '/policies', label: 'Order policies' },
  ]
  return (
    <footer className="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="font-display text-2xl font-semibold text-cream">{identity.name}</p>
          {identity.footerLine ? (
            <p className="mt-2 max-w-sm text-blush-100">{identity.footerLine}</p>
          ) : null}
          {identity.phone ? (
            <p className="mt-2 text-blush-100">
              <a href={`tel:${identity.phone.replace(/[^\d+]/g, '')}`} className="footer-link">
                {identity.phone}
              </a>
            </p>
          ) : null}
          <SocialLinks className="mt-5 footer-social" />
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 md:grid-cols-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="footer-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-blush-100 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year === undefined ? '' : `${year} `}
            {identity.name}. All rights reserved.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {adminControl}
            <span className="version-label">{site.version}</span>
            <span>
              Designed by{' '}
              <a href={site.designer.url} className="footer-link underline" rel="noopener">
                {site.designer.name}
              </a>
            </span>
          </div>
        </div>
      </div>
    </footer>
  )
}
