import type { MetaDescriptor } from 'react-router'
import { pageTitle } from '#app/content/format.ts'
import { pageCopyFor, sharedPicturesOf } from '#app/content/site-words.ts'
import type { PageCopy, PageKey } from '#app/content/site.ts'
import { siteWordsFrom } from './use-site-words.ts'

interface MatchWithData {
  id: string
  loaderData?: unknown
}

/** SITE_URL as the root loader handed it to the page. */
export function siteUrlFrom(matches: ReadonlyArray<MatchWithData | undefined>): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    { siteUrl?: string } | undefined
  return root?.siteUrl ?? ''
}

/** Her bakery's name as the root loader read it, for an owner page's title. */
export function bakeryNameFrom(matches: ReadonlyArray<MatchWithData | undefined>): string {
  return siteWordsFrom(matches).identity.name
}

/**
 * Title, description, keywords, canonical link and social-card tags for a
 * page. `path` is the page's canonical path, so /About and /about agree.
 */
export function pageMeta({
  page: which,
  path,
  matches,
}: {
  /** A page of site.ts's (its copy with her name, place and reply time in it), or copy of its own. */
  page: PageKey | PageCopy
  path: string
  matches: ReadonlyArray<MatchWithData | undefined>
}): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches)
  const { identity, pictures } = siteWordsFrom(matches)
  const page = typeof which === 'string' ? pageCopyFor(which, identity) : which
  const url = `${siteUrl}${path}`
  const title = pageTitle(page.title, identity.name)
  // Her hero when she has uploaded one, else the built-in card.
  const shared = sharedPicturesOf(pictures, siteUrl).image ?? {
    url: `${siteUrl}/images/og-image.png`,
    width: 1200,
    height: 630,
    alt: `${identity.name}: ${identity.tagline}`,
  }
  const image = shared.url
  return [
    { title },
    { name: 'description', content: page.description },
    { name: 'keywords', content: page.keywords.join(', ') },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: identity.name },
    { property: 'og:locale', content: 'en_CA' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(shared.width) },
    { property: 'og:image:height', content: String(shared.height) },
    { property: 'og:image:alt', content: shared.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ]
}
