import { CONTENT_SIZED } from './growth-endpoints.ts'
import { formatTable } from './markdown.ts'
import { MIB } from './stats.ts'

/**
 * The report's first table: every goal of the performance issue beside what
 * this run measured and this machine's static baseline. It reads the other
 * sections' JSON defensively: a section that did not run, or an older one
 * without a field, shows "—" instead of failing the whole report.
 */
export interface SummaryRow {
  goal: string
  target: string
  measured: string
  baseline: string
  /** null: nothing measured, or a figure shown for context without a goal of its own. */
  pass: boolean | null
}

const NONE = '—'

type Data = Record<string, unknown>

function record(value: unknown): Data | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Data)
    : null
}

function at(value: unknown, ...keys: string[]): unknown {
  let current = value
  for (const key of keys) current = record(current)?.[key]
  return current
}

function num(value: unknown, ...keys: string[]): number | null {
  const found = at(value, ...keys)
  return typeof found === 'number' && Number.isFinite(found) ? found : null
}

function list(value: unknown, ...keys: string[]): unknown[] {
  const found = at(value, ...keys)
  return Array.isArray(found) ? (found as unknown[]) : []
}

const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const THROUGHPUT_RATIO = 0.5
const P99_PAGES = ['/', '/gallery']
const P99_CONNECTIONS = 50

function lighthouseRows(lighthouse: unknown): SummaryRow[] {
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
function lighthouseOwnerRows(lighthouse: unknown): SummaryRow[] {
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

function loadRows(load: unknown): SummaryRow[] {
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

const mb = (bytes: number | null) => (bytes === null ? NONE : `${(bytes / MIB).toFixed(0)} MB`)

function memoryRows(memory: unknown): SummaryRow[] {
  if (!record(memory)) {
    return [
      {
        goal: 'Server RSS after mixed load',
        target: '≤ 200 MB',
        measured: 'not run',
        baseline: NONE,
        pass: null,
      },
    ]
  }
  const seconds = num(memory, 'seconds')
  const connections = num(memory, 'connections')
  const end = num(memory, 'endRssBytes')
  const bare = num(memory, 'bareNodeRssBytes')
  const baseline = bare === null ? NONE : `bare Node ${mb(bare)}`
  const heap = num(memory, 'maxOldSpaceMb')
  const status = num(memory, 'upload', 'status')
  const servesAfter = at(memory, 'upload', 'servesAfter') === true
  const stopped = at(memory, 'serverStopped')
  const uploadOk = status === 201 && servesAfter && !stopped
  return [
    {
      goal: `Server RSS after ${seconds ?? '?'} s at ${connections ?? '?'} conns, mixed`,
      target: '≤ 200 MB',
      measured: mb(end),
      baseline,
      pass: end === null ? null : end <= 200 * MIB,
    },
    {
      goal: 'Server RSS after start',
      target: NONE,
      measured: mb(num(memory, 'afterStartRssBytes')),
      baseline,
      pass: null,
    },
    {
      goal: 'Server peak RSS under load (VmHWM)',
      target: NONE,
      measured: mb(num(memory, 'peakRssBytes')),
      baseline,
      pass: null,
    },
    {
      goal: '12 MP upload within the heap limit, then serves',
      target: heap === null ? 'a heap limit set' : `201 at --max-old-space-size=${heap}`,
      measured:
        status === null
          ? 'failed'
          : `${status} in ${num(memory, 'upload', 'ms') ?? '?'} ms, peak ${mb(num(memory, 'upload', 'peakRssBytes'))}`,
      baseline: NONE,
      pass: heap === null ? false : uploadOk,
    },
  ]
}

/**
 * Gallery tiles at equal quality: a tile's SSIM may trail the old site's
 * JPEG by this much and still count as equal, well under what a viewer can
 * tell apart at a tile's size.
 */
export const SSIM_TOLERANCE = 0.002
const TILE_BYTES_RATIO = 0.5

/** Every photo's every screen: our AVIF tile against the old site's 1200 px JPEG. */
function tileRows(pipeline: unknown) {
  return list(pipeline, 'photos').flatMap((photo) =>
    list(photo, 'grid').flatMap((row) => {
      const ours = num(row, 'avif', 'bytes')
      const old = num(row, 'oldSite', 'bytes')
      const ssim = num(row, 'avif', 'ssim')
      const oldSsim = num(row, 'oldSite', 'ssim')
      if (ours === null || old === null || ssim === null || oldSsim === null) return []
      return [{ ratio: ours / old, ssimGap: ssim - oldSsim }]
    }),
  )
}

function pipelineRows(pipeline: unknown): SummaryRow[] {
  const ran = record(pipeline) !== null
  const photos = list(pipeline, 'photos')
  // The slowest and hungriest of the test photos, or the only one an older run measured.
  const worst = (field: string) => {
    const each = photos.map((photo) => num(photo, 'median', field)).filter((n) => n !== null)
    return each.length > 0 ? Math.max(...each) : num(pipeline, 'median', field)
  }
  const ms = worst('ms')
  const peak = worst('peakRssBytes')
  const tiles = tileRows(pipeline)
  const notRun = ran ? NONE : 'not run'
  let tileMeasured = notRun
  let tilePass: boolean | null = null
  if (tiles.length > 0) {
    const ratio = Math.max(...tiles.map((t) => t.ratio))
    const gap = Math.min(...tiles.map((t) => t.ssimGap))
    const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(4)}`
    tileMeasured = `${ratio.toFixed(2)}× at most, SSIM ${signed(gap)} at worst (${tiles.length} tiles)`
    tilePass = ratio <= TILE_BYTES_RATIO && gap >= -SSIM_TOLERANCE
  }
  return [
    {
      goal: '12 MP photo through the pipeline, median',
      target: '≤ 0.6 s',
      measured: ms === null ? notRun : `${(ms / 1000).toFixed(2)} s`,
      baseline: NONE,
      pass: ms === null ? null : ms <= 600,
    },
    {
      goal: '12 MP photo, peak RSS',
      target: '≤ 250 MB',
      measured: peak === null ? notRun : mb(peak),
      baseline: NONE,
      pass: peak === null ? null : peak <= 250 * MIB,
    },
    {
      goal: 'Gallery bytes per photo vs 1200 px JPEG 0.7',
      target: `≤ 0.5× at equal SSIM (within ${SSIM_TOLERANCE})`,
      measured: tileMeasured,
      baseline: NONE,
      pass: tilePass,
    },
  ]
}

/** Each owner page, the CSV, the feed, availability and a send at the largest book, against the empty one. */
const GROWTH_RATIO = 2

function growthRows(growth: unknown): SummaryRow[] {
  const rows = list(growth, 'rows')
  if (rows.length === 0) return []
  return (['sqlite', 'pg'] as const).flatMap((database) => {
    const mine = rows.filter((row) => at(row, 'database') === database)
    const baseline = mine.find((row) => num(row, 'requests') === 0)
    const largest = mine.reduce<unknown>(
      (top, row) => ((num(row, 'requests') ?? 0) > (num(top, 'requests') ?? 0) ? row : top),
      null,
    )
    const size = num(largest, 'requests')
    if (!baseline || !largest || !size) return []
    const endpoints = Object.keys(record(at(baseline, 'medianMs')) ?? {}).filter(
      (endpoint) => !(CONTENT_SIZED as readonly string[]).includes(endpoint),
    )
    const ratios = endpoints.map((endpoint) => {
      const base = num(baseline, 'medianMs', endpoint)
      const value = num(largest, 'medianMs', endpoint)
      return { endpoint, ratio: base && value !== null ? value / base : null }
    })
    const failed = ratios.filter((r) => r.ratio === null).map((r) => r.endpoint)
    const worst = ratios
      .filter((r): r is { endpoint: string; ratio: number } => r.ratio !== null)
      .reduce<{ endpoint: string; ratio: number } | null>(
        (top, r) => (top === null || r.ratio > top.ratio ? r : top),
        null,
      )
    const name = database === 'pg' ? 'PostgreSQL' : 'SQLite'
    return [
      {
        goal: `${size.toLocaleString('en')} requests, ${name}: slowest page against empty`,
        target: `≤ ${GROWTH_RATIO}× empty, none failing`,
        measured:
          (worst ? `${worst.ratio.toFixed(1)}× (${worst.endpoint})` : NONE) +
          (failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''),
        baseline: 'same run, 0 requests',
        pass: worst === null ? null : worst.ratio <= GROWTH_RATIO && failed.length === 0,
      },
    ]
  })
}

function mixRows(mix: unknown): SummaryRow[] {
  const p99 = num(mix, 'latencyP99Ms')
  const peak = num(mix, 'peakRssBytes')
  if (p99 === null) return []
  return [
    {
      goal: 'Customers booking beside browsing, 50 conns: p99',
      target: '≤ 50 ms',
      measured: `${p99.toFixed(0)} ms`,
      baseline: NONE,
      pass: p99 <= 50,
    },
    {
      goal: 'Customers booking beside browsing, 50 conns: peak RSS',
      target: '≤ 200 MB',
      measured: mb(peak),
      baseline: NONE,
      pass: peak === null ? null : peak <= 200 * MIB,
    },
  ]
}

export function summaryRows(data: Readonly<Record<string, unknown>>): SummaryRow[] {
  return [
    ...lighthouseRows(data.lighthouse),
    ...lighthouseOwnerRows(data['lighthouse-owner']),
    ...loadRows(data.load),
    ...mixRows(data.mix),
    ...memoryRows(data.memory),
    ...growthRows(data.growth),
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
