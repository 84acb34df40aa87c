import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { SEED_WORDS } from '#app/content/site-words.ts'
import { bakeryJsonLd, serializeJsonLd } from '#app/content/structured-data.ts'
import { ShownReviews } from './shown-reviews.tsx'

const SITE = 'https://butterandbloom.example'
const PICTURES = { logo: null, image: `${SITE}/images/og-image.png` }

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror="alert(2)"> & “best”'

test('a hostile review renders as its words, never as markup, on the page and in the structured data', () => {
  const shown = {
    reviews: [{ id: 1, rating: 5, words: HOSTILE, displayName: '<b>Mallory</b>' }],
    aggregate: { count: 1, average: 5 },
  }
  const html = renderToStaticMarkup(<ShownReviews {...shown} />)
  expect(html).not.toContain('<script')
  expect(html).not.toContain('<img')
  expect(html).not.toContain('<b>')
  expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
  expect(html).toContain('&lt;b&gt;Mallory&lt;/b&gt;')
  // The stars read as words too.
  expect(html).toContain('5 out of 5 stars')

  const json = serializeJsonLd(
    bakeryJsonLd({ identity: SEED_WORDS.identity, siteUrl: SITE, pictures: PICTURES, shown }),
  )
  expect(json).not.toContain('</script')
  expect(json).not.toContain('<')
  const data = JSON.parse(json) as {
    aggregateRating: unknown
    review: { reviewBody: string; author: { name: string } }[]
  }
  expect(data.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: 5,
    reviewCount: 1,
    bestRating: 5,
    worstRating: 1,
  })
  // Read back, the words are exactly hers.
  expect(data.review[0]!.reviewBody).toBe(HOSTILE)
  expect(data.review[0]!.author.name).toBe('<b>Mallory</b>')
})

test('with no review shown there is no section and no rating in the structured data', () => {
  expect(renderToStaticMarkup(<ShownReviews reviews={[]} aggregate={null} />)).toBe('')
  const data = bakeryJsonLd({
    identity: SEED_WORDS.identity,
    siteUrl: SITE,
    pictures: PICTURES,
    shown: { reviews: [], aggregate: null },
  })
  expect(data).not.toHaveProperty('aggregateRating')
  expect(data).not.toHaveProperty('review')
})
