import type { MetaDescriptor } from 'react-router'
import { pageTitle } from '#app/content/format.ts'
import type { PageCopy } from '#app/content/site.ts'
import { site } from '#app/content/site.ts'

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
  page,
  path,
  matches,
}: {
  page: PageCopy
  path: string
  matches: ReadonlyArray<MatchWithData | undefined>
}): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches)
  const url = `${siteUrl}${path}`
  const title = pageTitle(page.title)
  const image = `${siteUrl}/images/og-image.png`
  return [
    { title },
    { name: 'description', content: page.description },
    { name: 'keywords', content: page.keywords.join(', ') },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.brandTitle },
    { property: 'og:locale', content: 'en_CA' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: `${site.brandTitle}: ${site.tagline}` },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ]
}
