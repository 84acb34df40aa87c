import { type GrowthEndpoint, type GrowthRow, WARM_UP_PASSES } from './growth-endpoints.ts'
import { readProcessMemory, signIn } from './memory.ts'
import type { RunningServer } from './server.ts'
import { medianOrNull } from './stats.ts'

/** An answer slower than this counts as failed: the owner would have given up. */
const REQUEST_TIMEOUT_MS = 60_000
const DAY_MS = 86_400_000

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

interface Timed {
  ms: number | null
  /** Until the answer's first bytes arrived: what a download keeps flat. */
  firstByteMs: number | null
  failure: string | null
}

async function timeRequest(
  server: RunningServer,
  target: string,
  init: RequestInit = {},
  expect: (status: number) => boolean = (status) => status === 200,
): Promise<Timed> {
  const started = performance.now()
  try {
    const response = await fetch(new URL(target, server.loopbackOrigin), {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const reader = response.body?.getReader()
    let firstByteMs: number | null = null
    for (;;) {
      const chunk = await reader?.read()
      firstByteMs ??= performance.now() - started
      if (!chunk || chunk.done) break
    }
    const ms = performance.now() - started
    return expect(response.status)
      ? { ms, firstByteMs, failure: null }
      : { ms: null, firstByteMs: null, failure: `HTTP ${response.status}` }
  } catch (error) {
    return {
      ms: null,
      firstByteMs: null,
      failure: error instanceof Error ? error.message : String(error),
    }
  }
}

/** The calendar feed's secret link, as the owner's pages show it. */
async function calendarFeedPath(server: RunningServer, cookie: string): Promise<string | null> {
  for (const page of ['/admin/calendar', '/admin/settings']) {
    const response = await fetch(new URL(page, server.loopbackOrigin), { headers: { cookie } })
    const html = await response.text()
    const match = /\/admin\/calendar\.ics\?key=([\w-]+)/.exec(html)
    if (match) return `/admin/calendar.ics?key=${match[1]}`
  }
  return null
}

/** A send of one order, as the cart posts it, from an address of its own (the per-address limit is not what is measured). */
function orderSend(server: RunningServer, run: number, dueDate: string): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // React Router refuses an action whose Origin is not the URL's own.
      origin: server.loopbackOrigin,
      'x-forwarded-for': `198.51.100.${(run % 250) + 1}`,
    },
    body: JSON.stringify({
      orders: [
        {
          name: 'Bench Customer',
          email: 'bench@example.com',
          phone_number: '416-555-0123',
          product_type: 'Cupcakes',
          event_theme: `Bench run ${run}`,
          due_date: dueDate,
          hear_about_us: 'Instagram',
        },
      ],
      website: '',
      accept_policies: true,
    }),
  }
}

type Request = { target: string; init?: RequestInit }
type MedianMs = GrowthRow['medianMs']

/** One book's measuring: the server (started again if it stops), the owner's session, what failed. */
interface Measuring {
  server: RunningServer
  cookie: string
  restart: () => Promise<RunningServer>
  failures: GrowthRow['failures']
  serverStops: string[]
}

/** Runs `request` `times` times; the timings, unless the server stopped. */
async function repeat(
  m: Measuring,
  endpoint: GrowthEndpoint,
  request: () => Request,
  times: number,
): Promise<Timed[]> {
  const timings: Timed[] = []
  for (let run = 0; run < times; run++) {
    const { target, init } = request()
    const timed = await timeRequest(m.server, target, init)
    timings.push(timed)
    if (timed.failure)
      m.failures[endpoint] = [...new Set([...(m.failures[endpoint] ?? []), timed.failure])]
    const stopped = m.server.unexpectedExit()
    if (stopped) {
      m.serverStops.push(`${endpoint}: the server ${stopped}`)
      m.server = await m.restart()
      m.cookie = await signIn(m.server)
      break
    }
  }
  return timings
}

const median = (timings: Timed[], of: 'ms' | 'firstByteMs') =>
  medianOrNull(timings.map((timed) => timed[of]))

/** The requests timed, each made afresh per run (with the owner's cookie of the moment). */
function bookRequests(m: Measuring, now: number) {
  const owner = (target: string) => (): Request => ({
    target,
    init: { headers: { cookie: m.cookie } },
  })
  // A new range each run: the server keeps answers it has worked out.
  let availabilityRun = 0
  const availability = (): Request => {
    availabilityRun += 1
    return {
      target: `/api/availability?from=${isoDay(now)}&to=${isoDay(now + (60 + (availabilityRun % 300)) * DAY_MS)}`,
      init: { headers: { 'x-forwarded-for': `203.0.113.${(availabilityRun % 250) + 1}` } },
    }
  }
  // A name and an email part the book has many of, and one it has none of.
  const searches = ['zoë', 'garcía', 'example.com', 'nobody-here']
  let searchRun = 0
  const search = (): Request => ({
    target: `/admin/orders?q=${encodeURIComponent(searches[searchRun++ % searches.length]!)}`,
    init: { headers: { cookie: m.cookie } },
  })
  let sendRun = 0
  const send = (): Request => {
    sendRun += 1
    return {
      target: '/ordernow',
      init: orderSend(m.server, sendRun, isoDay(now + (130 + sendRun) * DAY_MS)),
    }
  }
  return { owner, availability, search, send }
}
type BookRequests = ReturnType<typeof bookRequests>

/** The pages timed one after another; the order page only once the book has a request. */
function pagesToTime(
  { owner, availability, search }: BookRequests,
  requestId: number | null,
): [GrowthEndpoint, () => Request][] {
  const pages: [GrowthEndpoint, () => Request][] = [
    ['/admin', owner('/admin')],
    ['/admin/orders', owner('/admin/orders')],
    ['/admin/orders?q=…', search],
    ['/admin/orders/<id>', () => owner(`/admin/orders/${requestId}`)()],
    ['/admin/calendar', owner('/admin/calendar')],
    ['/admin/settings', owner('/admin/settings')],
    ['/admin/orders?view=messages', owner('/admin/orders?view=messages')],
    ['/api/availability', availability],
  ]
  return pages.filter(([endpoint]) => endpoint !== '/admin/orders/<id>' || requestId !== null)
}

/** The first request in the owner's list, for a book seeded without one to name. */
async function firstRequestId(m: Measuring): Promise<number | null> {
  const html = await (
    await fetch(new URL('/admin/orders', m.server.loopbackOrigin), {
      headers: { cookie: m.cookie },
    })
  ).text()
  const match = /\/admin\/orders\/(\d+)/.exec(html)
  return match ? Number(match[1]) : null
}

async function timePages(
  m: Measuring,
  pages: readonly [GrowthEndpoint, () => Request][],
  runs: number,
  medianMs: MedianMs,
): Promise<void> {
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
    for (const [endpoint, request] of pages) await repeat(m, endpoint, request, 1)
  }
  for (const [endpoint, request] of pages) {
    medianMs[endpoint] = median(await repeat(m, endpoint, request, runs), 'ms')
  }
}

/** The CSV: one warm-up, then timed to its end and first byte, with availability timed while it streams. */
async function timeCsv(
  m: Measuring,
  { owner, availability }: BookRequests,
  runs: number,
  medianMs: MedianMs,
): Promise<void> {
  const csv = owner('/admin/orders.csv')
  await repeat(m, '/admin/orders.csv', csv, 1)
  const csvTimings: Timed[] = []
  const during: Timed[] = []
  for (let run = 0; run < runs; run++) {
    const download = repeat(m, '/admin/orders.csv', csv, 1)
    // While it streams, one request after another until it is done.
    let done = false
    void download.finally(() => {
      done = true
    })
    while (!done) during.push(...(await repeat(m, 'availability during CSV', availability, 1)))
    csvTimings.push(...(await download))
  }
  medianMs['/admin/orders.csv'] = median(csvTimings, 'ms')
  medianMs['orders.csv first byte'] = median(csvTimings, 'firstByteMs')
  medianMs['availability during CSV'] = median(during, 'ms')
}

async function timeFeed(m: Measuring, runs: number, medianMs: MedianMs): Promise<void> {
  const feed = await calendarFeedPath(m.server, m.cookie)
  if (feed) {
    const feedTimings = (
      await repeat(m, '/admin/calendar.ics', () => ({ target: feed }), WARM_UP_PASSES + runs)
    ).slice(WARM_UP_PASSES)
    medianMs['/admin/calendar.ics'] = median(feedTimings, 'ms')
    medianMs['calendar.ics first byte'] = median(feedTimings, 'firstByteMs')
  } else {
    m.failures['/admin/calendar.ics'] = ['no feed link on the owner’s pages']
  }
}

/**
 * Times each endpoint `runs` times and keeps the median, after warm-up
 * passes over all of them: the owner's server has been up for hours, not
 * seconds, so neither book is timed on cold code. The order sends go first,
 * each for a day of its own past the book's dates, so the order page has a
 * request to show on an empty book too. The two downloads that grow with
 * the whole book go last, timed to their first byte as well as their end,
 * and the availability API is timed while the CSV streams: a download may
 * take as long as the book is, but must not hold anyone else up.
 */
export async function measureBook(
  server: RunningServer,
  { runs, sampleRequestId }: { runs: number; sampleRequestId: number | null },
  restart: () => Promise<RunningServer>,
): Promise<Pick<GrowthRow, 'medianMs' | 'failures' | 'peakRssBytes' | 'serverStops'>> {
  const medianMs: MedianMs = {}
  const m: Measuring = {
    server,
    cookie: await signIn(server),
    restart,
    failures: {},
    serverStops: [],
  }
  const requests = bookRequests(m, Date.now())

  // The sends first (a day each), so an empty book has an order page too.
  medianMs['order send'] = median(
    (await repeat(m, 'order send', requests.send, runs + 1)).slice(1),
    'ms',
  )
  const requestId = sampleRequestId ?? (await firstRequestId(m))
  await timePages(m, pagesToTime(requests, requestId), runs, medianMs)
  await timeCsv(m, requests, runs, medianMs)
  await timeFeed(m, runs, medianMs)
  const memory = await readProcessMemory(m.server.pid)
  return {
    medianMs,
    failures: m.failures,
    peakRssBytes: memory?.peakRssBytes ?? null,
    serverStops: m.serverStops,
  }
}
