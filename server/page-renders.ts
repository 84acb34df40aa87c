import type { Response } from 'express'
import { captureBody } from './response-capture.ts'
import { keepPage, type StoredPage } from './stored-page.ts'

/** A page being rendered, and what it will store (nothing if it cannot be kept). */
interface Render {
  version: string
  day: string
  result: Promise<StoredPage | undefined>
}

/**
 * Renders under way, by key: one page render at a time per key, whatever
 * the number of visitors asking for it. A request that finds the page being
 * rendered for the version and day it read waits for that render and is
 * served its stored result; it renders for itself only if that render
 * stores nothing (an error page, a session cookie set, a dropped
 * connection). Fifty visitors landing on a page nobody has asked for since
 * the gallery changed cost one render and one compression, not fifty of
 * each held in memory at once.
 */
export function createRenders(store: (key: string, entry: StoredPage) => void) {
  const rendering = new Map<string, Render>()

  /** The render under way for this key, if it was started for the same version and day. */
  function underWay(
    key: string,
    version: string,
    day: string,
  ): Promise<StoredPage | undefined> | undefined {
    const render = rendering.get(key)
    return render && render.version === version && render.day === day ? render.result : undefined
  }

  /** Renders this GET's page and keeps it, sharing the result with requests that come meanwhile. */
  function renderAndKeep(
    key: string,
    res: Response,
    version: string,
    day: string,
    startedAt: number,
  ): void {
    let settle!: (entry: StoredPage | undefined) => void
    const render: Render = {
      version,
      day,
      result: new Promise((resolve) => (settle = resolve)),
    }
    rendering.set(key, render)
    render.result.then(() => {
      if (rendering.get(key) === render) rendering.delete(key)
    })
    captureBody(
      res,
      (body) => {
        if (
          res.statusCode !== 200 ||
          res.getHeader('Set-Cookie') !== undefined ||
          !String(res.getHeader('Content-Type') ?? '').startsWith('text/html')
        ) {
          settle(undefined)
          return
        }
        const nonce = String(res.locals.cspNonce ?? '')
        const stamp = { version, day, storedAt: startedAt }
        keepPage(body, nonce, stamp, (entry) => store(key, entry)).then(
          settle,
          (error: unknown) => {
            console.error('page cache: could not keep a page', error)
            settle(undefined)
          },
        )
      },
      () => settle(undefined),
    )
  }

  return { underWay, renderAndKeep }
}
