import { getEnv } from '#app/config/env.server.ts'
import { sitemapXml } from '#app/content/sitemap.ts'
import { getDb } from '#app/db/db.server.ts'
import { listDrops } from '#app/features/drops/drop-list.server.ts'

export async function loader() {
  const drops = await listDrops(getDb(), new Date())
  return new Response(
    sitemapXml(
      getEnv().SITE_URL,
      drops.map((drop) => drop.slug),
    ),
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  )
}
