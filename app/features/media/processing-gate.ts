export class GateFullError extends Error {
  override name = 'GateFullError'
}

/**
 * Runs at most `concurrency` jobs at once; up to `maxWaiting` more wait their
 * turn, and any beyond that are refused at once (the caller answers 503)
 * rather than piling up memory on a small server.
 */
export function createProcessingGate({
  concurrency,
  maxWaiting,
}: {
  concurrency: number
  maxWaiting: number
}) {
  let running = 0
  const waiting: (() => void)[] = []

  function release() {
    running--
    const next = waiting.shift()
    if (next) {
      running++
      next()
    }
  }

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting)
          throw new GateFullError('Too many images are being processed.')
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else {
        running++
      }
      try {
        return await job()
      } finally {
        release()
      }
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}

export type ProcessingGate = ReturnType<typeof createProcessingGate>
