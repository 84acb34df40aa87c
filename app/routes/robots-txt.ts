import { getEnv } from '#app/config/env.server.ts'
import { robotsTxt } from '#app/content/sitemap.ts'

export function loader() {
  return new Response(robotsTxt(getEnv().SITE_URL), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
    },
  })
}
