import type { RefObject } from 'react'
import { useSiteWords } from '#app/components/use-site-words.ts'
import type { GalleryImage } from './gallery-image.ts'
import { GalleryPicture } from './gallery-picture.tsx'
import { GRID_SIZES, coverSizes } from './gallery-sizes.ts'
import { altOf } from './gallery-tags.ts'
import type { PhotoAt } from './use-gallery-dialogs.ts'

/** The first row on a wide screen (two on a phone) loads at once; the rest as they near the screen. */
const EAGER_COUNT = 4

/** The grid of photos, each opening the larger view, each with its delete button when signed in. */
export function PhotoGrid({
  images,
  gridRef,
  signedIn,
  onOpen,
  onDelete,
}: {
  images: GalleryImage[]
  gridRef: RefObject<HTMLUListElement | null>
  signedIn: boolean
  onOpen: (index: number) => void
  onDelete: (photo: PhotoAt) => void
}) {
  const { identity } = useSiteWords()
  return (
    <ul ref={gridRef} className="gallery-grid mt-8" aria-label="Photos">
      {images.map((image, index) => (
        <PhotoTile
          key={image.id}
          image={image}
          index={index}
          alt={altOf(image, identity.name)}
          signedIn={signedIn}
          onOpen={onOpen}
          onDelete={onDelete}
        />
      ))}
    </ul>
  )
}

function PhotoTile({
  image,
  index,
  alt,
  signedIn,
  onOpen,
  onDelete,
}: {
  image: GalleryImage
  index: number
  alt: string
  signedIn: boolean
  onOpen: (index: number) => void
  onDelete: (photo: PhotoAt) => void
}) {
  return (
    <li className="gallery-item">
      <a
        href={image.src}
        className="gallery-link"
        // Clicked before React runs, it still opens the larger view.
        data-replay-click=""
        onClick={(event) => {
          // A plain click opens the larger view here; a middle or
          // modified click still opens the photo in a new tab.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
          event.preventDefault()
          onOpen(index)
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
          onClick={() => onDelete({ image, index })}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </li>
  )
}
