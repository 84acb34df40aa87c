import { expect, test } from 'vitest'
import { PHOTOS_PER_PAGE, showMoreSearch, shownCountFrom } from './gallery-paging.ts'

test('the grid shows one page of photos unless the address asks for more', () => {
  expect(shownCountFrom(new URLSearchParams())).toBe(PHOTOS_PER_PAGE)
  expect(shownCountFrom(new URLSearchParams('show=48'))).toBe(48)
  expect(shownCountFrom(new URLSearchParams('show=30'))).toBe(48)
  for (const odd of ['show=-5', 'show=lots', 'show=1e400', 'show=3']) {
    expect(shownCountFrom(new URLSearchParams(odd))).toBe(PHOTOS_PER_PAGE)
  }
})

test('showing more keeps the chosen tags', () => {
  expect(showMoreSearch(new URLSearchParams('tag=cake&tag=birthday'), 24)).toBe(
    '?tag=cake&tag=birthday&show=48',
  )
  expect(showMoreSearch(new URLSearchParams('tag=cake&show=48'), 48)).toBe('?tag=cake&show=72')
})
