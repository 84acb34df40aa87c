import type { Result } from 'autocannon'
import { describe, expect, it } from 'vitest'
import { type LoadSummary, withStaticRatios } from './load.ts'

const run = (
  path: string,
  kind: LoadSummary['kind'],
  connections: number,
  requestsPerSecond: number,
): LoadSummary => ({
  path,
  kind,
  seconds: 10,
  connections,
  requestsPerSecond,
  latencyP50Ms: 1,
  latencyP99Ms: 2,
  requests: 100,
  failures: 0,
  ratioToStatic: null,
  raw: {} as Result,
})

describe('withStaticRatios', () => {
  it('divides each page by the favicon measured at the same connections', () => {
    const results = withStaticRatios([
      run('/favicon.svg', 'static', 10, 1000),
      run('/assets/big.js', 'static', 10, 500),
      run('/', 'page', 10, 600),
      run('/favicon.svg', 'static', 50, 2000),
      run('/', 'page', 50, 500),
    ])
    expect(results.map((r) => r.ratioToStatic)).toEqual([null, null, 0.6, null, 0.25])
  })

  it('leaves the ratio empty without a baseline', () => {
    expect(withStaticRatios([run('/', 'page', 10, 600)])[0]?.ratioToStatic).toBeNull()
  })
})
