import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest'
import { startDatabaseUse, writeDatabaseUse } from '#tests/support/database-use.ts'

// The SQLite pass notes which files open a database: only those run again on PostgreSQL.
if ((process.env.TEST_DATABASE ?? 'sqlite') === 'sqlite') {
  startDatabaseUse()
  let testFile: string | undefined
  beforeEach(() => {
    testFile = expect.getState().testPath
  })
  afterAll(() => {
    if (testFile) writeDatabaseUse(testFile)
  })
}

// A console.error during a test is a bug we have not noticed yet: fail on it.
let consoleError: { mock: { calls: unknown[][] } }
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error')
})
afterEach(() => {
  const calls = consoleError.mock.calls
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((args: unknown[]) => args.join(' ')).join('\n')}`,
    )
  }
})
