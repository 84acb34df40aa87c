import type { MetaDescriptor } from 'react-router'
import { pageTitle } from '#app/content/format.ts'
import { pageCopyFor } from '#app/content/site-words.ts'
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
  const { identity } = siteWordsFrom(matches)
  const page = typeof which === 'string' ? pageCopyFor(which, identity) : which
  const url = `${siteUrl}${path}`
  const title = pageTitle(page.title, identity.name)
  const image = `${siteUrl}/images/og-image.png`
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
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: `${identity.name}: ${identity.tagline}` },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ]
}
