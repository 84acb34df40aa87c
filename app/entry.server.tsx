import { PassThrough, Writable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter, isRouteErrorResponse } from 'react-router'
import { NonceProvider } from '#app/components/nonce.tsx'
import { recordDrawnWords } from '#app/utils/drawn-words.server.ts'
import { cspNonceContext } from '#app/utils/request-context.ts'

export const streamTimeout = 5_000

/**
 * Failures are logged with their stack. A request answered with a 4xx (a
 * method a route does not take, such as a POST to a page without a form) is
 * the sender's mistake, answered plainly: logging it would let anyone fill
 * the log with stack traces.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  console.error(error)
}

/**
 * How long a finished shell waits for the data behind its Suspense
 * boundaries. Data that comes within it (a local SQLite query always does)
 * is written in place, in document order: the page then works without
 * JavaScript and nothing shifts as it loads. Slower data streams in behind
 * its fallback, such as 'Loading gallery...'. See docs/decisions/007.
 */
const IN_ORDER_WINDOW_MS = 50

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext)
  // Crawlers get the whole page at once; browsers get the shell as soon as
  // the data is in or the window has passed, and the rest as it streams in.
  const crawler = isbot(request.headers.get('user-agent') ?? '')

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let started = false
    function respondWith(body: BodyInit) {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }))
    }
    /** The shell now, and what is still loading as it comes. */
    function startStreaming() {
      if (started) return
      started = true
      const body = new PassThrough()
      respondWith(createReadableStreamFromReadable(body))
      pipe(body)
    }
    /**
     * A page that is ready whole goes out as one body. Streamed, it reached
     * the compressor as a dozen small writes, each a job on libuv's thread
     * pool whose output comes back on the next turn of the event loop: under
     * load a page rendered in milliseconds took over a second to leave, with
     * a compressor's memory held all that time (docs/decisions/063).
     */
    function sendWhole() {
      if (started) return
      started = true
      pipe(wholeBody(respondWith))
    }
    // The amounts and dates the page writes go out with it (DrawnWordsScript).
    const { pipe, abort } = recordDrawnWords(() =>
      renderToPipeableStream(
        <NonceProvider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceProvider>,
        {
          nonce,
          // React writes a large finished boundary after the page (to be moved
          // into place by script) unless told the size is fine: keep in order.
          progressiveChunkSize: 1024 * 1024,
          onShellReady() {
            shellRendered = true
            if (!crawler) setTimeout(startStreaming, IN_ORDER_WINDOW_MS)
          },
          onAllReady() {
            sendWhole()
          },
          onShellError(error: unknown) {
            reject(error)
          },
          onError(error: unknown) {
            responseStatusCode = 500
            // Errors before the shell is ready reach onShellError; log the rest.
            if (shellRendered) console.error(error)
          },
        },
      ),
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}

/** Gathers the page as it is written and hands it to `send` in one piece at its end. */
function wholeBody(send: (body: BodyInit) => void): Writable {
  const chunks: Buffer[] = []
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
    final(done) {
      send(Buffer.concat(chunks))
      done()
    },
  })
}
