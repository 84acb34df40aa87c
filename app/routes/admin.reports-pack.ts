import { data } from 'react-router'
import { getDb } from '#app/db/db.server.ts'
import { answerYearEndPack } from '#app/features/reports/year-end-pack.server.ts'
import { reportYearOf } from '#app/features/reports/year-report.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import type { Route } from './+types/admin.reports-pack'

/** GET /admin/reports/year-end.zip?year=: the year's summary and spreadsheets for her accountant. */
export async function loader({ request }: Route.LoaderArgs) {
  const thisYear = Number(bakeryToday().slice(0, 4))
  const year = reportYearOf(new URL(request.url).searchParams.get('year'), thisYear)
  if (year === null) throw data('Choose a year from 2000 to 2100.', { status: 404 })
  const db = getDb()
  const { name } = await readSiteSection(db, 'identity')
  return answerYearEndPack(db, { year, thisYear, bakeryName: name })
}
