import { expect, test } from 'vitest'
import {
  describeImage,
  filterByTags,
  isValidTag,
  normalizeTag,
  orderTags,
  selectedTagsFrom,
  tagLabel,
  tagsInUse,
  toggleTag,
} from './gallery-tags.ts'

const images = [
  { id: 1, tags: ['cake', 'birthday'] },
  { id: 2, tags: ['cupcakes', 'vanilla'] },
  { id: 3, tags: ['wedding', 'cake'] },
  { id: 4, tags: ['macarons'] },
]

test('the filter buttons list the default tags in the owner’s order, then the rest A–Z', () => {
  expect(orderTags(['zesty', 'wedding', 'apple pie', 'cake', 'birthday'])).toEqual([
    'cake',
    'birthday',
    'wedding',
    'apple pie',
    'zesty',
  ])
  expect(tagsInUse(images)).toEqual([
    'cake',
    'birthday',
    'vanilla',
    'cupcakes',
    'wedding',
    'macarons',
  ])
})

test('an image shows when it has any selected tag, and every image shows with none selected', () => {
  expect(filterByTags(images, []).map((i) => i.id)).toEqual([1, 2, 3, 4])
  expect(filterByTags(images, ['cake']).map((i) => i.id)).toEqual([1, 3])
  expect(filterByTags(images, ['birthday', 'macarons']).map((i) => i.id)).toEqual([1, 4])
  expect(filterByTags(images, ['anniversary'])).toEqual([])
})

test('pressing a tag toggles it in the selection', () => {
  expect(toggleTag([], 'cake')).toEqual(['cake'])
  expect(toggleTag(['cake', 'birthday'], 'cake')).toEqual(['birthday'])
})

test('the selection is read from repeated tag parameters in the URL', () => {
  expect(selectedTagsFrom(new URLSearchParams('tag=cake&tag=Birthday&tag=cake&tag='))).toEqual([
    'cake',
    'birthday',
  ])
})

test('a new tag is trimmed and lower-cased, and only sensible words are tags', () => {
  expect(normalizeTag('  Lemon   Drizzle ')).toBe('lemon drizzle')
  expect(isValidTag('cake-pops')).toBe(true)
  expect(isValidTag('crème brûlée')).toBe(true)
  expect(isValidTag('')).toBe(false)
  expect(isValidTag('<script>')).toBe(false)
  expect(isValidTag('x'.repeat(31))).toBe(false)
})

test('alt text reads as a sentence built from the tags', () => {
  expect(describeImage(['cake', 'birthday', 'cake-pops'], 'Crumb & Co')).toBe(
    'Cake, birthday and cake pops bake by Crumb & Co',
  )
  expect(describeImage(['wedding'], 'Crumb & Co')).toBe('Wedding bake by Crumb & Co')
})

test('tags read as words, while the tag itself stays as stored', () => {
  expect(tagLabel('cake-pops')).toBe('Cake pops')
  expect(tagLabel('birthday')).toBe('Birthday')
  expect(tagLabel('garden party')).toBe('Garden party')
  expect(tagLabel('3-tier')).toBe('3 tier')
  expect(describeImage(['cake-pops', 'birthday'], 'Crumb & Co')).toBe(
    'Cake pops and birthday bake by Crumb & Co',
  )
})
