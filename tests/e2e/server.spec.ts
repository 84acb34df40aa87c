import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createTestSchema } from '#tests/support/pg-schema.ts'
import { startServerProcess } from '#tests/support/server-process.ts'
import { expect, publicPages, test } from './fixtures.ts'

test('every rendered page carries an enforced CSP whose nonce is on each inline script', async ({
  request,
}) => {
  // Contact with a query is rendered for each request (the page cache keeps
  // only the bare page; cached pages are allowed by hashes: caching.spec.ts).
  const first = await request.get('/contact?from=csp')
  const csp = first.headers()['content-security-policy'] ?? ''
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce).toBeTruthy()
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(first.headers()['content-security-policy-report-only']).toBeUndefined()
  const html = await first.text()
  // JSON data blocks (structured data, the page's words) are never run: the policy does not apply.
  const inlineScripts = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)([^>]*)>/g),
  ]
  expect(inlineScripts.length).toBeGreaterThan(0)
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`)

  const second = await request.get('/contact?from=csp')
  expect(second.headers()['content-security-policy']).not.toContain(nonce)
  expect(first.headers()['x-content-type-options']).toBe('nosniff')
  expect(first.headers()['x-powered-by']).toBeUndefined()
})

test('hashed assets are compressed and cached for a year; healthz answers', async ({ request }) => {
  const html = await (await request.get('/')).text()
  // A script the page names (public pages load theirs on the first intent: decision 027).
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
  expect(script).toBeTruthy()
  const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(asset.status()).toBe(200)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(asset.headers()['content-encoding']).toBe('gzip')

  const health = await request.get('/healthz')
  expect(health.status()).toBe(200)
  expect(await health.text()).toBe('ok')
})

test('a page made for one request reaches a browser that offers brotli whole and compressed', async ({
  request,
}) => {
  const plain = await request.get('/contact?from=brotli', {
    headers: { 'Accept-Encoding': 'identity' },
  })
  const compressed = await request.get('/contact?from=brotli', {
    headers: { 'Accept-Encoding': 'gzip, deflate, br' },
  })
  expect(compressed.headers()['content-encoding']).toBe('br')
  expect(plain.headers()['content-encoding']).toBeUndefined()
  const html = await compressed.text()
  expect(html).toContain('</html>')
  // Each render carries its own nonce; otherwise the two are the same page.
  const withoutNonces = (text: string) => text.replace(/nonce="[^"]+"/g, '')
  expect(withoutNonces(html)).toBe(withoutNonces(await plain.text()))
})

test('a bad setting stops the server with a message naming the variable', async () => {
  const server = startServerProcess({ PORT: 'eighty', SITE_URL: 'not a url' })
  expect(await server.exited).toBe(1)
  expect(server.output()).toContain('PORT: must be a number')
  expect(server.output()).toContain('SITE_URL: must be an http:// or https:// URL')
})

test('the server creates its data folder and stops cleanly on SIGTERM', async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'bakery-boot-')), 'nested', 'data')
  const server = startServerProcess({ PORT: '3299', DATA_DIR: dataDir })
  await server.ready()
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  expect(server.output()).toContain('SIGTERM received')
  expect(server.output()).toMatch(/GET \/healthz 200/)
})

test('the site answers from its first moment while its scheduled work is held up @postgres', async ({
  request,
}) => {
  const schema = await createTestSchema(process.env.TEST_DATABASE_URL!)
  const env = {
    PORT: '3297',
    DATABASE_URL: schema.url,
    SITE_URL: 'http://localhost:3297',
    SEED_DEMO: 'false',
  }
  const locker = new pg.Client({ connectionString: schema.url })
  try {
    // A first boot makes the tables.
    const first = startServerProcess(env)
    await first.ready()
    first.child.kill('SIGTERM')
    await first.exited

    // Quote expiry, the schedule's first work, reads the quotes: while
    // another connection holds them, that run cannot finish.
    await locker.connect()
    await locker.query('begin')
    await locker.query('lock table request_quote in access exclusive mode')
    const server = startServerProcess(env)
    try {
      await server.ready()
      expect((await request.get('http://localhost:3297/')).status()).toBe(200)
      expect(server.output()).not.toMatch(/could not run the schedule/)
      await locker.query('rollback')
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
  } finally {
    await locker.end()
    await schema.drop()
  }
})

test('half-configured EmailJS stops the server, naming what is missing', async () => {
  const server = startServerProcess({ PORT: '3298', EMAILJS_SERVICE_ID: 'service_bakery' })
  expect(await server.exited).toBe(1)
  expect(server.output()).toContain('EMAILJS_PUBLIC_KEY is required to send through EmailJS')
  expect(server.output()).toContain('EMAILJS_ORDER_TEMPLATE_ID is required to send through EmailJS')
})

test('npm run dev serves every page without a console error, hot reload on the same port', async ({
  page,
}) => {
  // A cold start pre-bundles the browser's packages; a busy machine needs the time.
  test.setTimeout(120_000)
  const server = startServerProcess({ PORT: '3296' }, { dev: true })
  try {
    await server.ready()
    const hotReload = page.waitForEvent('websocket')
    for (const { path: pagePath, heading } of publicPages) {
      await page.goto(`http://localhost:3296${pagePath}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading)
      // Wait until React has hydrated the document, when a mismatch would be logged
      // (public pages start it on the first intent: decision 027).
      await page.mouse.move(1, 1)
      await page.waitForFunction(
        () => Object.keys(document).some((key) => key.startsWith('__reactContainer')),
        undefined,
        { timeout: 20_000 },
      )
    }
    expect((await hotReload).url()).toMatch(/^ws:\/\/localhost:3296\//)
    // A late pre-bundle reloads the page and the server's modules mid-visit.
    expect(server.output()).not.toContain('optimized dependencies changed')
    expect(server.output()).not.toMatch(/^\s*(\w*Error|error):/m)
  } finally {
    // Leave the page first, or its hot-reload client reports the server going away.
    await page.goto('about:blank')
    server.child.kill('SIGTERM')
    await server.exited
  }
})
