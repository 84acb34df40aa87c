import { useEffect, useRef } from 'react'
import { EmailAddress } from '#app/components/email-address.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { firstNameOf } from '#app/content/site-words.ts'
import { nextSteps } from '#app/features/order-status/next-steps.ts'
import type { SentLink } from './order-send.server.ts'
import { SentLinks } from './sent-links.tsx'

/**
 * What the page says once the orders are sent: the spec's 'Orders sent
 * successfully!', what happens next and when, where the confirmation email
 * went, and a way to start another order. Focus moves here, so a keyboard or
 * screen reader user lands on the news.
 */
export function ThankYouPanel({
  name,
  emails,
  count,
  links,
  onStartAnother,
}: {
  /** The customer's name as they gave it. */
  name: string
  /** The addresses the confirmations go to (one per customer in the send). */
  emails: readonly string[]
  count: number
  /** Each customer's private page and payment references, from the server's answer. */
  links: readonly SentLink[]
  onStartAnother: () => void
}) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const firstName = name.trim().split(/\s+/)[0]
  const { identity } = useSiteWords()
  const ownerFirstName = firstNameOf(identity.ownerName)
  return (
    <section className="thank-you card" aria-labelledby="thank-you-heading">
      <p role="status" className="status-success">
        Orders sent successfully!
      </p>
      <h2
        id="thank-you-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-display mt-2 text-3xl font-semibold text-cocoa"
      >
        Thank you{firstName ? `, ${firstName}` : ''}!
      </h2>
      <p className="lede mt-3">
        {count === 1 ? 'Your order is' : `Your ${count} orders are`} with us. {ownerFirstName} will
        reply {identity.replyTime}.
      </p>
      <h3 className="mt-6 font-bold text-cocoa">What happens next</h3>
      <ol className="next-steps mt-3">
        {nextSteps(identity.replyTime).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="thank-you-email mt-6">
        A confirmation email with a private link to follow your order is on its way to{' '}
        {emails.map((email, index) => (
          <span key={email}>
            {index > 0 ? (index === emails.length - 1 ? ' and ' : ', ') : null}
            <strong>
              <EmailAddress address={email} />
            </strong>
          </span>
        ))}
        . If it has not arrived in a few minutes, please check your spam folder.
      </p>
      <SentLinks links={links} />
      <button type="button" className="button-secondary mt-6" onClick={onStartAnother}>
        Start another order
      </button>
    </section>
  )
}
