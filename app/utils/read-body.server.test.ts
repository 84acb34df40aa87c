import { expect, test } from 'vitest'
import { BodyTooLargeError, readBodyText } from './read-body.server.ts'

/** A body sent in chunks with no Content-Length, as `Transfer-Encoding: chunked` arrives. */
function chunkedRequest(chunks: number, chunkBytes: number) {
  const seen = { pulled: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close()
      seen.pulled++
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x78))
    },
    cancel() {
      seen.cancelled = true
    },
  })
  const init = { method: 'POST', body, duplex: 'half' }
  const request = new Request('http://localhost/contact', init as RequestInit)
  return { request, seen }
}

test('a body within the cap is read whole', async () => {
  const { request } = chunkedRequest(4, 1024)
  expect(await readBodyText(request, 4096)).toBe('x'.repeat(4096))
})

test('an oversized body without a Content-Length is read to its end before it is refused, so the reply reaches the client', async () => {
  const { request, seen } = chunkedRequest(40, 1024)
  await expect(readBodyText(request, 4096)).rejects.toBeInstanceOf(BodyTooLargeError)
  expect(seen).toEqual({ pulled: 40, cancelled: false })
})

test('a body that goes on far past the cap is cut off', async () => {
  const { request, seen } = chunkedRequest(10_000, 1024)
  await expect(readBodyText(request, 4096)).rejects.toBeInstanceOf(BodyTooLargeError)
  expect(seen.cancelled).toBe(true)
  expect(seen.pulled).toBeLessThan(10_000)
})

test('a declared Content-Length over the cap is refused before anything is read', async () => {
  const request = new Request('http://localhost/contact', {
    method: 'POST',
    headers: { 'content-length': '5000' },
    body: 'x'.repeat(10),
  })
  await expect(readBodyText(request, 4096)).rejects.toBeInstanceOf(BodyTooLargeError)
})
