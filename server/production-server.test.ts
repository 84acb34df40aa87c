/**
 * The production server as `npm run serve` runs it, in a process of its
 * own: the headers and compression server/main.ts puts around the app (the
 * CSP of rendered pages and of those served from the page cache), and how
 * it boots and stops.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  BUILD_TIMEOUT_MS,
  type BuiltServer,
  ensureBuild,
  startBuiltServer,
} from '#tests/support/built-server.ts'

let site: BuiltServer

beforeAll(async () => {
  await ensureBuild()
  site = await startBuiltServer({ SEED_DEMO: 'false' })
}, BUILD_TIMEOUT_MS)

afterAll(() => site?.stop(), 30_000)

const get = (pathname: string, init?: RequestInit) => fetch(`${site.base}${pathname}`, init)

test('every rendered page carries an enforced CSP whose nonce is on each inline script', async () => {
  // Contact with a query is rendered for each request (the page cache keeps
  // only the bare page; cached pages are allowed by hashes, below).
  const first = await get('/contact?from=csp')
  const csp = first.headers.get('content-security-policy') ?? ''
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce).toBeTruthy()
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(first.headers.get('content-security-policy-report-only')).toBeNull()
  const html = await first.text()
  // JSON data blocks (structured data, the page's words) are never run: the policy does not apply.
  const inlineScripts = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)([^>]*)>/g),
  ]
  expect(inlineScripts.length).toBeGreaterThan(0)
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`)

  const second = await get('/contact?from=csp')
  expect(second.headers.get('content-security-policy')).not.toContain(nonce)
  expect(first.headers.get('x-content-type-options')).toBe('nosniff')
  expect(first.headers.get('x-powered-by')).toBeNull()
})

test('hashed assets are compressed and cached for a year; healthz answers', async () => {
  const html = await (await get('/')).text()
  // A script the page names (public pages load theirs on the first intent: decision 027).
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
  expect(script).toBeTruthy()
  const asset = await get(script!, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(asset.status).toBe(200)
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(asset.headers.get('content-encoding')).toBe('gzip')

  const health = await get('/healthz')
  expect(health.status).toBe(200)
  expect(await health.text()).toBe('ok')
})

test('a page made for one request reaches a browser that offers brotli whole and compressed', async () => {
  const plain = await get('/contact?from=brotli', { headers: { 'Accept-Encoding': 'identity' } })
  const compressed = await get('/contact?from=brotli', {
    headers: { 'Accept-Encoding': 'gzip, deflate, br' },
  })
  expect(compressed.headers.get('content-encoding')).toBe('br')
  expect(plain.headers.get('content-encoding')).toBeNull()
  // fetch unpacks the brotli as a browser does: what the page reads is the whole page.
  const html = await compressed.text()
  expect(html).toContain('</html>')
  // Each render carries its own nonce; otherwise the two are the same page.
  const withoutNonces = (text: string) => text.replace(/nonce="[^"]+"/g, '')
  expect(withoutNonces(html)).toBe(withoutNonces(await plain.text()))
})

test('every response’s CSP allows exactly the inline scripts in its own body, rendered or served from the page cache', async () => {
  for (const path of ['/', '/gallery', '/ordernow', '/gallery?tag=cake']) {
    // The first may be rendered; the next ones come from the server's page cache.
    const seen = new Set<string>()
    // A page is stored once it has been compressed, a moment after its first
    // response: it is asked again, a look every 50 ms, until it comes from the cache.
    for (let visit = 0; visit < 20 && !(seen.has('hashes') && visit >= 3); visit++) {
      if (visit > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toMatch(/^public, /)
      const policy = response.headers.get('content-security-policy') ?? ''
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []
      const html = await response.text()
      // JSON data blocks (structured data, the page's words) are never run, so the policy
      // does not apply to them.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/application\/(ld\+)?json/.test(attributes!),
      )
      expect(scripts.length, path).toBeGreaterThan(1)
      expect(scriptSrc[0]).toBe("'self'")
      expect(scriptSrc.at(-1)).toBe("'strict-dynamic'")
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
      if (nonce) {
        // Rendered for this response: its fresh nonce on every script, and nothing else allowed.
        expect(scriptSrc, path).toHaveLength(3)
        for (const [tag] of scripts) expect(tag, path).toContain(` nonce="${nonce}"`)
        seen.add('nonce')
      } else {
        // Stored: no nonce in the body, and exactly the hashes of its inline scripts.
        expect(html).not.toMatch(/nonce="[^"]/)
        const hashes = scripts.map(
          ([, , content]) => `'sha256-${createHash('sha256').update(content!).digest('base64')}'`,
        )
        expect(scriptSrc.slice(1, -1).sort(), path).toEqual([...new Set(hashes)].sort())
        seen.add('hashes')
      }
    }
    expect(seen.has('hashes'), `${path} was served from the page cache`).toBe(true)
  }
})

test('the plain public pages render the same whatever their query string, so the page cache keeps one copy of each', async () => {
  // A (bogus) session cookie makes the server render each of these afresh.
  // (Contact is not among them: its form posts back to its own address, query
  // included, so the cache keeps only its bare page.)
  const rendered = async (path: string) => {
    const response = await get(path, { headers: { cookie: 'bakery.session_token=not-a-session' } })
    expect(response.status, path).toBe(200)
    expect(response.headers.get('content-security-policy')).toMatch(/'nonce-/)
    return (await response.text()).replace(/ nonce="[^"]+"/g, '')
  }
  for (const path of ['/', '/about', '/ordernow']) {
    expect(await rendered(`${path}?utm_source=newsletter&fbclid=abc`), path).toBe(
      await rendered(path),
    )
  }
  // The order form renders the treat a link chose, and only that: the cache keeps one page per treat.
  expect(await rendered('/ordernow?product=Cakes&utm_source=newsletter')).toBe(
    await rendered('/ordernow?product=Cakes'),
  )
  expect(await rendered('/ordernow?product=Cakes')).not.toBe(await rendered('/ordernow'))
})

test('a bad setting stops the server with a message naming the variable', async () => {
  const { server } = await startBuiltServer(
    { PORT: 'eighty', SITE_URL: 'not a url' },
    { ready: false },
  )
  expect(await server.exited).toBe(1)
  expect(server.output()).toContain('PORT: must be a number')
  expect(server.output()).toContain('SITE_URL: must be an http:// or https:// URL')
})

test('the server creates its data folder and stops cleanly on SIGTERM', async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'bakery-boot-')), 'nested', 'data')
  const { server } = await startBuiltServer({ DATA_DIR: dataDir })
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  expect(server.output()).toContain('SIGTERM received')
  expect(server.output()).toMatch(/GET \/healthz 200/)
})

test('half-configured EmailJS stops the server, naming what is missing', async () => {
  const { server } = await startBuiltServer(
    { EMAILJS_SERVICE_ID: 'service_bakery' },
    { ready: false },
  )
  expect(await server.exited).toBe(1)
  expect(server.output()).toContain('EMAILJS_PUBLIC_KEY is required to send through EmailJS')
  expect(server.output()).toContain('EMAILJS_ORDER_TEMPLATE_ID is required to send through EmailJS')
})
