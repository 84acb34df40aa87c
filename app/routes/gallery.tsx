import { Suspense } from 'react'
import { Await, type ShouldRevalidateFunctionArgs } from 'react-router'
import { pageMeta } from '#app/components/page-meta.ts'
import { site } from '#app/content/site.ts'
import { getDb } from '#app/db/db.server.ts'
import { GalleryView } from '#app/features/gallery/gallery-view.tsx'
import { listGalleryImages } from '#app/features/gallery/gallery.server.ts'
import type { Route } from './+types/gallery'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: site.pages.gallery, path: '/gallery', matches })

export function loader({ context }: Route.LoaderArgs) {
  // Not awaited: the page's shell streams at once and the photos follow.
  const images = listGalleryImages(getDb()).catch((error: unknown) => {
    // As in the spec, a failed load shows an empty gallery; the log says why.
    console.error('gallery: could not list images', error)
    return []
  })
  return { images, signedIn: context.admin !== null }
}

/** Choosing tags filters the photos already here; uploads and deletes reload them. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // The tag buttons are GET forms, so their navigations arrive as GET submissions.
  const onlyTagsChanged =
    (formMethod === undefined || formMethod === 'GET') &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  return onlyTagsChanged ? false : defaultShouldRevalidate
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page-section max-w-7xl">
      <p className="eyebrow">Fresh from the oven</p>
      <h1 className="page-heading mt-2">{site.galleryHeading}</h1>
      <p className="lede mt-4 max-w-2xl">{site.galleryIntro}</p>
      <Suspense fallback={<p className="lede mt-8">Loading gallery...</p>}>
        <Await resolve={loaderData.images}>
          {(images) => <GalleryView images={images} signedIn={loaderData.signedIn} />}
        </Await>
      </Suspense>
    </section>
  )
}
