import { formatTable } from './markdown.ts'
import { NONE, type SummaryRow } from './summary-data.ts'
import { lighthouseOwnerRows, lighthouseRows, loadRows } from './summary-pages.ts'
import { growthRows, labelRows, memoryRows, mixRows, pipelineRows } from './summary-server.ts'

export type { SummaryRow } from './summary-data.ts'

export function summaryRows(data: Readonly<Record<string, unknown>>): SummaryRow[] {
  return [
    ...lighthouseRows(data.lighthouse),
    ...lighthouseOwnerRows(data['lighthouse-owner']),
    ...loadRows(data.load),
    ...mixRows(data.mix),
    ...memoryRows(data.memory),
    ...growthRows(data.growth),
    ...labelRows(data.labels),
    ...pipelineRows(data.pipeline),
  ]
}

export function formatSummary(rows: readonly SummaryRow[]): string {
  const verdict = (pass: boolean | null) => (pass === null ? NONE : pass ? 'pass' : 'FAIL')
  return formatTable(
    ['Goal', 'Target', 'Measured (median)', 'Static baseline, this machine', 'Result'],
    rows.map((row) => [row.goal, row.target, row.measured, row.baseline, verdict(row.pass)]),
  )
}
