/**
 * How the page cache serves a public page: rendered once, then served from
 * memory on every encoding (HEAD and 304 too) with a CSP header naming
 * exactly the body's inline scripts by their hashes; visitors arriving
 * together share one render, and each renders their own when it cannot be kept.
 */
import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { seededDatabase, startSite } from '#tests/support/page-cache-site.ts'
import { inlineScriptHashes } from './stored-page.ts'

/** What a browser checks: the header allows the body's inline scripts, and only those. */
function expectPolicyMatchesBody(policy: string, html: string) {
  const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!.split(' ')
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !attributes!.includes('ld+json'),
  )
  expect(scripts.length).toBeGreaterThan(0)
  if (nonce) {
    expect(scriptSrc).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"])
    for (const [tag] of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  } else {
    expect(html).not.toMatch(/nonce="[^"]/)
    const hashes = scripts.map(
      ([, , content]) => `'sha256-${createHash('sha256').update(content!).digest('base64')}'`,
    )
    expect(scriptSrc).toEqual(["'self'", ...hashes, "'strict-dynamic'"])
  }
}

test('an anonymous page is rendered once, then served from memory with a CSP naming exactly its scripts', async () => {
  const { db } = await seededDatabase()
  const site = await startSite(db)
  const first = await site.get('/ordernow')
  expect(first.cached).toBe(false)
  expectPolicyMatchesBody(first.policy, first.html)
  const hit = await site.cached('/ordernow')
  const rendered = site.renders()
  expectPolicyMatchesBody(hit.policy, hit.html)
  expect(hit.data).toEqual(first.data)

  // Every encoding, each response its own header; none rendered again.
  for (const encoding of ['br', 'gzip', 'identity', 'gzip, deflate, br, zstd']) {
    const page = await site.get('/ordernow', { 'accept-encoding': encoding })
    expect(page.cached).toBe(true)
    expect(page.html).toBe(hit.html)
    expectPolicyMatchesBody(page.policy, page.html)
    const sent = page.response.headers
    expect(sent.get('content-encoding') ?? 'identity').toBe(
      encoding.includes('br') ? 'br' : encoding,
    )
    expect(sent.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=300/)
    expect(sent.get('vary')).toMatch(/Accept-Encoding/)
    expect(sent.get('vary')).toMatch(/Cookie/)
    expect(sent.get('permissions-policy')).toContain('camera=()')
    expect(sent.get('x-content-type-options')).toBe('nosniff')
    expect(sent.get('content-type')).toBe('text/html; charset=utf-8')
  }
  // The whole policy is as made for the response, but for the hashes in place of its nonce.
  expect(hit.policy.replace(/script-src [^;]*/, '')).toBe(
    first.policy.replace(/script-src [^;]*/, ''),
  )

  const head = await fetch(`${site.base}/ordernow`, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(await head.text()).toBe('')
  expect(head.headers.get('content-security-policy')).toContain("'sha256-")

  const etag = hit.response.headers.get('etag')!
  expect(etag).toMatch(/^W\/"/)
  const unchanged = await fetch(`${site.base}/ordernow`, { headers: { 'if-none-match': etag } })
  expect(unchanged.status).toBe(304)
  expect(await unchanged.text()).toBe('')
  expect(unchanged.headers.get('cache-control')).toMatch(/^public, /)
  expect(site.renders()).toBe(rendered)
})

/** A promise the test resolves when it chooses, and a way to wait until a condition holds. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
}

test('visitors landing together on a page not yet kept share one render, and each gets the whole page', async () => {
  const { db } = await seededDatabase()
  const held = gate()
  const site = await startSite(db, {}, () => held.opened)
  const visitors = 50
  const pages = Array.from({ length: visitors }, () =>
    site.get('/gallery', { 'accept-encoding': 'gzip, deflate, br' }),
  )
  // The first render is held until every visitor has arrived and had time to
  // read the page version, so without sharing each would be rendering its own.
  await until(() => site.arrived() === visitors)
  await readPageVersion(db)
  await new Promise((resolve) => setTimeout(resolve, 50))
  held.open()
  const served = await Promise.all(pages)

  expect(site.renders()).toBe(1)
  for (const page of served) {
    expect(page.response.status).toBe(200)
    expect(page.data?.photos).toEqual(served[0]!.data?.photos)
    expectPolicyMatchesBody(page.policy, page.html)
  }
  // The renderer's own response carries its nonce; everyone who waited gets the stored page.
  expect(served.filter((page) => page.cached)).toHaveLength(visitors - 1)
})

test('when the shared render cannot be kept, each visitor who waited for it renders their own page', async () => {
  const { db } = await seededDatabase()
  const held = gate()
  let failures = 1
  const site = await startSite(db, {}, async (res) => {
    if (failures-- > 0) {
      await held.opened
      res.status(503).type('html').send('<p>The oven is warming up.</p>')
    }
  })
  const pages = Array.from({ length: 5 }, () => site.get('/about'))
  await until(() => site.arrived() === 5)
  await readPageVersion(db)
  await new Promise((resolve) => setTimeout(resolve, 50))
  held.open()
  const served = await Promise.all(pages)

  expect(served.map((page) => page.response.status).sort()).toEqual([200, 200, 200, 200, 503])
  expect(site.renders()).toBe(5)
  expect(served.filter((page) => page.response.status === 200 && page.data)).toHaveLength(4)
})

test('the hashes are of the inline scripts the browser runs, not of data blocks or external scripts', () => {
  const html =
    '<script type="application/ld+json">{}</script><script src="/a.js"></script>' +
    '<script>one()</script><script type="module" async="">two()</script><script>one()</script>'
  const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`
  expect(inlineScriptHashes(html)).toEqual([hash('one()'), hash('two()')])
})
