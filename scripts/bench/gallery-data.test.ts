import { describe, expect, it } from 'vitest'
import { planGallery } from './gallery-data.ts'

const artworks = [
  { fileName: 'cake.jpg', tags: ['cake'] },
  { fileName: 'cupcakes.jpg', tags: ['cupcakes', 'vanilla'] },
]

describe('planGallery', () => {
  const newest = new Date('2025-06-01T12:00:00Z')
  const plan = planGallery(5, artworks, ['vanilla', 'wedding'], newest)

  it('cycles the artworks to the count, oldest first, ending at the newest time', () => {
    expect(plan.map((photo) => photo.artwork)).toEqual([0, 1, 0, 1, 0])
    const times = plan.map((photo) => photo.uploadedAt.getTime())
    expect(new Set(times).size).toBe(5)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(plan.at(-1)?.uploadedAt).toEqual(newest)
  })

  it('numbers repeats and varies their tags without duplicates', () => {
    expect(plan.map((photo) => photo.uploadedName)).toEqual([
      'cake.jpg',
      'cupcakes.jpg',
      'cake-2.jpg',
      'cupcakes-2.jpg',
      'cake-3.jpg',
    ])
    expect(plan.map((photo) => photo.tags)).toEqual([
      ['cake'],
      ['cupcakes', 'vanilla'],
      ['cake', 'vanilla'],
      ['cupcakes', 'vanilla', 'wedding'],
      ['cake', 'vanilla'],
    ])
  })
})
