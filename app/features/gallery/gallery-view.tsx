import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { preload } from 'react-dom'
import { Link, useRevalidator, useSearchParams } from 'react-router'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { type GalleryImage, type GalleryPage, srcSetFor } from './gallery-image.ts'
import { showMoreSearch, shownCountFrom } from './gallery-paging.ts'
import { GalleryPicture } from './gallery-picture.tsx'
import { GRID_SIZES, coverSizes } from './gallery-sizes.ts'
import { altOf, selectedTagsFrom } from './gallery-tags.ts'
import { TagFilters } from './tag-filters.tsx'

// Both load on first use: visitors who only browse never download them.
const GalleryLightbox = lazy(() =>
  import('./gallery-lightbox.tsx').then(({ GalleryLightbox }) => ({ default: GalleryLightbox })),
)
const UploadDialog = lazy(() =>
  import('./upload-dialog.tsx').then(({ UploadDialog }) => ({ default: UploadDialog })),
)
const EditDialog = lazy(() =>
  import('./edit-dialog.tsx').then(({ EditDialog }) => ({ default: EditDialog })),
)
const DeleteDialog = lazy(() =>
  import('./delete-dialog.tsx').then(({ DeleteDialog }) => ({ default: DeleteDialog })),
)

/** The first row on a wide screen (two on a phone) loads at once; the rest as they near the screen. */
const EAGER_COUNT = 4

interface Notice {
  tone: 'success' | 'error'
  text: string
}

export function GalleryView({ gallery, signedIn }: { gallery: GalleryPage; signedIn: boolean }) {
  const [searchParams] = useSearchParams()
  const revalidator = useRevalidator()
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const [uploading, setUploading] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const { identity } = useSiteWords()
  const [confirming, setConfirming] = useState<{ image: GalleryImage; index: number } | null>(null)
  const [editing, setEditing] = useState<{ image: GalleryImage; index: number } | null>(null)
  const gridRef = useRef<HTMLUListElement>(null)
  const uploadButtonRef = useRef<HTMLButtonElement>(null)

  const { images: visible, matching, total, tags } = gallery
  const selected = selectedTagsFrom(searchParams)
  const pageEnd = shownCountFrom(searchParams)

  // The first photo is the page's largest paint: ask for it from the head,
  // alongside the fonts and scripts, not once the grid's HTML is parsed.
  const first = visible[0]
  if (first) {
    preload(first.src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSetFor(first, 'avif'),
      // The tile's own sizes, or the preload and the tile would fetch two files.
      imageSizes: coverSizes(GRID_SIZES, first.width, first.height),
      fetchPriority: 'high',
    })
  }

  // Once the new grid is in, keyboard focus moves on: after 'Show more
  // photos' to the first new photo; after a delete, whose focused button is
  // gone with its photo, to the photo that took its place (or the upload
  // button when none is left).
  const focusAfterLoad = useRef<{ index: number; afterDelete: boolean } | null>(null)
  useEffect(() => {
    const target = focusAfterLoad.current
    if (target === null) return
    focusAfterLoad.current = null
    const links = gridRef.current?.querySelectorAll<HTMLElement>('.gallery-link')
    const next = target.afterDelete
      ? (links?.[Math.min(target.index, links.length - 1)] ?? uploadButtonRef.current)
      : links?.[target.index]
    next?.focus()
  }, [gallery])

  async function deleteImage(image: GalleryImage, index: number) {
    setNotice(null)
    try {
      const response = await fetch(`/api/gallery/${image.id}`, { method: 'DELETE' })
      if (!response.ok) throw new Error(`delete answered ${response.status}`)
    } catch {
      setNotice({ tone: 'error', text: 'Error deleting image. Please try again.' })
      return
    }
    setNotice({ tone: 'success', text: 'Image deleted successfully!' })
    focusAfterLoad.current = { index, afterDelete: true }
    await reload()
  }

  /** The edit is closed: the keyboard goes back to the photo it was about. */
  function afterEdit(index: number) {
    setEditing(null)
    gridRef.current?.querySelectorAll<HTMLElement>('.gallery-link')[index]?.focus()
  }

  /** The page's data again; a failure leaves what is shown, which is still right. */
  async function reload() {
    await revalidator.revalidate().catch((error: unknown) => console.warn(error))
  }

  return (
    <>
      {signedIn ? (
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <button
            ref={uploadButtonRef}
            type="button"
            className="button-primary"
            onClick={() => setUploading(true)}
          >
            {total === 0 ? 'Upload Your First Image' : 'Add New Image'}
          </button>
        </div>
      ) : null}
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

      {total === 0 ? (
        <EmptyGallery />
      ) : (
        <>
          <TagFilters tags={tags} selected={selected} />
          {visible.length === 0 ? (
            <p className="lede mt-8">No images have these tags yet.</p>
          ) : (
            <ul ref={gridRef} className="gallery-grid mt-8" aria-label="Photos">
              {visible.map((image, index) => {
                const alt = altOf(image, identity.name)
                return (
                  <li key={image.id} className="gallery-item">
                    <a
                      href={image.src}
                      className="gallery-link"
                      // Clicked before React runs, it still opens the larger view.
                      data-replay-click=""
                      onClick={(event) => {
                        // A plain click opens the larger view here; a middle or
                        // modified click still opens the photo in a new tab.
                        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
                          return
                        event.preventDefault()
                        setOpenIndex(index)
                      }}
                    >
                      <GalleryPicture
                        image={image}
                        alt={alt}
                        sizes={coverSizes(GRID_SIZES, image.width, image.height)}
                        eager={index < EAGER_COUNT}
                        // The first photo is the page's largest paint; its
                        // neighbours wait for it rather than split the bandwidth.
                        priority={index === 0 ? 'high' : 'low'}
                        className="gallery-image"
                      />
                    </a>
                    {signedIn ? (
                      <button
                        type="button"
                        className="gallery-delete"
                        aria-label={`Delete image: ${alt}`}
                        onClick={() => setConfirming({ image, index })}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    ) : null}
                  </li>
                )
              })}
            </ul>
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
                onClick={() => (focusAfterLoad.current = { index: pageEnd, afterDelete: false })}
              >
                Show more photos
              </Link>
            </div>
          ) : null}
        </>
      )}

      {openIndex !== null && visible.length > 0 ? (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={visible}
            index={Math.min(openIndex, visible.length - 1)}
            onIndexChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
            onEdit={
              signedIn
                ? (image) => {
                    // The larger view gives way to the edit: one dialog at a time.
                    setEditing({ image, index: visible.indexOf(image) })
                    setOpenIndex(null)
                  }
                : undefined
            }
          />
        </Suspense>
      ) : null}

      {confirming ? (
        <Suspense fallback={null}>
          <DeleteDialog
            image={confirming.image}
            alt={altOf(confirming.image, identity.name)}
            onCancel={() => setConfirming(null)}
            onDelete={() => {
              setConfirming(null)
              void deleteImage(confirming.image, confirming.index)
            }}
          />
        </Suspense>
      ) : null}

      {editing ? (
        <Suspense fallback={null}>
          <EditDialog
            image={editing.image}
            tagsInUse={tags}
            onClose={() => afterEdit(editing.index)}
            onSaved={(image) => {
              setNotice({ tone: 'success', text: `Photo saved: “${image.alt}”` })
              afterEdit(editing.index)
              void reload()
            }}
          />
        </Suspense>
      ) : null}

      {uploading ? (
        <Suspense fallback={null}>
          <UploadDialog
            tagsInUse={tags}
            onClose={() => setUploading(false)}
            // Each photo shows in the grid as soon as it is in.
            onAdded={() => void reload()}
            onFinished={(images) => {
              setUploading(false)
              setNotice({
                tone: 'success',
                text:
                  images.length === 1
                    ? `Image uploaded successfully! Compressed by ${images[0]!.compressionRatio}%`
                    : `${images.length} photos added to the gallery.`,
              })
            }}
          />
        </Suspense>
      ) : null}
    </>
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
