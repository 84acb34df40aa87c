import { expect, test } from 'vitest'
import { bakeryMarkSvg, sharedPicturesOf, siteIconOf } from './built-in-pictures.ts'
import { SEED_WORDS } from './site-words.ts'

const plain = { ...SEED_WORDS.pictures, builtIn: 'plain' as const }
const SITE = 'https://bakery.example'

test('her bakery’s mark is its initial, escaped; before it has a name, no letter at all', () => {
  expect(bakeryMarkSvg('Maya’s Kitchen')).toMatch(/<text[^>]*>M<\/text>/)
  expect(bakeryMarkSvg('The Crumb Bakery')).toMatch(/<text[^>]*>C<\/text>/)
  expect(bakeryMarkSvg('<script>')).not.toContain('<script')
  expect(bakeryMarkSvg('')).not.toContain('<text')
  expect(bakeryMarkSvg('&')).toContain('&amp;')
})

test('the browser tab shows her logo, else the demo’s icon on the demo’s site, else her mark', () => {
  expect(siteIconOf(SEED_WORDS.pictures, 'Butter & Bloom Bakery').href).toBe('/favicon.svg')
  const mark = siteIconOf(plain, 'Maya’s Kitchen')
  expect(mark.type).toBe('image/svg+xml')
  expect(decodeURIComponent(mark.href)).toBe(
    `data:image/svg+xml,${bakeryMarkSvg('Maya’s Kitchen')}`,
  )
  const variant = (width: number) => ({
    format: 'jpeg' as const,
    width,
    height: width,
    src: `/media/site/logo-${width}.jpg`,
  })
  const logo = {
    alt: '',
    upload: { width: 512, height: 512, variants: [variant(512), variant(96)], uploadedAt: '' },
  }
  expect(siteIconOf({ ...plain, logo }, 'Maya’s Kitchen')).toEqual({
    href: '/media/site/logo-96.jpg',
    type: 'image/jpeg',
  })
  expect(sharedPicturesOf({ ...plain, logo }, SEED_WORDS.identity, SITE).logo).toBe(
    `${SITE}/media/site/logo-512.jpg`,
  )
})

test('a plain bakery names no logo to search engines until she uploads one', () => {
  expect(sharedPicturesOf(plain, SEED_WORDS.identity, SITE).logo).toBeNull()
  expect(sharedPicturesOf(SEED_WORDS.pictures, SEED_WORDS.identity, SITE).logo).toBe(
    `${SITE}/images/logo.svg`,
  )
})
