import { socialLinksOf } from '#app/content/site-words.ts'
import { MailIcon, SocialIcon } from './icons.tsx'
import { useSiteWords } from './use-site-words.ts'

/** Round icon links to the bakery's profiles and a mailto for its email. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { identity } = useSiteWords()
  return (
    <ul className={`flex flex-wrap items-center gap-3 ${className}`}>
      {socialLinksOf(identity).map((link) => (
        <li key={link.network}>
          <a href={link.url} className="icon-button" rel="me noopener" target="_blank">
            <SocialIcon network={link.network} />
            <span className="sr-only">{link.label} (opens in a new tab)</span>
          </a>
        </li>
      ))}
      <li>
        <a href={`mailto:${identity.email}`} className="icon-button">
          <MailIcon />
          <span className="sr-only">Email {identity.email}</span>
        </a>
      </li>
    </ul>
  )
}
