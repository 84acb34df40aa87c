/**
 * Shares version reads between requests that arrive together, without ever
 * answering a request with a read that started before it arrived (a write
 * committed just before the request could then go unseen): a request that
 * finds a read in flight waits for the next one, which starts when that one
 * ends and serves everyone who came meanwhile. Under load that is one query
 * per round instead of one per request.
 */
export function coalesceReads<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  let queued: Promise<T> | undefined
  const start = (): Promise<T> => {
    const run = read()
    inFlight = run
    const done = () => {
      if (inFlight === run) inFlight = undefined
    }
    run.then(done, done)
    return run
  }
  return () => {
    if (!inFlight) return start()
    queued ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined
        return start()
      })
    return queued
  }
}
