import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { YearReportPage } from '#app/features/reports/year-report-page.tsx'
import { readYearReport } from '#app/features/reports/year-report.server.ts'
import { askedReportYear } from '#app/features/reports/year-report.ts'
import type { Route } from './+types/admin.reports'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Reports', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const asked = askedReportYear(new URL(request.url))
  if (!asked) throw data('Choose a year from 2000 to 2100.', { status: 404 })
  return { report: await readYearReport(getDb(), asked), thisYear: asked.thisYear }
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  return <YearReportPage report={loaderData.report} thisYear={loaderData.thisYear} />
}
