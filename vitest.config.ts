import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { testFilesByProject } from './tests/setup/test-projects.ts'

// A *.pg.test.ts file starts servers on PostgreSQL itself: it runs in the
// PostgreSQL pass only (TEST_DATABASE=pg, scripts/test-unit-pg.ts), once,
// and fails there without TEST_DATABASE_URL.
const onPostgres = process.env.TEST_DATABASE === 'pg'

// unit, database and server: what each needs is in tests/setup/test-projects.ts.
const files = testFilesByProject()

export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ...(onPostgres ? [] : ['**/*.pg.test.ts'])],
    environment: 'node',
    globalSetup: ['./tests/setup/test-run.ts'],
    setupFiles: ['./tests/setup/unit-setup.ts'],
    restoreMocks: true,
    // Vitest's default, one worker per core less one, leaves a two-core
    // machine's second core idle while a test waits on a database, a server
    // or a socket: at least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Password hashing and real databases are CPU-bound: on a shared, busy
    // machine a sign-in test can take several times its quiet duration.
    testTimeout: 20_000,
    // A worker keeps the modules it has loaded from one file to the next in
    // the unit and database projects, rather than a fresh process for each
    // file: importing the app again for every file took most of their time
    // (decision 096). Their tests leave no state behind but rows in a
    // database of their own. The server project's files start processes
    // and keep their own.
    projects: (['unit', 'database', 'server'] as const).map((name) => ({
      extends: true,
      test: { name, include: files[name], isolate: name === 'server' },
    })),
  },
})
