import { afterEach, beforeEach, vi } from 'vitest'

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
