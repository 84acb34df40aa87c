/**
 * A drop's opening second: BENCH_DROP_SHOPPERS shoppers (500) reserve at
 * once, as the drop page's script sends the form (React Router's data
 * request; without JavaScript a refusal also draws the whole page again),
 * each from an address of its own, split between two instances of the
 * site on one PostgreSQL database (one instance on SQLite without
 * BENCH_DATABASE_URL). Reports how many were sold and refused (sold must be
 * exactly the stock), and the reserve's p50 and p99 beside a static file's
 * p99 under the same burst in the same run. Each run is a fresh drop; the
 * report shows medians.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Db, migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { createDrop } from '#app/features/drops/drops.server.ts'
import { onCleanup } from './cleanup.ts'
import { benchSchema } from './growth-book.ts'
import { STATIC_BASELINE_PATH } from './load.ts'
import { formatNumber, formatTable } from './markdown.ts'
import type { Section, SectionContext } from './section.ts'
import { type RunningServer, startServer } from './server.ts'
import { envInt, median } from './stats.ts'

const STOCK = 100

interface RushRun {
  sold: number
  refused: number
  failed: number
  /** The statuses of the failed ones (0: no answer). */
  failures: number[]
  reserveP50Ms: number
  reserveP99Ms: number
  staticP99Ms: number
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0
}

/** `count` requests at once, each timed from its start to its answer's last byte. */
async function burst(count: number, request: (index: number) => Promise<Response>) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const started = performance.now()
      try {
        const response = await request(index)
        const body = await response.text()
        return { status: response.status, body, ms: performance.now() - started }
      } catch {
        return { status: 0, body: '', ms: performance.now() - started }
      }
    }),
  )
}

/**
 * The page's own request with JavaScript running (React Router's data
 * request): a hold answers 202 naming the hold's page to go to, a refusal 409.
 */
const wasHeld = (answer: { status: number; body: string }) =>
  answer.status === 202 && answer.body.includes('/hold/')

async function rushOnce(
  servers: RunningServer[],
  {
    shoppers,
    run,
    itemId,
    opensAt,
  }: { shoppers: number; run: number; itemId: number; opensAt: number },
): Promise<RushRun> {
  const statics = await burst(shoppers, (index) =>
    fetch(new URL(STATIC_BASELINE_PATH, servers[index % servers.length]!.loopbackOrigin)),
  )
  // Wait for the opening second, by the same clock the servers read.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now())))
  const answers = await burst(shoppers, (index) => {
    const server = servers[index % servers.length]!
    return fetch(new URL(`/drops/rush-${run}.data`, server.loopbackOrigin), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: server.loopbackOrigin,
        'x-forwarded-for': `10.${run}.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      },
      body: new URLSearchParams({
        intent: 'reserve',
        [`qty.${itemId}`]: '1',
        pickup_window: '10:00-12:00',
        name: `Shopper ${index}`,
        email: `shopper${index}.run${run}@example.com`,
        phone: '416-555-0100',
      }),
    })
  })
  return {
    sold: answers.filter(wasHeld).length,
    refused: answers.filter((answer) => answer.status === 409).length,
    failed: answers.filter((answer) => !wasHeld(answer) && answer.status !== 409).length,
    failures: [
      ...new Set(
        answers
          .filter((answer) => !wasHeld(answer) && answer.status !== 409)
          .map((answer) => answer.status),
      ),
    ],
    reserveP50Ms: percentile(
      answers.map((answer) => answer.ms),
      0.5,
    ),
    reserveP99Ms: percentile(
      answers.map((answer) => answer.ms),
      0.99,
    ),
    staticP99Ms: percentile(
      statics.map((answer) => answer.ms),
      0.99,
    ),
  }
}

/** Where the rush is kept: a fresh data folder, with a schema of its own on PostgreSQL if given one. */
interface RushBook {
  dataDir: string
  removeDir: () => Promise<void>
  schema: Awaited<ReturnType<typeof benchSchema>> | null
  db: Db
}

async function openRushBook(pgUrl: string | null): Promise<RushBook> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-drops-'))
  const removeDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }))
  const schema = pgUrl ? await benchSchema(pgUrl) : null
  const db = openDatabase({ dataDir, url: schema?.url })
  return { dataDir, removeDir, schema, db }
}

/**
 * Two instances on PostgreSQL, one on SQLite, each pushed to `servers` as
 * soon as it is up so that one which started is stopped even if the next fails.
 */
async function startRushServers(
  servers: RunningServer[],
  { appDir, serverOptions, book }: SectionContext & { book: RushBook },
): Promise<void> {
  const options = {
    dataFrom: book.dataDir,
    env: {
      ...serverOptions.env,
      SEED_DEMO: 'false',
      ...(book.schema ? { DATABASE_URL: book.schema.url } : {}),
    },
  }
  for (let index = 0; index < (book.schema ? 2 : 1); index++) {
    servers.push(await startServer(appDir, options))
  }
}

/** The drop for run `run`: STOCK loaves, opening a few seconds from now. */
async function createRushDrop(db: Db, run: number): Promise<{ itemId: number; opensAt: number }> {
  // Opens a few seconds from now: every shopper arrives in its first second.
  const opensAt = Math.ceil((Date.now() + 3_000) / 1000) * 1000
  const dropId = await createDrop(
    db,
    {
      slug: `rush-${run}`,
      name: `Rush ${run}`,
      pickupDate: '2026-12-19',
      opensAt: new Date(opensAt),
      closesAt: new Date(opensAt + 3_600_000),
      items: [{ name: 'Sourdough loaf', priceCents: 900, stock: STOCK }],
      windows: [{ start: '10:00', end: '12:00', capacity: null }],
    },
    new Date(),
  )
  const item = await db
    .selectFrom('drop_item')
    .select('id')
    .where('drop_id', '=', dropId)
    .executeTakeFirstOrThrow()
  return { itemId: Number(item.id), opensAt }
}

/** Each run a fresh drop and the whole crowd at its opening second. */
async function rushEveryRun({
  db,
  servers,
  runs,
  shoppers,
}: {
  db: Db
  servers: RunningServer[]
  runs: number
  shoppers: number
}): Promise<RushRun[]> {
  const results: RushRun[] = []
  for (let run = 1; run <= runs; run++) {
    const { itemId, opensAt } = await createRushDrop(db, run)
    console.error(`Drops: ${shoppers} shoppers at the opening second, run ${run}`)
    results.push(await rushOnce(servers, { shoppers, run, itemId, opensAt }))
  }
  return results
}

/**
 * On SQLite the server works on a copy of the data folder made as it
 * starts, so each run's drop is written into that copy, beside the server,
 * as the owner's own page would write it. (Both instances on PostgreSQL read
 * the book's schema.)
 */
async function useServerCopy(book: RushBook, server: RunningServer): Promise<void> {
  await book.db.destroy()
  book.db = openDatabase({ dataDir: server.dataDir })
}

async function closeRush(servers: readonly RunningServer[], book: RushBook): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()))
  await book.db.destroy()
  await book.removeDir()
  await book.schema?.drop()
}

/** Each run's row, then the medians. */
function formatRushTable(results: readonly RushRun[]): string {
  return formatTable(
    ['Run', 'Sold', 'Refused (409)', 'Failed', 'Reserve p50 ms', 'Reserve p99 ms', 'Static p99 ms'],
    [
      ...results.map((result, index) => [
        String(index + 1),
        String(result.sold),
        String(result.refused),
        result.failed ? `${result.failed} (${result.failures.join(', ')})` : '0',
        formatNumber(result.reserveP50Ms),
        formatNumber(result.reserveP99Ms),
        formatNumber(result.staticP99Ms),
      ]),
      [
        'median',
        String(median(results.map((result) => result.sold))),
        String(median(results.map((result) => result.refused))),
        String(median(results.map((result) => result.failed))),
        formatNumber(median(results.map((result) => result.reserveP50Ms))),
        formatNumber(median(results.map((result) => result.reserveP99Ms))),
        formatNumber(median(results.map((result) => result.staticP99Ms))),
      ],
    ],
    ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
  )
}

function formatRush({
  shoppers,
  where,
  onPostgres,
  results,
}: {
  shoppers: number
  where: string
  onPostgres: boolean
  results: readonly RushRun[]
}): string {
  const exact = results.every((result) => result.sold === STOCK && result.failed === 0)
  const table = formatRushTable(results)
  return (
    `${shoppers} shoppers at once for ${STOCK} in stock, ${where}, each sending the ` +
    `reserve form as the drop page does with JavaScript (its data request); the static file ` +
    `(${STATIC_BASELINE_PATH}) took the same burst just before. ` +
    `${exact ? 'Every run sold exactly the stock.' : '**A run did not sell exactly the stock.**'}\n\n${table}` +
    (onPostgres ? '' : '\n\nPostgreSQL not measured: set BENCH_DATABASE_URL.')
  )
}

export const dropRushSection: Section = {
  id: 'drops',
  title: 'A drop’s opening second',
  async run(_shared, { appDir, serverOptions }) {
    const runs = envInt('BENCH_RUNS', 3)
    const shoppers = envInt('BENCH_DROP_SHOPPERS', 500)
    const book = await openRushBook(process.env.BENCH_DATABASE_URL ?? null)
    const servers: RunningServer[] = []
    let results: RushRun[]
    try {
      await migrateToLatest(book.db)
      await startRushServers(servers, { appDir, serverOptions, book })
      if (!book.schema) await useServerCopy(book, servers[0]!)
      results = await rushEveryRun({ db: book.db, servers, runs, shoppers })
    } finally {
      await closeRush(servers, book)
    }
    const where = book.schema ? 'two instances on PostgreSQL' : 'one instance on SQLite'
    const markdown = formatRush({ shoppers, where, onPostgres: book.schema !== null, results })
    return { markdown, data: { shoppers, stock: STOCK, where, runs: results } }
  },
}
