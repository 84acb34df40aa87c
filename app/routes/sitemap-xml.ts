import { getEnv } from '#app/config/env.server.ts'
import { sitemapXml } from '#app/content/sitemap.ts'

export function loader() {
  return new Response(sitemapXml(getEnv().SITE_URL), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
    },
  })
}
