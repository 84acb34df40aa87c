import { type RefObject, useEffect } from 'react'

/** The hero's overlay strength in percent: 80 at the top, 0.4 less per pixel scrolled. */
export function heroOverlay(scrollY: number): number {
  return Math.max(0, 80 - 0.4 * Math.max(0, scrollY))
}

/**
 * Fades the overlay as the page scrolls. Writes the style directly, once per
 * frame, so scrolling never re-renders React.
 */
export function useHeroOverlay(overlayRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      overlayRef.current?.style.setProperty('opacity', String(heroOverlay(window.scrollY) / 100))
    }
    const onScroll = () => {
      frame ||= requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [overlayRef])
}
