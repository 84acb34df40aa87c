import { gzipSync } from 'node:zlib'
import { useContext } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Scripts, UNSAFE_FrameworkContext, createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { DeferredScripts, hydrationStart } from './deferred-scripts.tsx'
import { HYDRATION, hydrationLoaderSource } from './hydration-loader.ts'

/** The stub's framework context, with a manifest naming files as a build's does. */
function WithManifest({ children }: { children: React.ReactNode }) {
  const context = useContext(UNSAFE_FrameworkContext)!
  const manifest = {
    ...context.manifest,
    url: '/assets/manifest-1.js',
    entry: { imports: ['/assets/chunk-1.js'], module: '/assets/entry.client-1.js' },
  }
  return (
    <UNSAFE_FrameworkContext.Provider value={{ ...context, manifest }}>
      {children}
    </UNSAFE_FrameworkContext.Provider>
  )
}

function render(element: React.ReactNode): string {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <WithManifest>{element}</WithManifest> },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/']} />)
}

// DeferredScripts rewrites what React Router's <Scripts> renders. If an
// upgrade changes that (another element for the module script, preloads
// rendered otherwise), these fail: read deferred-scripts.tsx and decision 027.
test("React Router's <Scripts> renders a module script and modulepreload links", () => {
  const html = render(<Scripts nonce="n0nce" />)
  expect(html.match(/<script[^>]*type="module"/g)).toHaveLength(1)
  expect(html).toMatch(/<link rel="modulepreload"/)
  expect(html).toMatch(/<script[^>]*nonce="n0nce"[^>]*type="module"/)
})

test('deferred, the module script is inert and nothing is preloaded', () => {
  const html = render(<DeferredScripts nonce="n0nce" start="intent" />)
  expect(html).not.toMatch(/type="module"/)
  expect(html).not.toMatch(/modulepreload/)
  const inert = html.match(/<script[^>]*type="text\/x-deferred-module"[^>]*>/g)
  expect(inert).toHaveLength(1)
  expect(inert![0]).toContain(`id="${HYDRATION.scriptId}"`)
  expect(inert![0]).toContain('nonce="n0nce"')
  // Waiting for an intent, it is not started on its own.
  expect(inert![0]).not.toContain(HYDRATION.startAfterPaintAttribute)
  // The rest of what <Scripts> renders (the router's context script) is kept as it was.
  expect(html.replace(/<script[^>]*>/g, '<script>')).toBe(
    render(<Scripts nonce="n0nce" />)
      .replace(/<link[^>]*>/g, '')
      .replace(/<script[^>]*>/g, '<script>'),
  )
})

test('started after the first paint, it is inert, preloads nothing and is marked for the loader', () => {
  const html = render(<DeferredScripts nonce="n0nce" start="painted" />)
  expect(html).not.toMatch(/type="module"/)
  expect(html).not.toMatch(/modulepreload/)
  const inert = html.match(/<script[^>]*type="text\/x-deferred-module"[^>]*>/g)
  expect(inert).toHaveLength(1)
  expect(inert![0]).toContain(`${HYDRATION.startAfterPaintAttribute}=""`)
  expect(inert![0]).toContain('nonce="n0nce"')
})

test('started at load, it is exactly <Scripts>', () => {
  expect(render(<DeferredScripts nonce="n0nce" start="load" />)).toBe(
    render(<Scripts nonce="n0nce" />),
  )
})

test('the owner pages start React once painted, the customer request page at load, public pages on intent', () => {
  for (const path of ['/admin/orders', '/admin/orders/3', '/ADMIN/settings', '/admin'])
    expect(hydrationStart(path), path).toBe('painted')
  for (const path of ['/requests/abc', '/REQUESTS/abc/receipt'])
    expect(hydrationStart(path), path).toBe('load')
  for (const path of ['/', '/about', '/ordernow', '/gallery', '/contact', '/administer', '/nope'])
    expect(hydrationStart(path), path).toBe('intent')
})

test("the loader's text stays small and refers to nothing outside itself", () => {
  const source = hydrationLoaderSource()
  expect(() => new Function(source)).not.toThrow()
  // Under 2 KB gzipped in the page (the server bundle is not minified); the
  // fallback when scripts fail took it from 1.3 KB to 1.7 KB (decision 035),
  // waiting for the first contentful paint to 1.8 KB (decision 064).
  expect(source.length).toBeLessThan(6000)
  expect(gzipSync(source).length).toBeLessThan(2048)
  expect(source).not.toMatch(/\b(import|require|__vite|__name)\b/)
})
