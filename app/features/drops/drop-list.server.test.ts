import { expect, test } from 'vitest'
import { openTestDatabase } from '#tests/support/database.ts'
import { listDrops } from './drop-list.server.ts'
import { createDrop } from './drops.server.ts'

const NOW = new Date('2026-12-02T17:00:00Z')
const HOUR = 3_600_000

function drop(slug: string, opensIn: number, closesIn: number) {
  return {
    slug,
    name: slug,
    pickupDate: '2026-12-19',
    opensAt: new Date(NOW.getTime() + opensIn * HOUR),
    closesAt: new Date(NOW.getTime() + closesIn * HOUR),
    items: [{ name: 'Loaf', priceCents: 900, stock: 5 }],
    windows: [{ start: '10:00', end: '12:00', capacity: null }],
  }
}

test('the list shows open drops first, then those coming, and none that have closed', async () => {
  const { db } = await openTestDatabase()
  for (const input of [
    drop('next-week', 24 * 7, 24 * 9),
    drop('closed', -48, -1),
    drop('tomorrow', 24, 48),
    drop('open-now', -1, 5),
  ]) {
    await createDrop(db, input, NOW)
  }
  const listed = await listDrops(db, NOW)
  expect(listed.map((entry) => [entry.slug, entry.state])).toEqual([
    ['open-now', 'open'],
    ['tomorrow', 'upcoming'],
    ['next-week', 'upcoming'],
  ])
  // In the bakery's time (Toronto): noon on Wednesday is 17:00 UTC.
  expect(listed[1]?.when).toBe('Opens Thursday, December 3 at 12:00 p.m.')
  expect(listed[0]?.when).toBe('Open until Wednesday, December 2 at 5:00 p.m.')
})
