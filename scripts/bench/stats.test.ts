import { describe, expect, it } from 'vitest'
import { envInt, median, medianOrNull, parseProcStatus } from './stats.ts'

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(() => median([])).toThrow()
  })

  it('skips missing values and gives null when none are left', () => {
    expect(medianOrNull([null, 5, undefined, 1])).toBe(3)
    expect(medianOrNull([null])).toBeNull()
  })
})

describe('envInt', () => {
  it('reads a positive whole number and refuses anything else', () => {
    process.env.BENCH_TEST_INT = '60'
    expect(envInt('BENCH_TEST_INT', 1)).toBe(60)
    process.env.BENCH_TEST_INT = '0'
    expect(() => envInt('BENCH_TEST_INT', 1)).toThrow(/positive whole number/)
    delete process.env.BENCH_TEST_INT
    expect(envInt('BENCH_TEST_INT', 7)).toBe(7)
  })
})

describe('parseProcStatus', () => {
  it('reads the resident size and its high-water mark in bytes', () => {
    const status = ['Name:\tnode', 'VmHWM:\t  204800 kB', 'VmRSS:\t  102400 kB', 'Threads:\t11']
    expect(parseProcStatus(status.join('\n'))).toEqual({
      rssBytes: 100 * 1024 * 1024,
      peakRssBytes: 200 * 1024 * 1024,
    })
  })

  it('gives null for a process without memory figures (a zombie)', () => {
    expect(parseProcStatus('Name:\tnode\nState:\tZ (zombie)\n')).toBeNull()
  })
})
