import { describe, expect, test } from 'vitest'
import { readRate } from './tax-input.ts'

describe('a rate as she writes it', () => {
  test.each([
    ['13', 130_000],
    ['13%', 130_000],
    [' 5 % ', 50_000],
    ['9.975', 99_750],
    ['9,975', 99_750],
    ['0.5', 5_000],
    ['100', 1_000_000],
    ['7.0001', 70_001],
    // No rate reaches a thousand percent: the comma is the point.
    ['1,000', 10_000],
  ])('%s is %i parts per million', (typed, ppm) => {
    expect(readRate(typed)).toEqual({ ok: true, ppm })
  })

  test.each([
    ['', 'Write the rate as a percent, like 13 or 9.975.'],
    ['13.12345', 'Write the rate as a percent, like 13 or 9.975.'],
    ['-5', 'Write the rate as a percent, like 13 or 9.975.'],
    ['0', 'A rate of 0% charges nothing: leave a class without rates instead.'],
    ['100.5', 'A rate can be at most 100%.'],
    ['thirteen', 'Write the rate as a percent, like 13 or 9.975.'],
  ])('%j is refused', (typed, error) => {
    expect(readRate(typed)).toEqual({ ok: false, error })
  })
})
