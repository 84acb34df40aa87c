import { useActionData } from 'react-router'
import { pageMeta } from '#app/components/page-meta.ts'
import { SocialLinks } from '#app/components/social-links.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { placeNameOf } from '#app/content/bakery-address.ts'
import { firstNameOf } from '#app/content/site-words.ts'
import { getDb } from '#app/db/db.server.ts'
import { ContactForm } from '#app/features/contact/contact-form.tsx'
import {
  type ContactSendResult,
  receiveContactMessage,
} from '#app/features/contact/contact-send.server.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import { replyWhenUnreachable } from '#app/utils/unreachable.ts'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'contact', path: '/contact', matches })

export async function action({ request, context }: Route.ActionArgs) {
  return respond(
    await receiveContactMessage({ request, clientIp: context.get(clientIpContext), db: getDb() }),
  )
}

export const headers = actionReplyHeaders

/** A dropped connection shows the form's failure message, not an error page. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  replyWhenUnreachable<ContactSendResult>(serverAction)

export default function Contact() {
  const postedResult = useActionData<ContactSendResult>()
  const { identity } = useSiteWords()
  const place = placeNameOf(identity)
  return (
    <section className="page-section grid gap-10 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <p className="eyebrow">Say hello</p>
        <h1 className="page-heading mt-2">Have Questions?</h1>
        <p className="lede mt-4">
          Flavours, allergies, pick-up{place ? ` in ${place}` : ''}, how much cake feeds a party —
          ask us anything. {firstNameOf(identity.ownerName)} answers every message{' '}
          {identity.replyTime}.
        </p>
        <p className="mt-6">
          Prefer email? Write to{' '}
          <a href={`mailto:${identity.email}`} className="text-link">
            {identity.email}
          </a>
          {identity.phone ? (
            <>
              {' '}
              or call{' '}
              <a href={`tel:${identity.phone.replace(/[^\d+]/g, '')}`} className="text-link">
                {identity.phone}
              </a>
            </>
          ) : null}
          .
        </p>
        <SocialLinks className="mt-6" />
      </div>
      <div className="card p-6 sm:p-8">
        <ContactForm postedResult={postedResult} />
      </div>
    </section>
  )
}
