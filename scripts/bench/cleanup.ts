/**
 * Everything the benchmark starts (server, browser, temp folders) registers
 * how to undo it here, so a failure or Ctrl-C halfway through leaves no
 * stray process holding a port and no data folder behind.
 */
type Task = () => Promise<void> | void

const tasks: Task[] = []

/** Registers a task; the returned function runs it early and forgets it. */
export function onCleanup(task: Task): () => Promise<void> {
  tasks.push(task)
  return async () => {
    const index = tasks.lastIndexOf(task)
    if (index === -1) return
    tasks.splice(index, 1)
    await task()
  }
}

/** Runs the outstanding tasks, newest first; one failing does not stop the rest. */
export async function cleanUpAll(): Promise<void> {
  for (let task = tasks.pop(); task; task = tasks.pop()) {
    try {
      await task()
    } catch (error) {
      console.error('Cleanup failed:', error)
    }
  }
}

let exiting = false

/** True once a signal has asked us to stop; errors after that are just the teardown. */
export const stoppingForSignal = (): boolean => exiting

/** On Ctrl-C or a kill, clean up before leaving with the conventional 128 + signal code. */
export function cleanUpOnSignals(): void {
  const signals = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const
  for (const [signal, code] of Object.entries(signals)) {
    process.on(signal, () => {
      if (exiting) return
      exiting = true
      console.error(`\n${signal} received: stopping the benchmark`)
      void cleanUpAll().finally(() => process.exit(code))
    })
  }
}
