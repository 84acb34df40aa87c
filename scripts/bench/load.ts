import autocannon, { type Result as AutocannonResult } from 'autocannon'
import { formatTable } from './markdown.ts'
import type { Section } from './section.ts'
import type { RunningServer } from './server.ts'
import { envInt } from './stats.ts'

export const LOAD_PATHS = ['/', '/about'] as const
const CONNECTIONS = 10

export interface LoadSummary {
  path: string
  seconds: number
  connections: number
  /** Median of the per-second samples, steadier than the mean over a short run. */
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  /** Errors, timeouts and non-2xx answers: fast failures must not pass for throughput. */
  failures: number
  raw: AutocannonResult
}

/**
 * A short, bounded burst against one page. The server renders every request
 * (no page cache), so this measures server rendering plus compression.
 */
export async function runLoad(
  server: RunningServer,
  path: string,
  seconds: number,
  connections = CONNECTIONS,
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
    seconds,
    connections,
    requestsPerSecond: raw.requests.p50 ?? raw.requests.average,
    latencyP50Ms: raw.latency.p50 ?? raw.latency.average,
    latencyP99Ms: raw.latency.p99 ?? raw.latency.max,
    requests: raw.latency.totalCount,
    failures: raw.errors + raw.timeouts + raw.non2xx,
    raw,
  }
}

export function formatLoad(results: readonly LoadSummary[]): string {
  const first = results[0]
  const heading = first
    ? `${first.seconds} s per page, ${first.connections} connections, one process on this machine.`
    : ''
  const table = formatTable(
    ['Page', 'Req/s (p50)', 'Latency p50 ms', 'Latency p99 ms', 'Requests', 'Failures'],
    results.map((r) => [
      r.path,
      r.requestsPerSecond.toFixed(0),
      r.latencyP50Ms.toFixed(0),
      r.latencyP99Ms.toFixed(0),
      String(r.requests),
      String(r.failures),
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right'],
  )
  return [heading, '', table].join('\n')
}

export const loadSection: Section = {
  id: 'load',
  title: 'Load',
  async run(server) {
    const seconds = envInt('BENCH_LOAD_SECONDS', 10)
    const results: LoadSummary[] = []
    for (const path of LOAD_PATHS) results.push(await runLoad(server, path, seconds))
    return { markdown: formatLoad(results), data: results }
  },
}
