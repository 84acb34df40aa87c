import { Link } from 'react-router'

/**
 * The owner's announcement across the top of every page ("Closed for the
 * holidays until January 5"), while it is on and its last day has not
 * passed (decided by the root loader on the bakery's today). A labelled
 * region, so a screen reader can find it, in dark text on butter.
 */
export function AnnouncementBanner({ banner }: { banner: { text: string; link: string } }) {
  const external = /^https?:/i.test(banner.link)
  return (
    <section aria-label="Announcement" className="announcement-banner">
      <p>
        {/* With a link, the words themselves are the link: a "Read more" says
            nothing out of context to a screen reader or a search engine. */}
        {!banner.link ? (
          <span>{banner.text}</span>
        ) : external ? (
          <a href={banner.link} className="announcement-link" rel="noopener">
            {banner.text}
          </a>
        ) : (
          <Link to={banner.link} className="announcement-link">
            {banner.text}
          </Link>
        )}
      </p>
    </section>
  )
}
