import type { RequestHandler } from 'express'
import { DRAIN_LIMIT_BYTES } from '#app/utils/read-body.server.ts'

/**
 * Reads off what is left of a request's body once its answer is sent.
 *
 * Many refusals (too large, a type no form sends, too many sends) are decided
 * before the body is read, and the app's request stream pauses the
 * connection with the rest of the body unread. A browser keeps that
 * connection for its next request, which would then wait unanswered until
 * the connection timed out and was reset. So the rest is read and thrown
 * away, up to DRAIN_LIMIT_BYTES; past that the connection is cut, and the
 * sender's next request opens a new one.
 */
export function readOffUnreadBodies(): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      if (req.complete || req.destroyed) return
      let drained = 0
      // The app's stream no longer wants the bytes; nothing else should get them.
      req.removeAllListeners('data')
      req.on('data', (chunk: Buffer) => {
        drained += chunk.byteLength
        if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy()
      })
      req.resume()
    })
    next()
  }
}
