import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { DOC, renderArchitecture } from './architecture-map.ts'

test('docs/architecture.md shows the features, edges and tables the code has', async () => {
  const document = readFileSync(DOC, 'utf8')
  // Out of date: run `npm run docs:architecture` and commit what it writes.
  expect(await renderArchitecture(document)).toBe(document)
})

test('a feature the code gains, or a table changing hands, shows as a stale map', async () => {
  const document = readFileSync(DOC, 'utf8')
  const stale = document.replace(/\| `payments` +\|/, '| `payment-desk` |')
  expect(stale).not.toBe(document)
  expect(await renderArchitecture(stale)).toBe(document)
})
