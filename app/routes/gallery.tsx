import { pageMeta } from '#app/components/page-meta.ts'
import { site } from '#app/content/site.ts'
import type { Route } from './+types/gallery'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: site.pages.gallery, path: '/gallery', matches })

export default function Gallery() {
  const instagram = site.socialLinks.find((link) => link.network === 'instagram')
  return (
    <section className="page-section max-w-3xl">
      <p className="eyebrow">Fresh from the oven</p>
      <h1 className="page-heading mt-2">{site.galleryHeading}</h1>
      <p className="lede mt-4">
        No images in the gallery yet.
        {instagram ? (
          <>
            {' '}
            Our latest bakes are on{' '}
            <a href={instagram.url} className="text-link" rel="me noopener">
              Instagram
            </a>
            .
          </>
        ) : null}
      </p>
    </section>
  )
}
