import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup/unit-setup.ts'],
    restoreMocks: true,
    // Password hashing and real databases are CPU-bound: on a shared, busy
    // machine a sign-in test can take several times its quiet duration.
    testTimeout: 20_000,
  },
})
