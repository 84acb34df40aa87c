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
  '/admin/inbox',
  '/admin/orders.csv',
  '/admin/calendar.ics',
  '/api/availability',
  'order send',
] as const
export type GrowthEndpoint = (typeof GROWTH_ENDPOINTS)[number]

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
    if (schema) await sql`analyze`.execute(db)
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
    await response.arrayBuffer()
    const ms = performance.now() - started
    return expect(response.status)
      ? { ms, failure: null }
      : { ms: null, failure: `HTTP ${response.status}` }
  } catch (error) {
    return { ms: null, failure: error instanceof Error ? error.message : String(error) }
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
 * Times each endpoint `runs` times after one warm-up and keeps the median.
 * The order sends go first, each for a day of its own past the book's
 * dates, so the order page has a request to show on an empty book too.
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

  const measure = async (
    endpoint: GrowthEndpoint,
    request: (run: number) => { target: string; init?: RequestInit },
    expect?: (status: number) => boolean,
  ) => {
    const times: (number | null)[] = []
    const failed: string[] = []
    for (let run = 0; run <= runs; run++) {
      const { target, init } = request(run)
      const timed = await timeRequest(server, target, init, expect)
      if (timed.failure) failed.push(timed.failure)
      // Run 0 warms the route's code and the database's cache.
      if (run > 0) times.push(timed.ms)
      const stopped = server.unexpectedExit()
      if (stopped) {
        serverStops.push(`${endpoint}: the server ${stopped}`)
        server = await restart()
        cookie = await signIn(server)
        break
      }
    }
    medianMs[endpoint] = medianOrNull(times)
    if (failed.length > 0) failures[endpoint] = [...new Set(failed)]
  }
  const owner = (target: string) => () => ({ target, init: { headers: { cookie } } })

  await measure('order send', (run) => ({
    target: '/ordernow',
    init: orderSend(server, run, isoDay(now + (130 + run) * DAY_MS)),
  }))
  let requestId = sampleRequestId
  if (requestId === null) {
    const html = await (
      await fetch(new URL('/admin/orders', server.loopbackOrigin), { headers: { cookie } })
    ).text()
    const match = /\/admin\/orders\/(\d+)/.exec(html)
    requestId = match ? Number(match[1]) : null
  }
  await measure('/admin', owner('/admin'))
  await measure('/admin/orders', owner('/admin/orders'))
  // A name and an email part the book has many of, and one it has none of.
  const searches = ['zoë', 'garcía', 'example.com', 'nobody-here']
  await measure('/admin/orders?q=…', (run) => ({
    target: `/admin/orders?q=${encodeURIComponent(searches[run % searches.length]!)}`,
    init: { headers: { cookie } },
  }))
  if (requestId !== null) await measure('/admin/orders/<id>', owner(`/admin/orders/${requestId}`))
  await measure('/admin/calendar', owner('/admin/calendar'))
  await measure('/admin/settings', owner('/admin/settings'))
  await measure('/admin/inbox', owner('/admin/inbox'))
  // A new range each run: the server keeps answers it has worked out.
  await measure('/api/availability', (run) => ({
    target: `/api/availability?from=${isoDay(now)}&to=${isoDay(now + (60 + run) * DAY_MS)}`,
    init: { headers: { 'x-forwarded-for': `203.0.113.${run + 1}` } },
  }))
  // The two that grow with the whole book last: if one takes the server
  // down, the others were measured on a server that had not struggled.
  await measure('/admin/orders.csv', owner('/admin/orders.csv'))
  const feed = await calendarFeedPath(server, cookie)
  if (feed) await measure('/admin/calendar.ics', () => ({ target: feed }))
  else failures['/admin/calendar.ics'] = ['no feed link on the owner’s pages']
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
    `Median ms of ${runs} runs after one warm-up, each book on a fresh server started as ` +
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
