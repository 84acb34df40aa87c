import { configDefaults, defineConfig } from 'vitest/config'

// A *.pg.test.ts file starts servers on PostgreSQL itself: it runs in the
// PostgreSQL pass only (TEST_DATABASE=pg, scripts/test-unit-pg.ts), once,
// and fails there without TEST_DATABASE_URL.
const onPostgres = process.env.TEST_DATABASE === 'pg'

export default defineConfig({
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(onPostgres ? [] : ['**/*.pg.test.ts'])],
    environment: 'node',
    globalSetup: ['./tests/setup/test-run.ts'],
    setupFiles: ['./tests/setup/unit-setup.ts'],
    restoreMocks: true,
    // Password hashing and real databases are CPU-bound: on a shared, busy
    // machine a sign-in test can take several times its quiet duration.
    testTimeout: 20_000,
  },
})
