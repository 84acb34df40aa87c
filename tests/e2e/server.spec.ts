import { startServerProcess } from '#tests/support/server-process.ts'
import { expect, publicPages, test } from './fixtures.ts'

// The production server's headers, compression, boot and shutdown are
// checked without a browser: server/production-server.test.ts and
// server/hostile-requests.test.ts.

test('the browser takes the Permissions-Policy without complaint', async ({ page }) => {
  // Chromium reports a policy it cannot take (an unknown feature's name) on the
  // console, on which the fixture fails.
  const response = await page.goto('/gallery')
  expect(response?.headers()['permissions-policy']).toContain('camera=()')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('npm run dev serves every page without a console error, hot reload on the same port', async ({
  page,
}) => {
  // A cold start pre-bundles the browser's packages; a busy machine needs the time.
  test.setTimeout(120_000)
  const port = Number(process.env.E2E_PORT ?? 3210) + 40
  const server = startServerProcess({ PORT: String(port) }, { dev: true })
  try {
    await server.ready({ timeoutMs: 90_000 })
    const hotReload = page.waitForEvent('websocket')
    for (const { path: pagePath, heading } of publicPages) {
      await page.goto(`http://localhost:${port}${pagePath}`)
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
    expect((await hotReload).url()).toMatch(new RegExp(`^ws://localhost:${port}/`))
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
