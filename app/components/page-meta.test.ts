import { expect, test } from 'vitest'
import { SEED_WORDS, toPublicWords } from '#app/content/site-words.ts'
import { pageMeta } from './page-meta.ts'

function metaWith(change: (words: typeof SEED_WORDS) => typeof SEED_WORDS) {
  const words = toPublicWords(change(SEED_WORDS), '2026-11-29')
  const matches = [
    { id: 'root', loaderData: { siteUrl: 'https://bakery.example', menu: [], words } },
  ]
  const tags = pageMeta({ page: 'home', path: '/', matches })
  return (property: string) => {
    const tag = tags.find((each) => 'property' in each && each.property === property)
    return tag && 'content' in tag ? tag.content : undefined
  }
}

test('og:locale follows her locale setting', () => {
  const inNewZealand = metaWith((words) => ({
    ...words,
    local: { timeZone: 'Pacific/Auckland', currency: 'NZD', locale: 'en-NZ' },
  }))
  expect(inNewZealand('og:locale')).toBe('en_NZ')
  expect(metaWith((words) => words)('og:locale')).toBe('en_CA')
  const inFrench = metaWith((words) => ({ ...words, local: { ...words.local, locale: 'fr-CA' } }))
  expect(inFrench('og:locale')).toBe('fr_CA')
})

test('a shared link shows the demo’s card only on the demo’s site; a plain bakery’s card names nobody', () => {
  const demo = metaWith((words) => words)
  expect(demo('og:image')).toBe('https://bakery.example/images/og-image.png')
  const plain = metaWith((words) => ({
    ...words,
    identity: { ...words.identity, name: 'Crumb & Co' },
    pictures: { ...words.pictures, builtIn: 'plain' },
  }))
  expect(plain('og:image')).toBe('https://bakery.example/images/og-card.png')
  expect(plain('og:image:alt')).not.toContain('Crumb')
  expect(plain('og:site_name')).toBe('Crumb & Co')
})
