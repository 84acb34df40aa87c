const counts = new Intl.NumberFormat('en-US')

/** A count as people write it: 1,204, not 1204. */
export function formatCount(count: number): string {
  return counts.format(count)
}
