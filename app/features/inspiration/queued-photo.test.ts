import { expect, test } from 'vitest'
import { isQueuedPhoto } from './queued-photo.ts'

const key = 'Zm9vYmFyYmF6cXV4MTIzNA'
const preview = 'data:image/webp;base64,UklGRkAAAABXRUJQ'

test('a stored photo is kept only with a key of 128 bits or more and our inline WebP preview', () => {
  expect(isQueuedPhoto({ key, preview })).toBe(true)
  expect(isQueuedPhoto({ key, preview, extra: 1 })).toBe(true)
  for (const value of [
    null,
    'photo',
    [key, preview],
    { key },
    { key: 'short', preview },
    { key: `${key}/../x`, preview },
    { key, preview: 'https://tracker.example/pixel.webp' },
    { key, preview: 'javascript:alert(1)' },
    { key, preview: 'data:image/svg+xml;base64,PHN2Zz4=' },
    { key, preview: `data:image/webp;base64,${'A'.repeat(70_000)}` },
    { key, preview: 'data:image/webp;base64,"><script>' },
  ]) {
    expect(isQueuedPhoto(value), JSON.stringify(value)?.slice(0, 80)).toBe(false)
  }
})
