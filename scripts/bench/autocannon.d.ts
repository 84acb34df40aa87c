/**
 * The parts of autocannon's programmatic API the benchmark uses; the package
 * ships no types and @types/autocannon is not a dependency.
 */
declare module 'autocannon' {
  /** One request of a sequence each connection walks in order, then starts again. */
  interface Request {
    method?: string
    /** Replaces the url's path and query. */
    path?: string
    headers?: Record<string, string>
    body?: string
    /** Called before each send of this request: may change it (a fresh body, another header). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }

  interface Options {
    url: string
    requests?: Request[]
    connections?: number
    /** Seconds. */
    duration?: number
    pipelining?: number
    timeout?: number
    headers?: Record<string, string>
  }

  /** Percentiles are keyed p50, p97_5, p99 and so on. */
  type Histogram = {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total?: number
  } & Record<`p${string}`, number>

  interface Result {
    url: string
    connections: number
    duration: number
    samples: number
    start: Date
    finish: Date
    errors: number
    timeouts: number
    non2xx: number
    resets: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    /** Milliseconds per request. */
    latency: Histogram & { totalCount: number }
    /** Completed requests per one-second sample. */
    requests: Histogram & { sent: number }
    /** Bytes per one-second sample. */
    throughput: Histogram
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
  export type { Options, Request, Result }
}
