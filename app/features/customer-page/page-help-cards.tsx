import { Link } from 'react-router'
import { EmailAddress } from '#app/components/email-address.tsx'
import { SocialLinks } from '#app/components/social-links.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { nextSteps } from '#app/features/order-status/next-steps.ts'

/** The steps from request to booking, numbered, with the bakery's reply time. */
export function NextStepsCard() {
  const { identity } = useSiteWords()
  return (
    <section className="card p-6 sm:p-7" aria-labelledby="next-steps-heading">
      <h2 id="next-steps-heading" className="font-display text-2xl font-semibold">
        What happens next
      </h2>
      <ol className="mt-4 grid gap-4">
        {nextSteps(identity.replyTime).map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-blush-100 font-bold text-raspberry-dark"
            >
              {index + 1}
            </span>
            <span className="pt-1">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** How to reach the bakery: a reply, an email to the owner, the contact form, social links. */
export function QuestionsCard() {
  const { identity } = useSiteWords()
  return (
    <section className="card p-6 sm:p-7" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="font-display text-2xl font-semibold">
        Questions?
      </h2>
      <p className="mt-3">
        Reply to the email that brought you here, or write to {identity.ownerName} at{' '}
        <a href={`mailto:${identity.email}`} className="text-link">
          <EmailAddress address={identity.email} />
        </a>
        . You can also use our{' '}
        <Link to="/contact" className="text-link">
          contact form
        </Link>
        .
      </p>
      <SocialLinks className="mt-5" />
    </section>
  )
}

/** The order policies as they read when she sent her order. */
export function AcceptedPolicies({ html }: { html: string }) {
  return (
    <section className="lg:col-start-1" aria-labelledby="policies-heading">
      <h2 id="policies-heading" className="font-display text-2xl font-semibold">
        The order policies you accepted
      </h2>
      <p className="mt-1 text-chocolate">As they read when you sent your order.</p>
      {/* Rendered and sanitised on the server when the owner saved them (utils/markdown.server.ts). */}
      <div
        className="card markdown-page mt-4 p-6 sm:p-7"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  )
}
