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

export function sitemapXml(siteUrl: string): string {
  const urls = publicPaths.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`).join('\n')
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
