import type { SVGProps } from 'react'
import type { SocialNetwork } from '#app/content/site.ts'

type IconProps = SVGProps<SVGSVGElement>

/** Decorative by default: the link around an icon carries its accessible name. */
function Icon({ children, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  )
}

/**
 * Brand marks (from simple-icons, CC0) are drawn by CSS masks from
 * /images/icons, so they take the text colour without adding their long
 * paths to every page's JavaScript.
 */
export function SocialIcon({
  network,
  className = '',
}: {
  network: SocialNetwork
  className?: string
}) {
  return <span aria-hidden="true" className={`brand-icon brand-icon-${network} ${className}`} />
}

/** A line drawing in the text colour, with the round joins the site's icons share. */
function LineIcon({ children, ...props }: IconProps) {
  return (
    <Icon
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </Icon>
  )
}

export function MailIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </LineIcon>
  )
}

export function MenuIcon({ open, ...props }: IconProps & { open: boolean }) {
  return (
    <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...props}>
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </Icon>
  )
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </LineIcon>
  )
}

export function CartIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6 7h14l-1.5 8.5a2 2 0 0 1-2 1.5H9.3a2 2 0 0 1-2-1.6L5 3H2" />
      <circle cx="9.5" cy="20.5" r="1.2" />
      <circle cx="16.5" cy="20.5" r="1.2" />
    </LineIcon>
  )
}
