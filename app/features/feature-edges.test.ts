import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

/** The order book's core and the rooms built around it (decision 091). */
const CORE = 'order-book'
const ROOMS = [
  'payments',
  'customer-changes',
  'customer-page',
  'order-page',
  'owner-desk',
  'scheduled-work',
]
// The edges as lint reads them, from the lint config itself.
const config = new URL('../../eslint.config.js', import.meta.url).href
const { featureEdges, kernels } = (await import(config)) as {
  featureEdges: Record<string, { uses: string[]; why: string }>
  kernels: string[]
}
const edges = Object.fromEntries(
  Object.entries(featureEdges).map(([feature, { uses }]) => [feature, uses]),
)
const featuresDir = import.meta.dirname

/** The other features a feature's source (tests aside) imports, by folder. */
function importedFeatures(feature: string): Set<string> {
  const used = new Set<string>()
  const files = readdirSync(join(featuresDir, feature), { recursive: true, encoding: 'utf8' })
  for (const file of files.filter((name) => /\.tsx?$/.test(name) && !/\.test\./.test(name))) {
    const source = readFileSync(join(featuresDir, feature, file), 'utf8')
    for (const match of source.matchAll(/#app\/features\/([a-z-]+)\//g)) {
      if (match[1] !== feature) used.add(match[1]!)
    }
  }
  return used
}

test('the core uses none of the rooms around it, and the rooms never form a loop', () => {
  expect(edges[CORE]!.filter((other) => ROOMS.includes(other))).toEqual([])
  // Walk every path from each room: none comes back to where it started.
  const loops: string[] = []
  const walk = (from: string, path: string[]) => {
    for (const next of edges[from] ?? []) {
      if (path.includes(next)) loops.push([...path, next].join(' → '))
      else walk(next, [...path, next])
    }
  }
  for (const feature of Object.keys(edges)) walk(feature, [feature])
  expect(loops).toEqual([])
})

test('each room is listed with the features it uses, and uses each it lists', () => {
  for (const room of [CORE, ...ROOMS]) {
    const used = [...importedFeatures(room)].filter((other) => !kernels.includes(other)).sort()
    expect(used, room).toEqual([...edges[room]!].sort())
  }
})

test('every feature says why it uses what it uses', () => {
  for (const [feature, { uses, why }] of Object.entries(featureEdges)) {
    if (uses.length > 0) expect(why.length, feature).toBeGreaterThan(40)
  }
})

test('a kernel uses no other feature, and every feature may build on it', () => {
  for (const kernel of kernels) {
    expect(edges[kernel]).toEqual([])
    expect([...importedFeatures(kernel)]).toEqual([])
  }
})
