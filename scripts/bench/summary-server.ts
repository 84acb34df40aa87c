import { CONTENT_SIZED } from './growth-endpoints.ts'
import { MIB } from './stats.ts'
import { NONE, type SummaryRow, at, list, mb, num, record } from './summary-data.ts'

/** The summary's rows for the server: memory, the photo pipeline, data growth, the booking mix. */
export function memoryRows(memory: unknown): SummaryRow[] {
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

export function pipelineRows(pipeline: unknown): SummaryRow[] {
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

export function growthRows(growth: unknown): SummaryRow[] {
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

export function mixRows(mix: unknown): SummaryRow[] {
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

/** The labels' goal: a drop's 100 labels in under two seconds, beside one label. */
export function labelRows(labels: unknown): SummaryRow[] {
  const rows = list(labels, 'rows')
  const [one, hundred, thermal] = rows.map((row) => num(row, 'medianMs'))
  const slowest = [hundred, thermal].filter((ms) => ms !== null && ms !== undefined)
  const worst = slowest.length > 0 ? Math.max(...(slowest as number[])) : null
  return [
    {
      goal: '100 labels composed and drawn as a PDF, median',
      target: '< 2 s',
      measured: worst === null ? 'not run' : `${(worst / 1000).toFixed(2)} s`,
      baseline: one === null || one === undefined ? NONE : `one label ${(one / 1000).toFixed(3)} s`,
      pass: worst === null ? null : worst < 2000,
    },
  ]
}
