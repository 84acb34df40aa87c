import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Request, Response } from 'express'
import { withScriptHashes } from './security-headers.ts'

/** A page as the cache keeps it: its bytes in each encoding, and what it was rendered for. */
export interface StoredPage {
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

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

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

/** What a finished render is kept under: the version and day read before its data, and when. */
export interface RenderStamp {
  version: string
  day: string
  storedAt: number
}

/**
 * Makes the stored page of a render's body, compressed once in each
 * encoding, and hands it to `store`; nothing when it cannot be kept.
 */
export async function keepPage(
  body: Buffer,
  nonce: string,
  { version, day, storedAt }: RenderStamp,
  store: (entry: StoredPage) => void,
): Promise<StoredPage | undefined> {
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
  const entry: StoredPage = {
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
  store(entry)
  return entry
}

/** Answers a request with a stored page: 304 when the browser has it, else the best encoding it takes. */
export function serveStoredPage(req: Request, res: Response, entry: StoredPage): void {
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
  const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity'
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.status(200)
  if (req.method === 'HEAD') res.end()
  else res.end(body)
}
