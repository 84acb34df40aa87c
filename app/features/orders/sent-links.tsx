import type { SentLink } from './order-send.server.ts'

/**
 * Her private page and payment references, right after a send: the email
 * that carries them may be slow or land in spam, and she may want to pay or
 * bookmark now. Shown to the browser that sent them, never cached.
 */
export function SentLinks({ links }: { links: readonly SentLink[] }) {
  if (links.length === 0) return null
  const several = links.length > 1
  return (
    <div className="sent-links mt-6" data-testid="sent-links">
      <h3 className="font-bold text-cocoa">
        {several ? 'Your private pages' : 'Your private page'}
      </h3>
      <ul className="mt-2 grid gap-3">
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url} className="button-primary">
              {several
                ? `Orders for ${link.email}`
                : link.references.length > 1
                  ? 'See your orders'
                  : 'See your order'}
            </a>
            <ul className="mt-2 text-sm">
              {link.references.map(({ productType, reference }) => (
                <li key={reference}>
                  {productType}: payment reference <strong>{reference}</strong>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Bookmark it to follow your quote and pay. It is yours alone: anyone with the link can see
        your order, so please keep it private.
      </p>
    </div>
  )
}
