import { useEffect, useRef } from 'react'
import type { GalleryPage } from './gallery-image.ts'

/** Where the keyboard goes once the new grid is in: a photo's place, and why it moves. */
interface FocusTarget {
  index: number
  afterDelete: boolean
}

/**
 * Keyboard focus across the grid's reloads. Once the new grid is in, focus
 * moves on: after 'Show more photos' to the first new photo; after a
 * delete, whose focused button is gone with its photo, to the photo that
 * took its place (or the upload button when none is left).
 */
export function useGalleryFocus(gallery: GalleryPage) {
  const gridRef = useRef<HTMLUListElement>(null)
  const uploadButtonRef = useRef<HTMLButtonElement>(null)
  const focusAfterLoad = useRef<FocusTarget | null>(null)
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
  return {
    gridRef,
    uploadButtonRef,
    /** Where focus goes once the next grid is in. */
    focusAfterReload(target: FocusTarget) {
      focusAfterLoad.current = target
    },
    /** The keyboard goes to the photo at a place in the grid now shown. */
    focusPhoto(index: number) {
      gridRef.current?.querySelectorAll<HTMLElement>('.gallery-link')[index]?.focus()
    },
  }
}

export type GalleryFocus = ReturnType<typeof useGalleryFocus>
