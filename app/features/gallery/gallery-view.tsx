import type { RefObject } from 'react'
import { preload } from 'react-dom'
import { Link, useSearchParams } from 'react-router'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { GalleryDialogs } from './gallery-dialogs.tsx'
import { type GalleryImage, type GalleryPage, srcSetFor } from './gallery-image.ts'
import { showMoreSearch, shownCountFrom } from './gallery-paging.ts'
import { GRID_SIZES, coverSizes } from './gallery-sizes.ts'
import { selectedTagsFrom } from './gallery-tags.ts'
import { PhotoGrid } from './photo-grid.tsx'
import { TagFilters } from './tag-filters.tsx'
import { type Notice, useGalleryDialogs } from './use-gallery-dialogs.ts'
import { useGalleryFocus } from './use-gallery-focus.ts'

/**
 * The gallery's photos under their tag filters, a page at a time, and, for
 * the signed-in owner, the buttons and dialogs that add, edit and delete them.
 */
export function GalleryView({ gallery, signedIn }: { gallery: GalleryPage; signedIn: boolean }) {
  const [searchParams] = useSearchParams()
  const focus = useGalleryFocus(gallery)
  const dialogs = useGalleryDialogs(focus)

  const { images: visible, matching, total, tags } = gallery
  const selected = selectedTagsFrom(searchParams)
  const pageEnd = shownCountFrom(searchParams)
  preloadFirstPhoto(visible[0])

  return (
    <>
      {signedIn ? (
        <UploadButton
          buttonRef={focus.uploadButtonRef}
          first={total === 0}
          onClick={dialogs.startUpload}
        />
      ) : null}
      <GalleryNotice notice={dialogs.notice} />

      {total === 0 ? (
        <EmptyGallery />
      ) : (
        <>
          <TagFilters tags={tags} selected={selected} />
          {visible.length === 0 ? (
            <p className="lede mt-8">No images have these tags yet.</p>
          ) : (
            <PhotoGrid
              images={visible}
              gridRef={focus.gridRef}
              signedIn={signedIn}
              onOpen={dialogs.showPhoto}
              onDelete={dialogs.askToDelete}
            />
          )}
          {matching > visible.length ? (
            <div className="mt-10 flex justify-center">
              <Link
                to={showMoreSearch(searchParams, pageEnd)}
                preventScrollReset
                replace
                className="button-secondary"
                // Clicked before React runs, it waits for it: the page then stays in
                // place and the keyboard carries on from the first new photo.
                data-replay-click=""
                onClick={() => focus.focusAfterReload({ index: pageEnd, afterDelete: false })}
              >
                Show more photos
              </Link>
            </div>
          ) : null}
        </>
      )}

      <GalleryDialogs images={visible} tags={tags} signedIn={signedIn} dialogs={dialogs} />
    </>
  )
}

/**
 * The first photo is the page's largest paint: ask for it from the head,
 * alongside the fonts and scripts, not once the grid's HTML is parsed.
 */
function preloadFirstPhoto(first: GalleryImage | undefined) {
  if (!first) return
  preload(first.src, {
    as: 'image',
    type: 'image/avif',
    imageSrcSet: srcSetFor(first, 'avif'),
    // The tile's own sizes, or the preload and the tile would fetch two files.
    imageSizes: coverSizes(GRID_SIZES, first.width, first.height),
    fetchPriority: 'high',
  })
}

/** The owner's way to add photos; the keyboard lands here when the last photo is deleted. */
function UploadButton({
  buttonRef,
  first,
  onClick,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>
  /** The gallery is empty: this is her first photo. */
  first: boolean
  onClick: () => void
}) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-4">
      <button ref={buttonRef} type="button" className="button-primary" onClick={onClick}>
        {first ? 'Upload Your First Image' : 'Add New Image'}
      </button>
    </div>
  )
}

/** What the page last said about a change; an empty status line until then, for screen readers. */
function GalleryNotice({ notice }: { notice: Notice | null }) {
  return (
    <p
      role="status"
      className={
        notice
          ? `gallery-notice ${notice.tone === 'success' ? 'status-success' : 'status-error'}`
          : 'sr-only'
      }
    >
      {notice?.text}
    </p>
  )
}

function EmptyGallery() {
  // Her Instagram, as she wrote it in Settings › Your site (none hides the link).
  const instagram = useSiteWords().identity.social.instagram
  return (
    <p className="lede mt-8">
      No images in the gallery yet.
      {instagram.url ? (
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
  )
}
