import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { YearReportPage } from '#app/features/reports/year-report-page.tsx'
import { readYearReport } from '#app/features/reports/year-report.server.ts'
import { reportYearOf } from '#app/features/reports/year-report.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import type { Route } from './+types/admin.reports'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Reports', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const thisYear = Number(bakeryToday().slice(0, 4))
  const year = reportYearOf(new URL(request.url).searchParams.get('year'), thisYear)
  if (year === null) throw data('Choose a year from 2000 to 2100.', { status: 404 })
  return { report: await readYearReport(getDb(), { year, thisYear }), thisYear }
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  return <YearReportPage report={loaderData.report} thisYear={loaderData.thisYear} />
}
