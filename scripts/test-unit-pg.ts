/**
 * `npm run test:unit:pg`: the unit and integration suites again on
 * PostgreSQL (TEST_DATABASE=pg), as `npm test` runs them after SQLite.
 * TEST_DATABASE_URL names a database the tests may fill with schemas of their
 * own. Without it, a machine with no PostgreSQL skips this pass with a notice;
 * in CI (CI set) a missing or unreachable database fails, so the PostgreSQL
 * pass can never be skipped there unnoticed. Only the database project runs
 * (tests/setup/test-projects.ts); the *.pg.test.ts files, which start servers
 * on PostgreSQL themselves (two instances on one database), run in this pass
 * only (vitest.config.ts). Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process'
import pg from 'pg'

const url = process.env.TEST_DATABASE_URL
const ci = Boolean(process.env.CI)

function stop(message: string): never {
  console.error(`\n*** test:unit:pg FAILED: ${message}\n`)
  process.exit(1)
}

if (!url) {
  if (ci) stop('CI is set but TEST_DATABASE_URL is not: the PostgreSQL pass cannot run.')
  console.log(
    '\nNotice: TEST_DATABASE_URL is not set, so the tests did not run on PostgreSQL,\n' +
      'nor did the *.pg.test.ts files (two instances of the site on one database).\n' +
      'Set it (e.g. postgres://bakery:bakery@127.0.0.1:5432/bakery_test) to run them there too.\n',
  )
  process.exit(0)
}

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
try {
  await client.connect()
  await client.query('select 1')
} catch (error) {
  const safeUrl = url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@')
  stop(`cannot connect to TEST_DATABASE_URL ${safeUrl}: ${(error as Error).message}`)
} finally {
  await client.end().catch(() => {})
}

// Only the database project: a second database changes nothing for the others.
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'database', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE: 'pg' },
  },
)
process.exit(result.status ?? 1)
