export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/**
 * Reads a request body as text, giving up as soon as it passes `maxBytes`
 * (whatever Content-Length claims), so an oversized post costs us nothing.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) throw new BodyTooLargeError()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new BodyTooLargeError()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
