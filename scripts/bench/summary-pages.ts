import { NONE, type SummaryRow, at, list, num } from './summary-data.ts'

/** The summary's rows for the pages: Lighthouse, public and signed in, and the load tests. */
const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const THROUGHPUT_RATIO = 0.5
const P99_PAGES = ['/', '/gallery']
const P99_CONNECTIONS = 50

export function lighthouseRows(lighthouse: unknown): SummaryRow[] {
  const pages = list(lighthouse, 'pages')
  if (pages.length === 0) {
    return [
      {
        goal: 'Lighthouse mobile, the public pages with her content',
        target: '100/100/100/100',
        measured: 'not run',
        baseline: NONE,
        pass: null,
      },
    ]
  }
  const rows: SummaryRow[] = pages.map((page) => {
    const scores = LIGHTHOUSE_CATEGORIES.map((category) => num(page, 'median', 'scores', category))
    return {
      goal: `Lighthouse mobile ${String(at(page, 'path'))}`,
      target: '100/100/100/100',
      measured: scores.map((score) => (score === null ? '?' : score.toFixed(0))).join('/'),
      baseline: NONE,
      pass: scores.every((score) => score !== null) ? scores.every((s) => s === 100) : null,
    }
  })
  // One row each for the metrics: the worst page, named, decides.
  const worst = (
    goal: string,
    field: string,
    limit: number,
    show: (value: number) => string,
    targetText: string,
  ): SummaryRow => {
    const values = pages
      .map((page) => ({ path: String(at(page, 'path')), value: num(page, 'median', field) }))
      .filter((entry): entry is { path: string; value: number } => entry.value !== null)
    if (values.length === 0) {
      return { goal, target: targetText, measured: NONE, baseline: NONE, pass: null }
    }
    const top = values.reduce((a, b) => (b.value > a.value ? b : a))
    return {
      goal,
      target: targetText,
      measured: `${show(top.value)} (${top.path})`,
      baseline: NONE,
      pass: top.value <= limit,
    }
  }
  rows.push(
    worst('LCP, worst page', 'lcpMs', 1500, (ms) => `${(ms / 1000).toFixed(2)} s`, '≤ 1.5 s'),
    worst('CLS, worst page', 'cls', 0, (cls) => cls.toFixed(3), '0'),
    worst('TBT, worst page', 'tbtMs', 50, (ms) => `${ms.toFixed(0)} ms`, '≤ 50 ms'),
    worst(
      'First-load JS, worst page',
      'jsGzipKib',
      95,
      (kib) => `${kib.toFixed(1)} KB gz`,
      '≤ 95 KB gz',
    ),
  )
  return rows
}

const OWNER_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
const OWNER_LCP_MS = 1500

/** Issue 23: each owner's page 100/100/100 with LCP ≤ 1.5 s, signed in, on a phone. */
export function lighthouseOwnerRows(lighthouse: unknown): SummaryRow[] {
  const pages = list(lighthouse, 'pages')
  const target = `100/100/100, LCP ≤ ${(OWNER_LCP_MS / 1000).toFixed(1)} s`
  if (pages.length === 0) {
    return [
      {
        goal: 'Lighthouse mobile, the owner’s pages',
        target,
        measured: 'not run',
        baseline: NONE,
        pass: null,
      },
    ]
  }
  return pages.map((page) => {
    const scores = OWNER_CATEGORIES.map((category) => num(page, 'median', 'scores', category))
    const lcpMs = num(page, 'median', 'lcpMs')
    const measured =
      scores.map((score) => (score === null ? '?' : score.toFixed(0))).join('/') +
      `, LCP ${lcpMs === null ? '?' : `${(lcpMs / 1000).toFixed(2)} s`}`
    const known = scores.every((score) => score !== null) && lcpMs !== null
    return {
      goal: `Lighthouse mobile signed in ${String(at(page, 'label') ?? at(page, 'path'))}`,
      target,
      measured,
      baseline: NONE,
      pass: known ? scores.every((score) => score === 100) && lcpMs <= OWNER_LCP_MS : null,
    }
  })
}

interface LoadRow {
  path: string
  kind: string
  connections: number
  requestsPerSecond: number
  latencyP99Ms: number
}

export function loadRows(load: unknown): SummaryRow[] {
  const results: LoadRow[] = (Array.isArray(load) ? (load as unknown[]) : []).flatMap((row) => {
    const connections = num(row, 'connections')
    const requestsPerSecond = num(row, 'requestsPerSecond')
    const latencyP99Ms = num(row, 'latencyP99Ms')
    if (connections === null || requestsPerSecond === null || latencyP99Ms === null) return []
    const path = String(at(row, 'path'))
    return [
      {
        path,
        kind: String(at(row, 'kind') ?? 'page'),
        connections,
        requestsPerSecond,
        latencyP99Ms,
      },
    ]
  })
  if (results.length === 0) {
    return [
      {
        goal: 'Page throughput',
        target: `≥ ${THROUGHPUT_RATIO}× static`,
        measured: 'not run',
        baseline: NONE,
        pass: null,
      },
      {
        goal: `p99 at ${P99_CONNECTIONS} connections`,
        target: '≤ 50 ms',
        measured: 'not run',
        baseline: NONE,
        pass: null,
      },
    ]
  }
  const rows: SummaryRow[] = []
  const connectionCounts = [...new Set(results.map((r) => r.connections))].sort((a, b) => a - b)
  for (const connections of connectionCounts) {
    // The first static row at these connections is the baseline (the smallest file).
    const baseline = results.find((r) => r.kind === 'static' && r.connections === connections)
    const pages = results.filter((r) => r.kind !== 'static' && r.connections === connections)
    if (pages.length === 0) continue
    const slowest = pages.reduce((a, b) => (b.requestsPerSecond < a.requestsPerSecond ? b : a))
    const ratio = baseline ? slowest.requestsPerSecond / baseline.requestsPerSecond : null
    rows.push({
      goal: `Page throughput at ${connections} conns, slowest page`,
      target: `≥ ${THROUGHPUT_RATIO}× static`,
      measured:
        `${ratio === null ? NONE : `${ratio.toFixed(2)}×`} ` +
        `(${slowest.path} ${slowest.requestsPerSecond.toFixed(0)} req/s)`,
      baseline: baseline ? `${baseline.path} ${baseline.requestsPerSecond.toFixed(0)} req/s` : NONE,
      pass: ratio === null ? null : ratio >= THROUGHPUT_RATIO,
    })
  }
  const staticAt50 = results.find((r) => r.kind === 'static' && r.connections === P99_CONNECTIONS)
  for (const path of P99_PAGES) {
    const row = results.find(
      (r) => r.kind !== 'static' && r.path === path && r.connections === P99_CONNECTIONS,
    )
    rows.push({
      goal: `p99 latency ${path} at ${P99_CONNECTIONS} conns`,
      target: '≤ 50 ms',
      measured: row ? `${row.latencyP99Ms.toFixed(0)} ms` : NONE,
      baseline: staticAt50 ? `${staticAt50.path} ${staticAt50.latencyP99Ms.toFixed(0)} ms` : NONE,
      pass: row ? row.latencyP99Ms <= 50 : null,
    })
  }
  return rows
}
