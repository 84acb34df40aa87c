import { type PointerEvent, useRef } from 'react'
import { useModalDialog } from '#app/components/modal-dialog.ts'
import { useSiteWords } from '#app/components/use-site-words.ts'
import type { GalleryImage } from './gallery-image.ts'
import { GalleryPicture } from './gallery-picture.tsx'
import { LIGHTBOX_SIZES } from './gallery-sizes.ts'
import { altOf, tagLabel } from './gallery-tags.ts'

/** A horizontal drag longer than this (CSS px) turns the page on a phone. */
const SWIPE_DISTANCE = 50

/**
 * The larger view of one photo: a native modal <dialog>, so focus stays in
 * it and Escape closes it. Previous and next wrap around; the arrow keys and
 * a swipe do the same as the buttons.
 */
export function GalleryLightbox({
  images,
  index,
  onIndexChange,
  onClose,
  onEdit,
}: {
  images: GalleryImage[]
  index: number
  onIndexChange: (index: number) => void
  onClose: () => void
  /** The signed-in owner's way to change this photo's words and tags; absent for visitors. */
  onEdit?: (image: GalleryImage) => void
}) {
  const { close, dialogProps } = useModalDialog({ onClosed: onClose })
  const image = images[index]!
  const { identity } = useSiteWords()
  const alt = altOf(image, identity.name)
  const many = images.length > 1

  const step = (by: number) => onIndexChange((index + by + images.length) % images.length)
  const swipe = useSwipe((by) => {
    if (many) step(by)
  })

  return (
    // The arrow keys are a convenience on top of the previous/next buttons.
    <dialog
      {...dialogProps}
      className="lightbox"
      aria-label={`Photo ${index + 1} of ${images.length}: ${alt}`}
      onKeyDown={(event) => {
        if (!many) return
        if (event.key === 'ArrowRight') step(1)
        else if (event.key === 'ArrowLeft') step(-1)
      }}
    >
      <LightboxFigure image={image} alt={alt} index={index} count={images.length} swipe={swipe} />
      <button type="button" className="lightbox-close" onClick={close} aria-label="Close">
        <span aria-hidden="true">×</span>
      </button>
      {onEdit ? (
        <button
          type="button"
          className="lightbox-edit"
          aria-label="Edit this photo"
          onClick={() => onEdit(image)}
        >
          Edit
        </button>
      ) : null}
      {many ? <StepButtons step={step} /> : null}
    </dialog>
  )
}

/**
 * A horizontal swipe by touch or pen: `onStep(1)` for the next photo (a
 * drag to the left), `onStep(-1)` for the previous. A mouse does not swipe.
 */
function useSwipe(onStep: (by: number) => void) {
  const swipeStart = useRef<{ x: number; y: number } | null>(null)
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse') return
      swipeStart.current = { x: event.clientX, y: event.clientY }
    },
    onPointerUp(event: PointerEvent) {
      const start = swipeStart.current
      swipeStart.current = null
      if (!start) return
      const dx = event.clientX - start.x
      const dy = event.clientY - start.y
      if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy) * 1.5) {
        onStep(dx < 0 ? 1 : -1)
      }
    },
    onPointerCancel: () => (swipeStart.current = null),
  }
}

/** The photo with its caption, tags and place in the gallery; swiping it turns the page. */
function LightboxFigure({
  image,
  alt,
  index,
  count,
  swipe,
}: {
  image: GalleryImage
  alt: string
  index: number
  count: number
  swipe: ReturnType<typeof useSwipe>
}) {
  return (
    <figure
      className="lightbox-figure"
      onPointerDown={swipe.onPointerDown}
      onPointerUp={swipe.onPointerUp}
      onPointerCancel={swipe.onPointerCancel}
    >
      <GalleryPicture
        key={image.id}
        image={image}
        alt={alt}
        sizes={LIGHTBOX_SIZES}
        eager
        priority="high"
        className="lightbox-image"
      />
      <figcaption className="lightbox-caption">
        <span className="lightbox-words">
          {image.caption ? <p>{image.caption}</p> : null}
          <p>{image.tags.map(tagLabel).join(' · ')}</p>
        </span>
        <span aria-hidden="true">
          {index + 1} / {count}
        </span>
      </figcaption>
    </figure>
  )
}

/** Previous and next, wrapping around. */
function StepButtons({ step }: { step: (by: number) => void }) {
  return (
    <>
      <button
        type="button"
        className="lightbox-step lightbox-previous"
        onClick={() => step(-1)}
        aria-label="Previous image"
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="lightbox-step lightbox-next"
        onClick={() => step(1)}
        aria-label="Next image"
      >
        <span aria-hidden="true">›</span>
      </button>
    </>
  )
}
