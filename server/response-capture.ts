import type { Response } from 'express'

/**
 * Collects what the renderer writes, to keep it once the response has gone
 * out whole; `onClose` instead when the connection closed before that.
 */
export function captureBody(
  res: Response,
  onFinish: (body: Buffer) => void,
  onClose: () => void,
): void {
  const chunks: Buffer[] = []
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    )
  }
  const write = res.write as (...args: unknown[]) => boolean
  const end = res.end as (...args: unknown[]) => Response
  res.write = ((...args: unknown[]) => {
    collect(args[0], args[1])
    return write.apply(res, args)
  }) as typeof res.write
  res.end = ((...args: unknown[]) => {
    collect(args[0], args[1])
    return end.apply(res, args)
  }) as typeof res.end
  let finished = false
  res.once('finish', () => {
    finished = true
    onFinish(Buffer.concat(chunks))
  })
  res.once('close', () => {
    if (!finished) onClose()
  })
}
