import { expect, test } from 'vitest'
import { GateFullError, createProcessingGate } from './processing-gate.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

test('at most two jobs run at once, the next ones wait, and the rest are turned away', async () => {
  const gate = createProcessingGate({ concurrency: 2, maxWaiting: 1 })
  const started: number[] = []
  const jobs = [deferred(), deferred(), deferred()]
  const runs = jobs.map((job, index) =>
    gate.run(async () => {
      started.push(index)
      await job.promise
      return index
    }),
  )
  await Promise.resolve()
  expect(started).toEqual([0, 1])
  await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFullError)

  jobs[0]!.resolve()
  await runs[0]
  await Promise.resolve()
  expect(started).toEqual([0, 1, 2])
  jobs[1]!.resolve()
  jobs[2]!.resolve()
  expect(await Promise.all(runs)).toEqual([0, 1, 2])
  expect(gate.running).toBe(0)
})

test('a failing job frees its place', async () => {
  const gate = createProcessingGate({ concurrency: 1, maxWaiting: 0 })
  await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
  expect(await gate.run(async () => 'next')).toBe('next')
})
