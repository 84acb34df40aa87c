import { describe, expect, it } from 'vitest'
import { weightedSequence } from './memory.ts'

describe('weightedSequence', () => {
  it('repeats each path in proportion to its weight, to the exact length', () => {
    const sequence = weightedSequence(
      [
        { path: '/', weight: 3 },
        { path: '/gallery', weight: 1 },
        { path: '/about', weight: 0.5 },
      ],
      9,
    )
    expect(sequence).toHaveLength(9)
    const count = (path: string) => sequence.filter((p) => p === path).length
    expect([count('/'), count('/gallery'), count('/about')]).toEqual([6, 2, 1])
  })

  it('interleaves the paths rather than running one after another', () => {
    const sequence = weightedSequence(
      [
        { path: 'a', weight: 1 },
        { path: 'b', weight: 1 },
      ],
      6,
    )
    expect(sequence).toEqual(['a', 'b', 'a', 'b', 'a', 'b'])
  })

  it('is empty with nothing to weigh', () => {
    expect(weightedSequence([], 10)).toEqual([])
  })
})
