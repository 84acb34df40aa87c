import { OWNER, expect, test, waitForHydration } from './fixtures.ts'
import { picture } from './shots.ts'

// The browser notes the 404 document in its console; that is the page working.
test.use({ allowedConsoleErrors: [/status of 404/] })

test('an order that does not exist keeps the owner bar and says so, with the way back', async ({
  page,
  baseURL,
}) => {
  test.slow()
  // Signed in on the page's own cookie jar.
  const signIn = await page.request.post('/admin/login', {
    headers: { origin: baseURL! },
    form: OWNER,
  })
  expect(signIn.ok()).toBe(true)

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    const response = await page.goto('/admin/orders/999999')
    expect(response?.status()).toBe(404)
    await waitForHydration(page)
    // Her own bar stays across the top, with every page one tap away.
    const ownerBar = page.getByRole('navigation', { name: 'Owner' })
    await expect(ownerBar.getByRole('link', { name: 'Today' })).toBeVisible()
    await expect(ownerBar.getByRole('button', { name: 'Sign Out' })).toBeVisible()
    // What failed, in her words, and nothing of the machinery.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t find that order')
    await expect(page.getByText('There is no order #999999 in your order book.')).toBeVisible()
    await expect(page).toHaveTitle(/Order not found/)
    await expect(page.locator('main')).not.toContainText(/Error|at .*\.js|stack/)
    const back = page.getByRole('main').getByRole('link', { name: 'Back to Orders' })
    const today = page.getByRole('main').getByRole('link', { name: 'Back to Today' })
    for (const link of [back, today]) {
      const box = await link.boundingBox()
      expect(box!.height, 'a thumb-sized target').toBeGreaterThanOrEqual(44)
      expect(box!.width).toBeGreaterThanOrEqual(44)
    }
    // Reached by keyboard, the way back shows where focus is.
    await back.focus()
    await page.keyboard.press('Tab')
    await expect(today).toBeFocused()
    const outline = await today.evaluate((element) => {
      const style = getComputedStyle(element)
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
    await picture(page, `order-not-found-${width}.png`, { fullPage: true })
  }

  // The way back works: her Today page, owner bar and all.
  await page.getByRole('main').getByRole('link', { name: 'Back to Orders' }).click()
  await expect(page).toHaveURL(/\/admin\/orders$/)
  await expect(page.getByRole('navigation', { name: 'Owner' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t find that order')
  await page.getByRole('main').getByRole('link', { name: 'Back to Today' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
})
