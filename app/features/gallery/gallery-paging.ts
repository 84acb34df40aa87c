/**
 * How many photos the grid shows before 'Show more photos': enough to fill a
 * phone screen several times over, few enough that a gallery of hundreds
 * does not make a phone fetch and lay out hundreds of images at once.
 */
export const PHOTOS_PER_PAGE = 24

/** The number of photos to show, from ?show=48 (always a whole number of pages, at least one). */
export function shownCountFrom(searchParams: URLSearchParams): number {
  const asked = Number(searchParams.get('show'))
  if (!Number.isSafeInteger(asked) || asked <= PHOTOS_PER_PAGE) return PHOTOS_PER_PAGE
  return Math.ceil(asked / PHOTOS_PER_PAGE) * PHOTOS_PER_PAGE
}

/** The address of the next page: the same tags, one page more. */
export function showMoreSearch(searchParams: URLSearchParams, shown: number): string {
  const next = new URLSearchParams(searchParams)
  next.set('show', String(shown + PHOTOS_PER_PAGE))
  return `?${next.toString()}`
}
