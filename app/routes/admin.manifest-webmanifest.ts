import { getDb } from '#app/db/db.server.ts'
import { manifestResponse } from '#app/features/owner-alerts/owner-app.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'

/** The owner's app's manifest: open, as browsers fetch it without cookies. */
export async function loader() {
  const { name } = await readSiteSection(getDb(), 'identity')
  return manifestResponse(name)
}
