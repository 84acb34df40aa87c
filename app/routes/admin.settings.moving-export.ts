import { getDb } from '#app/db/db.server.ts'
import { answerSiteFileDownload } from '#app/features/moving/moving-action.server.ts'

/** GET /admin/settings/moving/export: the site's words, settings and menu as one JSON file. */
export async function loader() {
  return answerSiteFileDownload(getDb())
}
