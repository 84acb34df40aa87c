import { data } from 'react-router'
import { getDb } from '#app/db/db.server.ts'
import { answerYearEndPack } from '#app/features/reports/year-end-pack.server.ts'
import { askedReportYear } from '#app/features/reports/year-report.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import type { Route } from './+types/admin.reports-pack'

/** GET /admin/reports/year-end.zip?year=: the year's summary and spreadsheets for her accountant. */
export async function loader({ request }: Route.LoaderArgs) {
  const asked = askedReportYear(new URL(request.url))
  if (!asked) throw data('Choose a year from 2000 to 2100.', { status: 404 })
  const db = getDb()
  const { name } = await readSiteSection(db, 'identity')
  return answerYearEndPack(db, { ...asked, bakeryName: name })
}
