import { localSettings } from '#app/utils/local-settings.ts'

/** 'About Us' → 'About Us | Butter & Bloom Bakery', with her bakery's name (Settings › Your site). */
export function pageTitle(page: string, brandTitle: string): string {
  return `${page} | ${brandTitle}`
}

/**
 * The first `count` sentences of a text followed by an ellipsis, for teasers
 * such as the Home page's 'Our Story'. The sentence's own closing full stop
 * gives way to the ellipsis so it never reads '....'.
 */
export function previewSentences(text: string, count: number): string {
  const segmenter = new Intl.Segmenter(localSettings().locale, { granularity: 'sentence' })
  const sentences = Array.from(segmenter.segment(text), ({ segment }) => segment.trim()).filter(
    Boolean,
  )
  if (sentences.length <= count) return sentences.join(' ')
  const preview = sentences.slice(0, count).join(' ')
  return `${preview.replace(/[.!?…]+$/, '')}...`
}
