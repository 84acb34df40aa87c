import autocannon, { type Result as AutocannonResult } from 'autocannon'
import { formatTable } from './markdown.ts'
import type { Section } from './section.ts'
import type { RunningServer } from './server.ts'
import { envInt } from './stats.ts'

/** The public pages, in the order the goals name them. */
export const LOAD_PATHS = ['/', '/gallery', '/about', '/ordernow', '/contact'] as const
export const CONNECTION_COUNTS = [10, 50] as const
/** The static baseline every page's rate is compared with: the smallest file the server sends. */
export const STATIC_BASELINE_PATH = '/favicon.svg'

export interface LoadSummary {
  path: string
  /** A static file (the baseline) or a rendered page. */
  kind: 'static' | 'page'
  seconds: number
  connections: number
  /** Median of the per-second samples, steadier than the mean over a short run. */
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  /** Errors, timeouts and non-2xx answers: fast failures must not pass for throughput. */
  failures: number
  /** Page req/s over the static baseline's at the same connections; null for static files. */
  ratioToStatic: number | null
  raw: AutocannonResult
}

/**
 * A short, bounded burst against one path: whatever the server does for each
 * request (rendering or a cached page, compression) is in the figure.
 */
export async function runLoad(
  server: RunningServer,
  path: string,
  seconds: number,
  connections: number = CONNECTION_COUNTS[0],
  kind: LoadSummary['kind'] = 'page',
): Promise<LoadSummary> {
  console.error(`Load ${path} (${seconds} s, ${connections} connections)`)
  const raw = await autocannon({
    url: new URL(path, server.loopbackOrigin).href,
    connections,
    duration: seconds,
    // Real browsers ask for compressed pages, and the server's work includes compressing them.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  })
  return {
    path,
    kind,
    seconds,
    connections,
    requestsPerSecond: raw.requests.p50 ?? raw.requests.average,
    latencyP50Ms: raw.latency.p50 ?? raw.latency.average,
    latencyP99Ms: raw.latency.p99 ?? raw.latency.max,
    requests: raw.latency.totalCount,
    failures: raw.errors + raw.timeouts + raw.non2xx,
    ratioToStatic: null,
    raw,
  }
}

/** Sets each page's ratio to the static baseline measured at the same number of connections. */
export function withStaticRatios(results: readonly LoadSummary[]): LoadSummary[] {
  return results.map((result) => {
    if (result.kind === 'static') return result
    const baseline = results.find(
      (r) => r.path === STATIC_BASELINE_PATH && r.connections === result.connections,
    )
    const ratioToStatic =
      baseline && baseline.requestsPerSecond > 0
        ? result.requestsPerSecond / baseline.requestsPerSecond
        : null
    return { ...result, ratioToStatic }
  })
}

export function formatLoad(results: readonly LoadSummary[]): string {
  const first = results[0]
  const heading = first
    ? `${first.seconds} s per run, one process on this machine, the load generator beside it. ` +
      `Static rows are the baseline: files express serves from disk, measured in the same run; ` +
      `× static = page req/s ÷ ${STATIC_BASELINE_PATH} req/s at the same connections.`
    : ''
  const table = formatTable(
    [
      'Path',
      'Conns',
      'Req/s (p50)',
      '× static',
      'Latency p50 ms',
      'Latency p99 ms',
      'Requests',
      'Failures',
    ],
    results.map((r) => [
      r.kind === 'static' ? `${r.path} (static)` : r.path,
      String(r.connections),
      r.requestsPerSecond.toFixed(0),
      r.ratioToStatic === null ? '' : r.ratioToStatic.toFixed(2),
      r.latencyP50Ms.toFixed(0),
      r.latencyP99Ms.toFixed(0),
      String(r.requests),
      String(r.failures),
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  )
  return [heading, '', table].join('\n')
}

/**
 * The biggest script the home page loads: a second static baseline, where
 * sending bytes (not handling the request) is the work.
 */
async function biggestScript(server: RunningServer): Promise<string | null> {
  try {
    const html = await (await fetch(new URL('/', server.loopbackOrigin))).text()
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])]
    let biggest: { path: string; bytes: number } | null = null
    for (const script of scripts) {
      const response = await fetch(new URL(script, server.loopbackOrigin), {
        headers: { 'accept-encoding': 'br' },
      })
      const bytes = (await response.arrayBuffer()).byteLength
      if (response.ok && (!biggest || bytes > biggest.bytes)) biggest = { path: script, bytes }
    }
    return biggest?.path ?? null
  } catch {
    return null
  }
}

export const loadSection: Section = {
  id: 'load',
  title: 'Load',
  async run(server) {
    const seconds = envInt('BENCH_LOAD_SECONDS', 10)
    const script = await biggestScript(server)
    const staticPaths = [STATIC_BASELINE_PATH, ...(script ? [script] : [])]
    const results: LoadSummary[] = []
    for (const connections of CONNECTION_COUNTS) {
      // The baseline right before the pages, so both see the same machine.
      for (const path of staticPaths) {
        results.push(await runLoad(server, path, seconds, connections, 'static'))
      }
      for (const path of LOAD_PATHS) {
        results.push(await runLoad(server, path, seconds, connections))
      }
    }
    const summaries = withStaticRatios(results)
    return { markdown: formatLoad(summaries), data: summaries }
  },
}
