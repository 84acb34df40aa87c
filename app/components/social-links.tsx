import { site } from '#app/content/site.ts'
import { MailIcon, SocialIcon } from './icons.tsx'

/** Round icon links to the bakery's profiles and a mailto for its email. */
export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex flex-wrap items-center gap-3 ${className}`}>
      {site.socialLinks.map((link) => (
        <li key={link.network}>
          <a href={link.url} className="icon-button" rel="me noopener" target="_blank">
            <SocialIcon network={link.network} />
            <span className="sr-only">{link.label} (opens in a new tab)</span>
          </a>
        </li>
      ))}
      <li>
        <a href={`mailto:${site.email}`} className="icon-button">
          <MailIcon />
          <span className="sr-only">Email {site.email}</span>
        </a>
      </li>
    </ul>
  )
}
