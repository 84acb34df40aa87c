import { pageMeta } from '#app/components/page-meta.ts'
import { SocialLinks } from '#app/components/social-links.tsx'
import { site } from '#app/content/site.ts'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: site.pages.contact, path: '/contact', matches })

export default function Contact() {
  return (
    <section className="page-section max-w-3xl">
      <p className="eyebrow">Say hello</p>
      <h1 className="page-heading mt-2">Have Questions?</h1>
      <p className="lede mt-4">
        Write to{' '}
        <a href={`mailto:${site.email}`} className="text-link">
          {site.email}
        </a>{' '}
        and {site.ownerName.split(' ')[0]} will get back to you, usually within a day.
      </p>
      <SocialLinks className="mt-6" />
    </section>
  )
}
