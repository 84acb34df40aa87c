import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { withScriptHashes } from './security-headers.ts'

/**
 * A server-side cache of the anonymous public pages (docs/decisions/024).
 *
 * Rendering a page costs a few milliseconds of CPU; serving stored bytes
 * costs a few microseconds. Every anonymous visitor gets the same page, so
 * the first render is kept and served again, until one of three things says
 * it may be out of date:
 *
 * - the page version (`readVersion`, one primary-key read per request) is
 *   no longer the one read before the page was rendered: database triggers
 *   replace it on every write to what the pages show, whichever instance
 *   made it, so a change is seen at once by every instance;
 * - the day (`dayOf`) has moved on: /ordernow renders the bakery's today;
 * - it is older than `maxAgeMs`, a backstop for anything neither covers
 *   (a gallery shown empty because its query failed once).
 *
 * A stored page carries no CSP nonce: its inline scripts are allowed by
 * their sha256 hashes, computed once when it is stored, so its bytes are the
 * same for everyone and are kept compressed (brotli and gzip) once, instead
 * of compressed again for each response. Each response still gets the CSP
 * header made for it, with the hashes in place of its nonce.
 *
 * Nothing that changes behaviour lives here alone: the version is in the
 * database, so a cache that is empty, full or missing only costs renders.
 */

export interface PageCacheOptions {
  /** The current page version; throws when the database cannot say (nothing is served or kept then). */
  readVersion: () => Promise<string>
  /** The day a page rendered at `now` (epoch ms) belongs to. */
  dayOf: (now: number) => string
  /** Whether a Cookie header carries a session: such requests are never served from, or stored in, the cache. */
  hasSession: (cookieHeader: string | undefined) => boolean
  now?: () => number
  /** At most this many pages; the least recently served go first. */
  maxEntries?: number
  /** At most this many bytes of stored pages (all encodings together). */
  maxBytes?: number
  maxAgeMs?: number
}

export interface PageCache {
  handler: RequestHandler
  /** How many pages are stored and their bytes: for tests and for watching memory. */
  size(): { entries: number; bytes: number }
  clear(): void
}

interface Entry {
  version: string
  day: string
  storedAt: number
  etag: string
  /** sha256-… of each inline script, in the header's spelling. */
  scriptHashes: string[]
  identity: Buffer
  gzip: Buffer
  br: Buffer
  bytes: number
}

/** A page being rendered, and what it will store (nothing if it cannot be kept). */
interface Render {
  version: string
  day: string
  result: Promise<Entry | undefined>
}

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/** Pages whose HTML depends only on the database, the day and the build, never on the query string. */
const PLAIN_PAGES = new Set(['/', '/about', '/faq', '/policies'])
/**
 * The order form renders the treat a link chose (`?product=Cakes`, from
 * About's cards) and nothing else of its query: one page per treat asked for.
 */
const ORDER_PAGE = '/ordernow'
/**
 * Contact's form posts back to the page's own address, query and all, so its
 * HTML echoes the query: only the bare page is kept.
 */
const BARE_ONLY = new Set(['/contact'])
/** The gallery renders its query (filters, paging, and the other parameters its links keep). */
const GALLERY = '/gallery'
const GALLERY_PARAMS = new Set(['tag', 'show'])

/**
 * The cache key for a request, or null when it is not kept. Only the
 * canonical spelling of each path (any other case is rendered as before);
 * the gallery only with its own parameters, each query its own page. A
 * campaign's `?utm_source=…` or `?fbclid=…` changes nothing on the plain
 * pages (a browser test pins that), so they all share the one page. React Router's `.data` requests are
 * not kept: they answer clicks inside the site, not the landing spike this
 * is for, and a CDN keeps them by cache-policy.ts.
 */
export function pageCacheKey(path: string, search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search
  if (PLAIN_PAGES.has(path)) return path
  if (path === ORDER_PAGE) {
    const product = new URLSearchParams(query).get('product')
    return product ? `${ORDER_PAGE}?product=${encodeURIComponent(product)}` : ORDER_PAGE
  }
  if (BARE_ONLY.has(path)) return query === '' ? path : null
  if (path !== GALLERY) return null
  if (query === '') return GALLERY
  for (const pair of query.split('&')) {
    const name = decodeURIComponent(pair.split('=')[0]!.replaceAll('+', ' '))
    if (!GALLERY_PARAMS.has(name)) return null
  }
  return `${GALLERY}?${query}`
}

/** Inline scripts the browser runs (not external ones, not JSON data blocks): what the CSP must allow. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const DATA_BLOCK = /\btype\s*=\s*"?application\/(?:ld\+)?json/i

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = '', content = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue
    hashes.push(`sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}`)
  }
  return [...new Set(hashes)]
}

/**
 * The page as stored: the render's nonce taken off its scripts and preload
 * links, and the hashes of its inline scripts. Null when the nonce appears
 * anywhere else (it would then be served to others, and mean something we
 * do not understand).
 */
export function withoutNonce(
  html: string,
  nonce: string,
): { html: string; scriptHashes: string[] } | null {
  if (!nonce) return null
  const stripped = html.split(` nonce="${nonce}"`).join('')
  if (stripped.includes(nonce)) return null
  return { html: stripped, scriptHashes: inlineScriptHashes(stripped) }
}

/**
 * Shares version reads between requests that arrive together, without ever
 * answering a request with a read that started before it arrived (a write
 * committed just before the request could then go unseen): a request that
 * finds a read in flight waits for the next one, which starts when that one
 * ends and serves everyone who came meanwhile. Under load that is one query
 * per round instead of one per request.
 */
export function coalesceReads<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  let queued: Promise<T> | undefined
  const start = (): Promise<T> => {
    const run = read()
    inFlight = run
    const done = () => {
      if (inFlight === run) inFlight = undefined
    }
    run.then(done, done)
    return run
  }
  return () => {
    if (!inFlight) return start()
    queued ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined
        return start()
      })
    return queued
  }
}

export function createPageCache({
  readVersion: readVersionEachTime,
  dayOf,
  hasSession,
  now = Date.now,
  maxEntries = 200,
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 10 * 60_000,
}: PageCacheOptions): PageCache {
  const readVersion = coalesceReads(readVersionEachTime)
  // A Map keeps insertion order: the first key is the least recently served.
  const entries = new Map<string, Entry>()
  let bytes = 0

  function remove(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  function store(key: string, entry: Entry): void {
    remove(key)
    entries.set(key, entry)
    bytes += entry.bytes
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      remove(oldest)
    }
  }

  async function keep(
    key: string,
    body: Buffer,
    nonce: string,
    version: string,
    day: string,
    storedAt: number,
  ): Promise<Entry | undefined> {
    const page = withoutNonce(body.toString('utf8'), nonce)
    if (!page) return undefined
    const identity = Buffer.from(page.html, 'utf8')
    // Once per stored page, off the main thread; quality 9 is within a few
    // percent of 11 at a fraction of the time, so a flood of new gallery
    // queries cannot keep the compressor busy.
    const [gz, br] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ])
    const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`
    const entry: Entry = {
      version,
      day,
      storedAt,
      etag,
      scriptHashes: page.scriptHashes,
      identity,
      gzip: gz,
      br,
      bytes: identity.length + gz.length + br.length + 512,
    }
    store(key, entry)
    return entry
  }

  function serve(req: Request, res: Response, entry: Entry): void {
    const policy = res.getHeader('Content-Security-Policy')
    const nonce = String(res.locals.cspNonce ?? '')
    if (typeof policy === 'string') {
      res.setHeader('Content-Security-Policy', withScriptHashes(policy, nonce, entry.scriptHashes))
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('ETag', entry.etag)
    res.vary('Accept-Encoding')
    const asked = req.headers['if-none-match']
    if (asked && asked.split(',').some((tag) => tag.trim() === entry.etag)) {
      res.status(304).end()
      return
    }
    // Brotli when the browser takes it (a tenth smaller than gzip here),
    // whatever order it lists them in, as for the build's static files.
    const accepted = req.acceptsEncodings()
    const encoding = accepted.includes('br')
      ? 'br'
      : accepted.includes('gzip')
        ? 'gzip'
        : 'identity'
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity
    if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', body.length)
    res.status(200)
    if (req.method === 'HEAD') res.end()
    else res.end(body)
  }

  /**
   * Collects what the renderer writes, to keep it once the response has gone
   * out whole; `onClose` instead when the connection closed before that.
   */
  function capture(res: Response, onFinish: (body: Buffer) => void, onClose: () => void): void {
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
  const rendering = new Map<string, Render>()

  /** Renders this GET's page and keeps it, sharing the result with requests that come meanwhile. */
  function renderAndKeep(
    key: string,
    res: Response,
    version: string,
    day: string,
    startedAt: number,
  ): void {
    let settle!: (entry: Entry | undefined) => void
    const render: Render = {
      version,
      day,
      result: new Promise((resolve) => (settle = resolve)),
    }
    rendering.set(key, render)
    render.result.then(() => {
      if (rendering.get(key) === render) rendering.delete(key)
    })
    capture(
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
        keep(key, body, nonce, version, day, startedAt).then(settle, (error: unknown) => {
          console.error('page cache: could not keep a page', error)
          settle(undefined)
        })
      },
      () => settle(undefined),
    )
  }

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (hasSession(req.headers.cookie)) return next()
    const search = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
      : ''
    const key = pageCacheKey(req.path, search)
    if (key === null) return next()
    const startedAt = now()
    const day = dayOf(startedAt)
    readVersion().then(
      (version) => {
        const entry = entries.get(key)
        if (
          entry &&
          entry.version === version &&
          entry.day === day &&
          startedAt - entry.storedAt < maxAgeMs
        ) {
          // Most recently served last, so eviction takes the coldest page.
          entries.delete(key)
          entries.set(key, entry)
          serve(req, res, entry)
          return
        }
        if (entry) remove(key)
        // A render under way for what this request read is as fresh as one
        // of its own: any write committed before this request arrived would
        // have changed the version it read.
        const underWay = rendering.get(key)
        if (underWay && underWay.version === version && underWay.day === day) {
          underWay.result.then((rendered) => (rendered ? serve(req, res, rendered) : next()))
          return
        }
        // Rendered as before; a GET's page is kept under the version and day
        // read before its data was, so a write landing during the render
        // leaves a page that is never served.
        if (req.method === 'GET') renderAndKeep(key, res, version, day, startedAt)
        next()
      },
      // The database did not answer: render as before, which reports it.
      () => next(),
    )
  }

  return {
    handler,
    size: () => ({ entries: entries.size, bytes }),
    clear: () => {
      entries.clear()
      bytes = 0
    },
  }
}
