import { Suspense } from 'react'
import { Await } from 'react-router'
import { pageMeta } from '#app/components/page-meta.ts'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { getDb } from '#app/db/db.server.ts'
import { adminContext } from '#app/features/auth/require-admin.server.ts'
import type { GalleryPage } from '#app/features/gallery/gallery-image.ts'
import { shownCountFrom } from '#app/features/gallery/gallery-paging.ts'
import { selectedTagsFrom } from '#app/features/gallery/gallery-tags.ts'
import { GalleryView } from '#app/features/gallery/gallery-view.tsx'
import { listGalleryPage } from '#app/features/gallery/gallery.server.ts'
import type { Route } from './+types/gallery'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'gallery', path: '/gallery', matches })

export function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url)
  // Not awaited: the page's shell never waits for the photos (see
  // docs/decisions/007 for when they stream in behind 'Loading gallery...').
  const gallery = listGalleryPage(getDb(), {
    selected: selectedTagsFrom(searchParams),
    limit: shownCountFrom(searchParams),
  }).catch((error: unknown): GalleryPage => {
    // As in the spec, a failed load shows an empty gallery; the log says why.
    console.error('gallery: could not list images', error)
    return { images: [], matching: 0, total: 0, tags: [] }
  })
  return { gallery, signedIn: context.get(adminContext) !== null }
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { words } = useSiteWords()
  return (
    <section className="page-section">
      <p className="eyebrow">Fresh from the oven</p>
      <h1 className="page-heading mt-2">{words.galleryHeading}</h1>
      {words.galleryIntro ? <p className="lede mt-4 max-w-2xl">{words.galleryIntro}</p> : null}
      <Suspense fallback={<p className="lede mt-8">Loading gallery...</p>}>
        <Await resolve={loaderData.gallery}>
          {(gallery) => <GalleryView gallery={gallery} signedIn={loaderData.signedIn} />}
        </Await>
      </Suspense>
    </section>
  )
}
