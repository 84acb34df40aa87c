import autocannon, { type Request as CannonRequest, type Result as CannonResult } from 'autocannon'
import { formatTable } from './markdown.ts'
import { ADMIN, browsingMix, readProcessMemory, weightedSequence } from './memory.ts'
import type { Section, SectionContext } from './section.ts'
import { type RunningServer, startServer } from './server.ts'
import { envInt, MIB, type ProcessMemory } from './stats.ts'

export const MIX_CONNECTIONS = 50
const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** Marks in the sequence that become a fresh request each time they are sent. */
const SEND = 'send'
const LOOKUP = 'lookup'

export interface MixedLoadSummary {
  seconds: number
  /** Seconds of the same mix run first, unmeasured (see warmUpMix). */
  warmUpSeconds: number
  connections: number
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  /** Answers by status code, e.g. { '200': 5012, '429': 3 }. */
  statusCodes: Record<string, number>
  failures: number
  sends: number
  lookups: number
  afterStartRssBytes: number | null
  endRssBytes: number | null
  peakRssBytes: number | null
}

/** How many sends and lookups have gone so far, counted as autocannon sets each one up. */
interface MixCounts {
  sends: number
  lookups: number
}

/** What each fresh send or lookup is made from. */
interface MixRequestContext {
  server: RunningServer
  /** When the mix was planned: due dates and calendar months count from it. */
  now: number
  counts: MixCounts
}

// One address per customer: the per-address limits are not what is measured.
function customerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

/** The order form's JSON for the `n`th send: one order of cupcakes, due on `due`. */
function orderSendBody(n: number, due: string): string {
  return JSON.stringify({
    orders: [
      {
        name: 'Load Customer',
        email: 'load@example.com',
        phone_number: '416-555-0123',
        product_type: 'Cupcakes',
        event_theme: `Load ${n}`,
        due_date: due,
        hear_about_us: 'Instagram',
      },
    ],
    website: '',
    accept_policies: true,
  })
}

/** An order send that asks, each time it goes, for a day with room, from an address of its own. */
function orderSendRequest({ server, now, counts }: MixRequestContext): CannonRequest {
  return {
    method: 'POST',
    path: '/ordernow',
    setupRequest(request) {
      const n = ++counts.sends
      // Up to four a day fit; 150 days of them, past every product's notice.
      const due = isoDay(now + (14 + (Math.floor(n / 3) % 150)) * DAY_MS)
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          // React Router refuses an action whose Origin is not the URL's own.
          origin: server.loopbackOrigin,
          'x-forwarded-for': customerAddress(n),
          'accept-encoding': 'gzip, deflate, br',
        },
        body: orderSendBody(n, due),
      }
    },
  }
}

/** An availability lookup that asks, each time it goes, for the next month a customer pages to. */
function availabilityLookupRequest({ now, counts }: MixRequestContext): CannonRequest {
  return {
    method: 'GET',
    setupRequest(request) {
      const n = ++counts.lookups
      // A month at a time, as the order form's calendar pages through the next six.
      const month = n % 6
      const from = isoDay(now + month * 30 * DAY_MS)
      const to = isoDay(now + (month * 30 + 41) * DAY_MS)
      const product = n % 2 === 0 ? '&product=Cupcakes' : ''
      return {
        ...request,
        path: `/api/availability?from=${from}&to=${to}${product}`,
        headers: {
          'x-forwarded-for': customerAddress(100_000 + (n % 5_000)),
          'accept-encoding': 'gzip, deflate, br',
        },
      }
    },
  }
}

/** A page, file or photo of the browsing: the same request every time. */
function browsingRequest(path: string): CannonRequest {
  return { method: 'GET', path, headers: { 'accept-encoding': 'gzip, deflate, br' } }
}

/** The browsing with lookups and sends woven in, each mark in the sequence made a request. */
async function planMix(server: RunningServer, counts: MixCounts): Promise<CannonRequest[]> {
  const browsing = await browsingMix(server)
  const sequence = weightedSequence(
    [...browsing, { path: LOOKUP, weight: 10 }, { path: SEND, weight: 2 }],
    400,
  )
  const context: MixRequestContext = { server, now: Date.now(), counts }
  return sequence.map((path) => {
    if (path === SEND) return orderSendRequest(context)
    if (path === LOOKUP) return availabilityLookupRequest(context)
    return browsingRequest(path)
  })
}

/** The mix for `seconds` at MIX_CONNECTIONS connections. */
function fireMix(
  server: RunningServer,
  requests: readonly CannonRequest[],
  seconds: number,
): Promise<CannonResult> {
  return autocannon({
    url: server.loopbackOrigin,
    connections: MIX_CONNECTIONS,
    duration: seconds,
    requests: requests.map((request) => ({ ...request })),
  })
}

/**
 * A server that has just started loads each route's module and compiles its
 * code on the first requests; fifty of them at once wait over a second for
 * that. A bakery's server runs for weeks, so the first seconds are run
 * unmeasured, with the same mix, and only then is it timed.
 */
async function warmUpMix(
  server: RunningServer,
  requests: readonly CannonRequest[],
  seconds: number,
): Promise<void> {
  console.error(`Load mix: ${seconds} s warm-up at ${MIX_CONNECTIONS} connections`)
  await fireMix(server, requests, seconds)
}

async function measureMix(
  server: RunningServer,
  requests: readonly CannonRequest[],
  seconds: number,
): Promise<CannonResult> {
  console.error(
    `Load mix: ${seconds} s of browsing, availability and sends at ${MIX_CONNECTIONS} connections`,
  )
  return fireMix(server, requests, seconds)
}

interface MixMeasurement {
  raw: CannonResult
  seconds: number
  warmUpSeconds: number
  /** Sends and lookups of the measured run alone, without the warm-up's. */
  measured: MixCounts
  afterStart: ProcessMemory | null
  end: ProcessMemory | null
}

function summariseMixedLoad({
  raw,
  seconds,
  warmUpSeconds,
  measured,
  afterStart,
  end,
}: MixMeasurement): MixedLoadSummary {
  const statusCodes = Object.fromEntries(
    Object.entries(raw.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  )
  return {
    seconds,
    connections: MIX_CONNECTIONS,
    requestsPerSecond: raw.requests.p50 ?? raw.requests.average,
    latencyP50Ms: raw.latency.p50 ?? raw.latency.average,
    latencyP99Ms: raw.latency.p99 ?? raw.latency.max,
    requests: raw.latency.totalCount,
    statusCodes,
    failures: raw.errors + raw.timeouts + raw.non2xx,
    warmUpSeconds,
    sends: measured.sends,
    lookups: measured.lookups,
    afterStartRssBytes: afterStart?.rssBytes ?? null,
    endRssBytes: end?.rssBytes ?? null,
    peakRssBytes: end?.peakRssBytes ?? null,
  }
}

/**
 * The memory section's browsing (pages, gallery, static files, photos, the
 * order form's calendar) plus what customers booking do: availability for
 * months they page through, each customer from an address of their own,
 * and order sends, each for a day with room. Sends change the bookings, so
 * the availability answers kept by the server are worked out again after
 * each, as they are on a busy day.
 */
export async function runMixedLoad(
  { appDir, serverOptions }: SectionContext,
  seconds: number,
  warmUpSeconds = 5,
): Promise<MixedLoadSummary> {
  const server = await startServer(appDir, {
    ...serverOptions,
    env: { ...serverOptions.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  })
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const afterStart = await readProcessMemory(server.pid)
    const counts: MixCounts = { sends: 0, lookups: 0 }
    const requests = await planMix(server, counts)
    await warmUpMix(server, requests, warmUpSeconds)
    const warmUp = { ...counts }
    const raw = await measureMix(server, requests, seconds)
    const end = await readProcessMemory(server.pid)
    return summariseMixedLoad({
      raw,
      seconds,
      warmUpSeconds,
      measured: { sends: counts.sends - warmUp.sends, lookups: counts.lookups - warmUp.lookups },
      afterStart,
      end,
    })
  } finally {
    await server.stop()
  }
}

export function formatMixedLoad(summary: MixedLoadSummary): string {
  const mb = (bytes: number | null) => (bytes === null ? '—' : (bytes / MIB).toFixed(0))
  const codes = Object.entries(summary.statusCodes)
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ')
  return [
    `Browsing as in Memory, plus availability lookups (a month at a time, six months, one ` +
      `address per customer) and order sends (one order each, a day with room, one address ` +
      `each), on a fresh server warmed by ${summary.warmUpSeconds} s of the same mix, then ` +
      `${summary.seconds} s at ${summary.connections} connections. ` +
      `Answers: ${codes || 'none'}.`,
    '',
    formatTable(
      [
        'Req/s (p50)',
        'Latency p50 ms',
        'Latency p99 ms',
        'Requests',
        'Sends',
        'Lookups',
        'Failures',
        'RSS start MB',
        'RSS end MB',
        'Peak RSS MB',
      ],
      [
        [
          summary.requestsPerSecond.toFixed(0),
          summary.latencyP50Ms.toFixed(0),
          summary.latencyP99Ms.toFixed(0),
          String(summary.requests),
          String(summary.sends),
          String(summary.lookups),
          String(summary.failures),
          mb(summary.afterStartRssBytes),
          mb(summary.endRssBytes),
          mb(summary.peakRssBytes),
        ],
      ],
      Array(10).fill('right'),
    ),
  ].join('\n')
}

export const loadMixSection: Section = {
  id: 'mix',
  title: 'Load: customers booking',
  // A server of its own: the shared one carries whatever earlier sections left in it.
  async run(_shared, context) {
    const summary = await runMixedLoad(
      context,
      envInt('BENCH_LOAD_SECONDS', 10),
      envInt('BENCH_LOAD_WARMUP_SECONDS', 5),
    )
    return { markdown: formatMixedLoad(summary), data: summary }
  },
}
