import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { onCleanup } from './cleanup.ts'
import { formatTable } from './markdown.ts'
import { ADMIN, readProcessMemory, signIn } from './memory.ts'
import type { Section } from './section.ts'
import { startServer, type RunningServer } from './server.ts'
import { envInt, MIB, medianOrNull } from './stats.ts'
import { type SyntheticBook, seedSyntheticBook } from './synthetic-book.ts'

/** Book sizes measured; 0 is the baseline every other row is read against. */
export const GROWTH_SIZES = [0, 1_000, 10_000, 100_000] as const
/** An answer slower than this counts as failed: the owner would have given up. */
const REQUEST_TIMEOUT_MS = 60_000
const DAY_MS = 86_400_000

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** What is timed, in the report's column order. */
export const GROWTH_ENDPOINTS = [
  '/admin',
  '/admin/orders',
  '/admin/orders?q=…',
  '/admin/orders/<id>',
  '/admin/calendar',
  '/admin/settings',
  '/admin/orders?view=messages',
  '/api/availability',
  'order send',
  '/admin/orders.csv',
  'orders.csv first byte',
  'availability during CSV',
  '/admin/calendar.ics',
  'calendar.ics first byte',
] as const
export type GrowthEndpoint = (typeof GROWTH_ENDPOINTS)[number]

/**
 * The downloads whose length is the book's (the CSV) or the feed window's:
 * an empty book's has no rows, so their whole time is reported but judged by
 * their first byte and by the requests timed while they stream.
 */
export const CONTENT_SIZED: readonly GrowthEndpoint[] = ['/admin/orders.csv', '/admin/calendar.ics']

export interface GrowthRow {
  database: 'sqlite' | 'pg'
  requests: number
  seed: Omit<SyntheticBook, 'sampleRequestId'> | null
  /** Median ms per endpoint; null when every run failed. */
  medianMs: Partial<Record<GrowthEndpoint, number | null>>
  /** Non-2xx answers and errors, per endpoint. */
  failures: Partial<Record<GrowthEndpoint, string[]>>
  /** VmHWM once every endpoint has been measured. */
  peakRssBytes: number | null
  /** The server stopped on its own (out of memory, say), and was started again. */
  serverStops: string[]
}

/** A fresh PostgreSQL schema for one book, dropped at the end. */
async function benchSchema(serverUrl: string) {
  const name = `bench_${randomUUID().replaceAll('-', '')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create schema ${name}`)
  const url = new URL(serverUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  const drop = onCleanup(() => admin(`drop schema ${name} cascade`))
  return { url: url.toString(), drop }
}

/**
 * A migrated database with the menu and a synthetic book of `requests`,
 * ready for a server: a data folder (SQLite, or PostgreSQL's URL beside it).
 */
async function prepareBook(database: 'sqlite' | 'pg', requests: number, pgUrl: string | null) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-growth-'))
  const removeDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }))
  const schema = database === 'pg' ? await benchSchema(pgUrl!) : null
  const db = openDatabase({ dataDir, url: schema?.url })
  try {
    await migrateToLatest(db)
    await seedMenu(db)
    console.error(`Growth: seeding ${requests} requests on ${database}`)
    const book = requests > 0 ? await seedSyntheticBook(db, { requests }) : null
    if (book) console.error(`Growth: seeded in ${(book.ms / 1000).toFixed(1)} s`)
    // As autovacuum would have on a book that grew over years.
    if (schema) await sql`vacuum analyze`.execute(db)
    return {
      dataDir,
      databaseUrl: schema?.url,
      book,
      async remove() {
        await removeDir()
        await schema?.drop()
      },
    }
  } finally {
    await db.destroy()
  }
}

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

/**
 * Passes over every endpoint before any is timed. The owner's server has
 * been up for hours: each page's code is compiled by the JIT and the boot's
 * work (quote expiry, the digest) is done. Measured on a 100,000-request
 * book: the Today page answers in 410, 140, 150, 125 … ms and settles near
 * its steady time after about fifteen requests, so fewer passes would time
 * the JIT, not the page.
 */
const WARM_UP_PASSES = 15

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
async function measureBook(
  server: RunningServer,
  { runs, sampleRequestId }: { runs: number; sampleRequestId: number | null },
  restart: () => Promise<RunningServer>,
): Promise<Pick<GrowthRow, 'medianMs' | 'failures' | 'peakRssBytes' | 'serverStops'>> {
  const medianMs: GrowthRow['medianMs'] = {}
  const failures: GrowthRow['failures'] = {}
  const serverStops: string[] = []
  let cookie = await signIn(server)
  const now = Date.now()
  let sendRun = 0

  type Request = { target: string; init?: RequestInit }
  const owner = (target: string) => (): Request => ({ target, init: { headers: { cookie } } })
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

  const send = (): Request => {
    sendRun += 1
    return {
      target: '/ordernow',
      init: orderSend(server, sendRun, isoDay(now + (130 + sendRun) * DAY_MS)),
    }
  }
  let requestId = sampleRequestId
  const pages: [GrowthEndpoint, () => Request][] = [
    ['/admin', owner('/admin')],
    ['/admin/orders', owner('/admin/orders')],
    [
      '/admin/orders?q=…',
      () => ({
        target: `/admin/orders?q=${encodeURIComponent(searches[searchRun++ % searches.length]!)}`,
        init: { headers: { cookie } },
      }),
    ],
    ['/admin/orders/<id>', () => owner(`/admin/orders/${requestId}`)()],
    ['/admin/calendar', owner('/admin/calendar')],
    ['/admin/settings', owner('/admin/settings')],
    ['/admin/orders?view=messages', owner('/admin/orders?view=messages')],
    ['/api/availability', availability],
  ]

  /** Runs `request` `times` times; the timings, unless the server stopped. */
  const repeat = async (endpoint: GrowthEndpoint, request: () => Request, times: number) => {
    const timings: Timed[] = []
    for (let run = 0; run < times; run++) {
      const { target, init } = request()
      const timed = await timeRequest(server, target, init)
      timings.push(timed)
      if (timed.failure)
        failures[endpoint] = [...new Set([...(failures[endpoint] ?? []), timed.failure])]
      const stopped = server.unexpectedExit()
      if (stopped) {
        serverStops.push(`${endpoint}: the server ${stopped}`)
        server = await restart()
        cookie = await signIn(server)
        break
      }
    }
    return timings
  }
  const median = (timings: Timed[], of: 'ms' | 'firstByteMs') =>
    medianOrNull(timings.map((timed) => timed[of]))

  // The sends first (a day each), so an empty book has an order page too.
  medianMs['order send'] = median((await repeat('order send', send, runs + 1)).slice(1), 'ms')
  if (requestId === null) {
    const html = await (
      await fetch(new URL('/admin/orders', server.loopbackOrigin), { headers: { cookie } })
    ).text()
    const match = /\/admin\/orders\/(\d+)/.exec(html)
    requestId = match ? Number(match[1]) : null
  }
  const measured = pages.filter(
    ([endpoint]) => endpoint !== '/admin/orders/<id>' || requestId !== null,
  )
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
    for (const [endpoint, request] of measured) await repeat(endpoint, request, 1)
  }
  for (const [endpoint, request] of measured) {
    medianMs[endpoint] = median(await repeat(endpoint, request, runs), 'ms')
  }

  // The downloads: one warm-up each, then timed to their end and first byte.
  const csv = owner('/admin/orders.csv')
  await repeat('/admin/orders.csv', csv, 1)
  const csvTimings: Timed[] = []
  const during: Timed[] = []
  for (let run = 0; run < runs; run++) {
    const download = repeat('/admin/orders.csv', csv, 1)
    // While it streams, one request after another until it is done.
    let done = false
    void download.finally(() => {
      done = true
    })
    while (!done) during.push(...(await repeat('availability during CSV', availability, 1)))
    csvTimings.push(...(await download))
  }
  medianMs['/admin/orders.csv'] = median(csvTimings, 'ms')
  medianMs['orders.csv first byte'] = median(csvTimings, 'firstByteMs')
  medianMs['availability during CSV'] = median(during, 'ms')

  const feed = await calendarFeedPath(server, cookie)
  if (feed) {
    const feedTimings = (
      await repeat('/admin/calendar.ics', () => ({ target: feed }), WARM_UP_PASSES + runs)
    ).slice(WARM_UP_PASSES)
    medianMs['/admin/calendar.ics'] = median(feedTimings, 'ms')
    medianMs['calendar.ics first byte'] = median(feedTimings, 'firstByteMs')
  } else {
    failures['/admin/calendar.ics'] = ['no feed link on the owner’s pages']
  }
  const memory = await readProcessMemory(server.pid)
  return { medianMs, failures, peakRssBytes: memory?.peakRssBytes ?? null, serverStops }
}

export function formatGrowth(rows: readonly GrowthRow[], runs: number): string {
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : value < 10 ? value.toFixed(1) : value.toFixed(0)
  const tables = (['sqlite', 'pg'] as const).flatMap((database) => {
    const mine = rows.filter((row) => row.database === database)
    if (mine.length === 0) return []
    const baseline = mine.find((row) => row.requests === 0)
    const table = formatTable(
      ['Requests', ...GROWTH_ENDPOINTS, 'Peak RSS MB'],
      mine.map((row) => [
        row.requests.toLocaleString('en'),
        ...GROWTH_ENDPOINTS.map((endpoint) => {
          const value = row.medianMs[endpoint]
          const base = baseline?.medianMs[endpoint]
          const ratio =
            row !== baseline && value != null && base != null && base > 0
              ? ` (${(value / base).toFixed(1)}×)`
              : ''
          return `${ms(value)}${ratio}${row.failures[endpoint] ? ' !' : ''}`
        }),
        row.peakRssBytes === null ? '—' : (row.peakRssBytes / MIB).toFixed(0),
      ]),
      ['right', ...GROWTH_ENDPOINTS.map(() => 'right' as const), 'right'],
    )
    return [`### ${database === 'pg' ? 'PostgreSQL' : 'SQLite'}`, '', table, '']
  })
  const problems = rows.flatMap((row) => [
    ...Object.entries(row.failures).map(
      ([endpoint, failed]) =>
        `- ${row.database} ${row.requests}: ${endpoint} failed: ${failed.join('; ')}`,
    ),
    ...row.serverStops.map((stop) => `- ${row.database} ${row.requests}: ${stop}`),
  ])
  return [
    `Median ms of ${runs} runs after ${WARM_UP_PASSES} warm-up passes, each book on a fresh server started as ` +
      '`npm run serve` starts it; (n×) against the empty book (0 requests) in the same run; ' +
      '! = some runs failed (listed below). Each book: sends of 1–3 requests over three years ' +
      'and four months ahead, with quotes, payments, timelines and outbox emails ' +
      '(scripts/bench/synthetic-book.ts). Peak RSS: VmHWM after all of them.',
    '',
    ...tables,
    ...(problems.length > 0 ? ['Failures:', '', ...problems] : []),
  ].join('\n')
}

function growthSizes(): number[] {
  const raw = process.env.BENCH_GROWTH_SIZES?.trim()
  if (!raw) return [...GROWTH_SIZES]
  const sizes = raw.split(',').map((value) => Number(value.trim()))
  if (sizes.some((size) => !Number.isInteger(size) || size < 0)) {
    throw new Error(`BENCH_GROWTH_SIZES must list whole numbers, got ${JSON.stringify(raw)}`)
  }
  return sizes.includes(0) ? sizes : [0, ...sizes]
}

export const growthSection: Section = {
  id: 'growth',
  title: 'Data growth',
  async run(_shared, { appDir, serverOptions }) {
    const runs = envInt('BENCH_GROWTH_RUNS', 5)
    const pgUrl = process.env.BENCH_DATABASE_URL ?? null
    const databases = pgUrl ? (['sqlite', 'pg'] as const) : (['sqlite'] as const)
    const rows: GrowthRow[] = []
    for (const database of databases) {
      for (const requests of growthSizes()) {
        const book = await prepareBook(database, requests, pgUrl)
        const options = {
          dataFrom: book.dataDir,
          env: {
            ...serverOptions.env,
            SEED_DEMO: 'false',
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            ...(book.databaseUrl ? { DATABASE_URL: book.databaseUrl } : {}),
          },
        }
        let server = await startServer(appDir, options)
        try {
          console.error(`Growth: measuring ${requests} requests on ${database}`)
          const measured = await measureBook(
            server,
            { runs, sampleRequestId: book.book?.sampleRequestId ?? null },
            async () => {
              await server.stop()
              server = await startServer(appDir, options)
              return server
            },
          )
          const seed = book.book ? { requests, rows: book.book.rows, ms: book.book.ms } : null
          rows.push({ database, requests, seed, ...measured })
        } finally {
          await server.stop()
          await book.remove()
        }
      }
    }
    const note = pgUrl
      ? ''
      : '\n\nPostgreSQL not measured: set BENCH_DATABASE_URL (a database the bench may add schemas to).'
    return { markdown: formatGrowth(rows, runs) + note, data: { runs, rows } }
  },
}
