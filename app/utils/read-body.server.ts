export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/**
 * How much of an oversized body is still read (and thrown away) after the cap
 * is passed. A client that sends its whole body before it reads the reply
 * (most do) then hears our 413; a connection reset while it is still sending
 * would lose the reply. Beyond this, the connection is cut.
 */
export const DRAIN_LIMIT_BYTES = 1024 * 1024

/**
 * Reads a request body as text, giving up once it passes `maxBytes`
 * (whatever Content-Length claims), so an oversized post costs us nothing
 * but the reading: it is never kept.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString('utf8')
}

/**
 * readBodyText's bytes, exactly as they came: what a signature over the body
 * (a Stripe webhook's) was computed on.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  // The server reads off a declared body once the reply is sent
  // (server/unread-body.ts), so the connection stays usable.
  if (declared > maxBytes) throw new BodyTooLargeError()
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes + DRAIN_LIMIT_BYTES) {
      await reader.cancel()
      throw new BodyTooLargeError()
    }
    if (size <= maxBytes) chunks.push(value)
  }
  if (size > maxBytes) throw new BodyTooLargeError()
  return Buffer.concat(chunks)
}
