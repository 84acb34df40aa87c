import type { Page } from '@playwright/test'
import { expect, publicPages, test, waitForHydration } from './fixtures.ts'

const isScript = (url: string) => /\/assets\/[^?]*\.js(\?|$)/.test(new URL(url).pathname)

/** Every script file the page asks for, from now on. */
function watchScripts(page: Page): string[] {
  const requested: string[] = []
  page.on('request', (request) => {
    if (isScript(request.url())) requested.push(request.url())
  })
  return requested
}

/**
 * Holds the page's script files until released, so a test can act on the
 * page before React runs, however fast this machine is.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => isScript(url.href),
    async (route) => {
      await released
      await route.continue()
    },
  )
  return release
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]')

for (const { path } of publicPages) {
  test(`${path} loads no JavaScript file until the visitor's first intent`, async ({ page }) => {
    const scripts = watchScripts(page)
    await page.goto(path, { waitUntil: 'load' })
    await page.waitForTimeout(500)
    expect(scripts, 'scripts requested by the first load').toEqual([])
    await expect(hydrated(page)).toHaveCount(0)
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0)

    await waitForHydration(page)
    expect(scripts.length).toBeGreaterThan(0)
  })
}

test('scrolling by wheel alone does not load React', async ({ page }) => {
  const scripts = watchScripts(page)
  await page.goto('/about')
  await page.evaluate(() => window.dispatchEvent(new WheelEvent('wheel', { deltaY: 400 })))
  await page.evaluate(() => window.scrollBy(0, 600))
  await page.waitForTimeout(300)
  expect(scripts).toEqual([])
})

test.describe(() => {
  // Signed out, the owner's pages answer 401 and an unknown request 404, which the browser notes.
  test.use({ allowedConsoleErrors: [/status of 40[14]/] })
  test('the owner pages and the customer request page hydrate at once', async ({ page }) => {
    for (const path of ['/admin/orders', '/admin/settings', '/requests/not-a-real-token']) {
      const scripts = watchScripts(page)
      await page.goto(path)
      await waitForHydration(page, { intent: false })
      expect(scripts.length, path).toBeGreaterThan(0)
    }
  })
})

test('Admin Login clicked before React runs opens the sign-in dialog once it does', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/about')
  await page.getByRole('button', { name: 'Admin Login' }).click()
  await expect(hydrated(page)).toHaveCount(0)
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0)
  release()
  await waitForHydration(page, { intent: false })
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Admin Login' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
})

test('the phone menu opened before React runs is open once it does', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const release = await holdScripts(page)
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  release()
  await waitForHydration(page, { intent: false })
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect(page.getByRole('link', { name: 'Gallery' }).last()).toBeVisible()
})

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

test('an order added before React runs goes to the cart, not straight to the bakery', async ({
  page,
}) => {
  const release = await holdScripts(page)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  await page.goto('/ordernow')
  await page.getByLabel('Name').fill('Early Bird')
  await page.getByLabel('Email').fill('early@example.com')
  await page.getByLabel('Phone Number').fill('647 555 0199')
  await page.getByLabel('Product Type').selectOption('Cakes')
  await page.getByLabel('Event / Theme').fill('Sunrise brunch')
  await page.getByLabel('Order Date').fill(inDays(30))
  await page.getByLabel('How did you hear about us?').selectOption('Word of Mouth')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(hydrated(page)).toHaveCount(0)
  expect(page.url()).toMatch(/\/ordernow$/)

  release()
  await waitForHydration(page, { intent: false })
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  // Added, so the form is cleared for the next order, and nothing was posted.
  await expect(page.getByLabel('Name')).toHaveValue('')
  expect(posts).toEqual([])
  const stored = await page.evaluate(() => window.localStorage.getItem('butter-and-bloom:cart:v1'))
  expect(stored).toContain('Early Bird')
})

test('an order with a missing field sent before React runs gets the messages beside its fields', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/ordernow')
  await page.getByLabel('Name').fill('Half Done')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  release()
  await waitForHydration(page, { intent: false })
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('cart-count')).toHaveText('0')
})

test('text typed before React runs is still there once it does', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/ordernow')
  await page.getByLabel('Name').fill('Typed Early')
  await page.getByLabel('Order Date').fill(inDays(40))
  await page.getByLabel('Product Type').selectOption('Cupcakes')
  await page.getByLabel('Comments').fill('Written before hydration')
  release()
  await waitForHydration(page, { intent: false })
  await expect(page.getByLabel('Name')).toHaveValue('Typed Early')
  await expect(page.getByLabel('Order Date')).toHaveValue(inDays(40))
  await expect(page.getByLabel('Product Type')).toHaveValue('Cupcakes')
  await expect(page.getByLabel('Comments')).toHaveValue('Written before hydration')

  const releaseContact = await holdScripts(page)
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Early Writer')
  await page.getByLabel('Message').fill('Typed while the page was plain HTML')
  releaseContact()
  await waitForHydration(page, { intent: false })
  await expect(page.getByLabel('Name')).toHaveValue('Early Writer')
  await expect(page.getByLabel('Message')).toHaveValue('Typed while the page was plain HTML')
})

test('a returning visitor with queued orders sees them counted without touching the page', async ({
  page,
}) => {
  await page.goto('/ordernow')
  await page.evaluate(() =>
    window.localStorage.setItem(
      'butter-and-bloom:cart:v1',
      JSON.stringify([
        {
          name: 'Back Again',
          email: 'back@example.com',
          phone_number: '647 555 0100',
          product_type: 'Cakes',
          event_theme: 'Return visit',
          due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          hear_about_us: 'Word of Mouth',
        },
      ]),
    ),
  )
  await page.reload()
  await waitForHydration(page, { intent: false })
  await expect(page.getByTestId('cart-count')).toHaveText('1')
})
