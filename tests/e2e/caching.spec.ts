import { expect, test, waitForHydration } from './fixtures.ts'

// Who may keep each answer is checked without a browser: server/cache-headers.test.ts
// (the app's Cache-Control and Vary) and server/production-server.test.ts (the CSP
// of rendered and cached pages).

test('a page served from the page cache hydrates and works on its second load, with no CSP refusal', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const refused: string[] = []
    Object.assign(window, { refused })
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  for (const path of ['/ordernow', '/gallery']) {
    for (let visit = 0; visit < 3; visit++) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await waitForHydration(page)
      await expect.poll(() => page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true)
      expect(
        await page.evaluate(() => (window as unknown as { refused: string[] }).refused),
      ).toEqual([])
    }
    // The last load came from the cache: its policy names hashes, not a nonce.
    const policy = (await page.request.get(path)).headers()['content-security-policy']
    expect(policy).toMatch(/'sha256-/)
  }
  // Hydrated, the page's own scripts work: a client-side navigation and the cart.
  await page.getByRole('navigation').getByRole('link', { name: 'Order Now' }).first().click()
  await expect(page).toHaveURL(/\/ordernow$/)
  await expect(page.getByRole('heading', { name: 'Place a Custom Order' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual(
    [],
  )
})
