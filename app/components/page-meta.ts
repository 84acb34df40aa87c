import type { MetaDescriptor } from 'react-router'
import { sharedPicturesOf } from '#app/content/built-in-pictures.ts'
import { pageTitle } from '#app/content/format.ts'
import { type PageKey, pageCopyFor } from '#app/content/page-copy.ts'
import { siteWordsFrom } from './use-site-words.ts'

interface MatchWithData {
  id: string
  loaderData?: unknown
}

function rootDataFrom(matches: ReadonlyArray<MatchWithData | undefined>) {
  return matches.find((match) => match?.id === 'root')?.loaderData as
    { siteUrl?: string; menu?: readonly { name: string }[] } | undefined
}

/** SITE_URL as the root loader handed it to the page. */
export function siteUrlFrom(matches: ReadonlyArray<MatchWithData | undefined>): string {
  return rootDataFrom(matches)?.siteUrl ?? ''
}

/** Her bakery's name as the root loader read it, for an owner page's title. */
export function bakeryNameFrom(matches: ReadonlyArray<MatchWithData | undefined>): string {
  return siteWordsFrom(matches).identity.name
}

/** Open Graph writes a locale as language_TERRITORY: en-NZ is en_NZ, zh-Hant-TW is zh_TW. */
export function openGraphLocale(locale: string): string {
  const { language, region } = new Intl.Locale(locale)
  return region ? `${language}_${region}` : language
}

/**
 * Title, description, keywords, canonical link and social-card tags for a
 * page, in her words (content/page-copy.ts). `path` is the page's canonical
 * path, so /About and /about agree.
 */
export function pageMeta({
  page: which,
  path,
  matches,
}: {
  page: PageKey
  path: string
  matches: ReadonlyArray<MatchWithData | undefined>
}): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches)
  const { identity, pictures, local } = siteWordsFrom(matches)
  const treats = (rootDataFrom(matches)?.menu ?? []).map((treat) => treat.name)
  const page = pageCopyFor(which, { identity, treats })
  const url = `${siteUrl}${path}`
  const title = pageTitle(page.title, identity.name)
  // Her hero when she has uploaded one, else the built-in card.
  const shared = sharedPicturesOf(pictures, identity, siteUrl).image
  return [
    { title },
    { name: 'description', content: page.description },
    { name: 'keywords', content: page.keywords.join(', ') },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: identity.name },
    { property: 'og:locale', content: openGraphLocale(local.locale) },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: shared.url },
    { property: 'og:image:width', content: String(shared.width) },
    { property: 'og:image:height', content: String(shared.height) },
    { property: 'og:image:alt', content: shared.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: shared.url },
  ]
}
