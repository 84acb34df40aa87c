import { describe, expect, it } from 'vitest'
import { formatSummary, summaryRows } from './summary.ts'

const MIB = 1024 * 1024

const load = [
  {
    path: '/favicon.svg',
    kind: 'static',
    connections: 10,
    requestsPerSecond: 2000,
    latencyP99Ms: 9,
  },
  { path: '/', kind: 'page', connections: 10, requestsPerSecond: 1200, latencyP99Ms: 20 },
  { path: '/gallery', kind: 'page', connections: 10, requestsPerSecond: 800, latencyP99Ms: 30 },
  {
    path: '/favicon.svg',
    kind: 'static',
    connections: 50,
    requestsPerSecond: 2200,
    latencyP99Ms: 40,
  },
  { path: '/', kind: 'page', connections: 50, requestsPerSecond: 1300, latencyP99Ms: 45 },
  { path: '/gallery', kind: 'page', connections: 50, requestsPerSecond: 900, latencyP99Ms: 80 },
]

const memory = {
  seconds: 60,
  connections: 50,
  maxOldSpaceMb: 128,
  bareNodeRssBytes: 40 * MIB,
  afterStartRssBytes: 120 * MIB,
  endRssBytes: 180 * MIB,
  peakRssBytes: 210 * MIB,
  upload: { status: 201, ms: 2500, peakRssBytes: 230 * MIB, servesAfter: true },
  serverStopped: null,
}

const row = (rows: ReturnType<typeof summaryRows>, goal: string) => {
  const found = rows.find((r) => r.goal.startsWith(goal))
  if (!found) throw new Error(`no row for ${goal}`)
  return found
}

describe('summaryRows', () => {
  it('judges the slowest page against the static file at the same connections', () => {
    const rows = summaryRows({ load })
    const at10 = row(rows, 'Page throughput at 10 conns')
    expect(at10.measured).toBe('0.40× (/gallery 800 req/s)')
    expect(at10.baseline).toBe('/favicon.svg 2000 req/s')
    expect(at10.pass).toBe(false)
    expect(row(rows, 'p99 latency / at 50').pass).toBe(true)
    const gallery = row(rows, 'p99 latency /gallery at 50')
    expect(gallery).toMatchObject({
      measured: '80 ms',
      baseline: '/favicon.svg 40 ms',
      pass: false,
    })
  })

  it('reports memory after the load against 200 MB, beside a bare Node process', () => {
    const rows = summaryRows({ memory })
    expect(row(rows, 'Server RSS after 60 s')).toMatchObject({
      measured: '180 MB',
      baseline: 'bare Node 40 MB',
      pass: true,
    })
    expect(row(rows, '12 MP upload')).toMatchObject({
      target: '201 at --max-old-space-size=128',
      pass: true,
    })
  })

  it('fails the upload row when the server runs without a heap limit', () => {
    const rows = summaryRows({ memory: { ...memory, maxOldSpaceMb: null } })
    expect(row(rows, '12 MP upload').pass).toBe(false)
  })

  it('takes the worst Lighthouse page for each metric and names it', () => {
    const page = (path: string, performance: number, lcpMs: number) => ({
      path,
      median: {
        scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
        lcpMs,
        tbtMs: 10,
        cls: 0,
        jsGzipKib: 90,
      },
    })
    const rows = summaryRows({
      lighthouse: { pages: [page('/', 100, 900), page('/gallery', 97, 1700)] },
    })
    expect(row(rows, 'Lighthouse mobile /gallery')).toMatchObject({
      measured: '97/100/100/100',
      pass: false,
    })
    expect(row(rows, 'Lighthouse mobile /')).toMatchObject({ pass: true })
    expect(row(rows, 'LCP')).toMatchObject({ measured: '1.70 s (/gallery)', pass: false })
    expect(row(rows, 'CLS').pass).toBe(true)
    expect(row(rows, 'First-load JS')).toMatchObject({
      measured: '90.0 KB gz (/)',
      pass: true,
    })
  })

  it('judges each owner page signed in against 100/100/100 and an LCP of 1.5 s', () => {
    const page = (label: string, performance: number, lcpMs: number) => ({
      path: label.split(' ')[0],
      label,
      median: {
        scores: { performance, accessibility: 100, 'best-practices': 100, seo: null },
        lcpMs,
      },
    })
    const rows = summaryRows({
      'lighthouse-owner': {
        pages: [
          page('/admin', 100, 1400),
          page('/admin/orders/3 (quoted)', 100, 1600),
          page('/admin/calendar', 97, 1200),
        ],
      },
    })
    expect(rows.find((r) => r.goal === 'Lighthouse mobile signed in /admin')).toMatchObject({
      target: '100/100/100, LCP ≤ 1.5 s',
      measured: '100/100/100, LCP 1.40 s',
      pass: true,
    })
    expect(row(rows, 'Lighthouse mobile signed in /admin/orders/3 (quoted)')).toMatchObject({
      measured: '100/100/100, LCP 1.60 s',
      pass: false,
    })
    expect(row(rows, 'Lighthouse mobile signed in /admin/calendar')).toMatchObject({
      measured: '97/100/100, LCP 1.20 s',
      pass: false,
    })
    expect(row(summaryRows({}), 'Lighthouse mobile, the owner’s pages')).toMatchObject({
      measured: 'not run',
      pass: null,
    })
  })

  it('reads the pipeline per photo: the slowest photo, and the worst tile against the old JPEG', () => {
    const tile = (ours: number, ssim: number) => ({
      avif: { bytes: ours, ssim },
      oldSite: { bytes: 50_000, ssim: 0.98 },
    })
    const photo = (ms: number, grid: unknown[]) => ({
      median: { ms, peakRssBytes: 190 * MIB },
      grid,
    })
    const rows = summaryRows({
      pipeline: {
        photos: [
          photo(550, [tile(10_000, 0.985), tile(24_000, 0.9795)]),
          photo(700, [tile(20_000, 0.981)]),
        ],
      },
    })
    expect(row(rows, '12 MP photo through')).toMatchObject({ measured: '0.70 s', pass: false })
    expect(row(rows, 'Gallery bytes')).toMatchObject({
      measured: '0.48× at most, SSIM −0.0005 at worst (3 tiles)',
      pass: true,
    })
    const blurry = summaryRows({ pipeline: { photos: [photo(500, [tile(10_000, 0.97)])] } })
    expect(row(blurry, 'Gallery bytes')).toMatchObject({ pass: false })
    expect(row(summaryRows({ pipeline: {} }), 'Gallery bytes')).toMatchObject({
      measured: '—',
      pass: null,
    })
  })

  it('says which sections did not run rather than failing', () => {
    const rows = summaryRows({})
    expect(rows.every((r) => r.pass === null)).toBe(true)
    expect(row(rows, 'Server RSS').measured).toBe('not run')
  })
})

describe('formatSummary', () => {
  it('prints one line per goal with its verdict', () => {
    const table = formatSummary([
      { goal: 'A', target: '≤ 1', measured: '0.5', baseline: 'x', pass: true },
      { goal: 'B', target: '≤ 1', measured: '2', baseline: '—', pass: false },
      { goal: 'C', target: '—', measured: '3', baseline: '—', pass: null },
    ])
    const lines = table.split('\n')
    expect(lines).toHaveLength(5)
    expect(lines[2]).toMatch(/\| A .*\| pass +\|$/)
    expect(lines[3]).toMatch(/\| FAIL +\|$/)
    expect(lines[4]).toMatch(/\| — +\|$/)
  })

  it('judges the largest book against the empty one per database, naming the slowest and any failed', () => {
    const row = (database: string, requests: number, medianMs: Record<string, number | null>) => ({
      database,
      requests,
      medianMs,
    })
    const rows = summaryRows({
      growth: {
        rows: [
          // The CSV's whole time grows with the book and is not judged; its first byte is.
          row('sqlite', 0, { '/admin': 10, '/admin/orders.csv': 20, 'orders.csv first byte': 5 }),
          row('sqlite', 100_000, {
            '/admin': 15,
            '/admin/orders.csv': 3000,
            'orders.csv first byte': 6,
          }),
          row('pg', 0, { '/admin': 10, 'orders.csv first byte': 20 }),
          row('pg', 1_000, { '/admin': 50, 'orders.csv first byte': 20 }),
          row('pg', 100_000, { '/admin': 12, 'orders.csv first byte': null }),
        ],
      },
      mix: { latencyP99Ms: 57, peakRssBytes: 150 * MIB },
    })
    const growth = rows.filter((r) => r.goal.includes('requests,'))
    expect(growth.map((r) => [r.goal, r.measured, r.pass])).toEqual([
      ['100,000 requests, SQLite: slowest page against empty', '1.5× (/admin)', true],
      [
        '100,000 requests, PostgreSQL: slowest page against empty',
        '1.2× (/admin); failed: orders.csv first byte',
        false,
      ],
    ])
    const mix = rows.filter((r) => r.goal.startsWith('Customers booking'))
    expect(mix.map((r) => [r.measured, r.pass])).toEqual([
      ['57 ms', false],
      ['150 MB', true],
    ])
  })

  it('prints the whole report the same way, every section in its place', () => {
    const lighthousePage = (path: string, performance: number, lcpMs: number) => ({
      path,
      label: path,
      median: {
        scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
        lcpMs,
        cls: 0.002,
        tbtMs: 30,
        jsGzipKib: 88.4,
      },
    })
    const growthRow = (database: string, requests: number, ms: number) => ({
      database,
      requests,
      medianMs: { '/admin': ms, '/admin/orders.csv': ms * 10, 'orders.csv first byte': 4 },
    })
    const data = {
      lighthouse: { pages: [lighthousePage('/', 100, 900), lighthousePage('/gallery', 98, 1600)] },
      'lighthouse-owner': { pages: [{ ...lighthousePage('/admin', 100, 1300), label: '/admin' }] },
      load,
      mix: { latencyP99Ms: 41, peakRssBytes: 170 * MIB },
      memory,
      growth: { rows: [growthRow('sqlite', 0, 10), growthRow('sqlite', 10_000, 14)] },
      labels: { rows: [{ medianMs: 9 }, { medianMs: 310 }, { medianMs: 420 }] },
      pipeline: {
        photos: [
          {
            median: { ms: 520, peakRssBytes: 200 * MIB },
            grid: [
              { avif: { bytes: 20_000, ssim: 0.981 }, oldSite: { bytes: 50_000, ssim: 0.98 } },
            ],
          },
        ],
      },
    }
    expect(formatSummary(summaryRows(data))).toMatchInlineSnapshot(`
      "| Goal                                                  | Target                              | Measured (median)                              | Static baseline, this machine | Result |
      | ----------------------------------------------------- | ----------------------------------- | ---------------------------------------------- | ----------------------------- | ------ |
      | Lighthouse mobile /                                   | 100/100/100/100                     | 100/100/100/100                                | —                             | pass   |
      | Lighthouse mobile /gallery                            | 100/100/100/100                     | 98/100/100/100                                 | —                             | FAIL   |
      | LCP, worst page                                       | ≤ 1.5 s                             | 1.60 s (/gallery)                              | —                             | FAIL   |
      | CLS, worst page                                       | 0                                   | 0.002 (/)                                      | —                             | FAIL   |
      | TBT, worst page                                       | ≤ 50 ms                             | 30 ms (/)                                      | —                             | pass   |
      | First-load JS, worst page                             | ≤ 95 KB gz                          | 88.4 KB gz (/)                                 | —                             | pass   |
      | Lighthouse mobile signed in /admin                    | 100/100/100, LCP ≤ 1.5 s            | 100/100/100, LCP 1.30 s                        | —                             | pass   |
      | Page throughput at 10 conns, slowest page             | ≥ 0.5× static                       | 0.40× (/gallery 800 req/s)                     | /favicon.svg 2000 req/s       | FAIL   |
      | Page throughput at 50 conns, slowest page             | ≥ 0.5× static                       | 0.41× (/gallery 900 req/s)                     | /favicon.svg 2200 req/s       | FAIL   |
      | p99 latency / at 50 conns                             | ≤ 50 ms                             | 45 ms                                          | /favicon.svg 40 ms            | pass   |
      | p99 latency /gallery at 50 conns                      | ≤ 50 ms                             | 80 ms                                          | /favicon.svg 40 ms            | FAIL   |
      | Customers booking beside browsing, 50 conns: p99      | ≤ 50 ms                             | 41 ms                                          | —                             | pass   |
      | Customers booking beside browsing, 50 conns: peak RSS | ≤ 200 MB                            | 170 MB                                         | —                             | pass   |
      | Server RSS after 60 s at 50 conns, mixed              | ≤ 200 MB                            | 180 MB                                         | bare Node 40 MB               | pass   |
      | Server RSS after start                                | —                                   | 120 MB                                         | bare Node 40 MB               | —      |
      | Server peak RSS under load (VmHWM)                    | —                                   | 210 MB                                         | bare Node 40 MB               | —      |
      | 12 MP upload within the heap limit, then serves       | 201 at --max-old-space-size=128     | 201 in 2500 ms, peak 230 MB                    | —                             | pass   |
      | 10,000 requests, SQLite: slowest page against empty   | ≤ 2× empty, none failing            | 1.4× (/admin)                                  | same run, 0 requests          | pass   |
      | 100 labels composed and drawn as a PDF, median        | < 2 s                               | 0.42 s                                         | one label 0.009 s             | pass   |
      | 12 MP photo through the pipeline, median              | ≤ 0.6 s                             | 0.52 s                                         | —                             | pass   |
      | 12 MP photo, peak RSS                                 | ≤ 250 MB                            | 200 MB                                         | —                             | pass   |
      | Gallery bytes per photo vs 1200 px JPEG 0.7           | ≤ 0.5× at equal SSIM (within 0.002) | 0.40× at most, SSIM +0.0010 at worst (1 tiles) | —                             | pass   |"
    `)
  })
})
