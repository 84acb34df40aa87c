import { expect, test } from 'vitest'
import { pageTitle, previewSentences } from './format.ts'
import { site } from './site.ts'

test('page titles read "Page | brand title"', () => {
  expect(pageTitle('About Us', site.brandTitle)).toBe('About Us | Butter & Bloom Bakery')
  expect(pageTitle('404', 'Crumbs')).toBe('404 | Crumbs')
})

test('the story preview keeps the first two sentences and ends with an ellipsis', () => {
  const text = 'We bake cakes. We love it! Then we eat them? Always.'
  expect(previewSentences(text, 2)).toBe('We bake cakes. We love it...')
})

test('the story preview does not split sentences at commas or mid-sentence numbers', () => {
  const text = 'Founded in 2020, in Toronto, we bake 3.5 kg cakes. Really big ones. The end.'
  expect(previewSentences(text, 2)).toBe(
    'Founded in 2020, in Toronto, we bake 3.5 kg cakes. Really big ones...',
  )
})

test('a text of two sentences or fewer is shown whole, without an ellipsis', () => {
  expect(previewSentences('Just one sentence.', 2)).toBe('Just one sentence.')
  expect(previewSentences('One. Two.', 2)).toBe('One. Two.')
})

test('the Home preview of the real founder story is its opening paragraph of two sentences', () => {
  const [firstParagraph] = site.aboutText
  expect(previewSentences(site.aboutText.join(' '), 2)).toBe(
    `${firstParagraph!.replace(/\.$/, '')}...`,
  )
})
