import { prepareBook } from './growth-book.ts'
import { GROWTH_ENDPOINTS, type GrowthRow, WARM_UP_PASSES } from './growth-endpoints.ts'
import { measureBook } from './growth-measure.ts'
import { formatTable } from './markdown.ts'
import { ADMIN } from './memory.ts'
import type { Section } from './section.ts'
import { startServer } from './server.ts'
import { envInt, MIB } from './stats.ts'

/** Book sizes measured; 0 is the baseline every other row is read against. */
export const GROWTH_SIZES = [0, 1_000, 10_000, 100_000] as const

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
