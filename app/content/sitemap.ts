/** The public pages search engines should list, in the order of the navigation. */
export const publicPaths = [
  '/',
  '/about',
  '/ordernow',
  '/gallery',
  '/contact',
  '/faq',
  '/policies',
] as const

/**
 * The sitemap: the public pages, then the drops' list and each drop a
 * visitor can still order from or look forward to (`dropSlugs`).
 */
export function sitemapXml(siteUrl: string, dropSlugs: readonly string[] = []): string {
  const paths = [
    ...publicPaths,
    '/drops',
    ...dropSlugs.map((slug) => `/drops/${encodeURIComponent(slug)}`),
  ]
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /api/

Sitemap: ${siteUrl}/sitemap.xml
`
}

/** Text in an XML element: the five characters XML reserves, escaped. */
function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (mark) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[mark]!,
  )
}
