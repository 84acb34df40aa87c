import { AsyncLocalStorage } from 'node:async_hooks'
import { type DrawnWords, setServerDrawnWordsSource } from './drawn-words.ts'

/**
 * The server's side of utils/drawn-words.ts: a page's render runs inside
 * `recordDrawnWords`, and every amount, count and date it writes is kept
 * with the request, never in the process, so a page carries only its own.
 */
const current = new AsyncLocalStorage<DrawnWords>()

setServerDrawnWordsSource(() => current.getStore())

/** Runs `render` (and everything it schedules) keeping the words it writes. */
export function recordDrawnWords<T>(render: () => T): T {
  return current.run({}, render)
}
