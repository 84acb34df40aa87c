import { createECDH, randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  expect,
  signInOwnSession,
  signInThroughDialog,
  test,
  waitForHydration,
} from './fixtures.ts'
import { picture } from './shots.ts'

/** Whether this page's origin has a service worker, and whether one controls the page. */
function workerState(page: Page) {
  return page.evaluate(async () => ({
    registrations: (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    controlled: navigator.serviceWorker.controller !== null,
  }))
}

/** Waits until the service worker controls the page and has saved Today for offline use. */
async function waitForSavedToday(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  // The first Today load came before the worker; this one passes through it and is saved.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('owner-today-v1')
        return {
          controlled: navigator.serviceWorker.controller !== null,
          today: (await cache.match('/admin')) !== undefined,
          styles: (await cache.keys()).some((request) => request.url.endsWith('.css')),
        }
      }),
    )
    .toEqual({ controlled: true, today: true, styles: true })
}

test('the owner’s pages install as an app: the manifest is served and the service worker registers on her pages, never on public ones', async ({
  page,
  request,
  baseURL,
}) => {
  // Five public pages, each until React runs, then signing in: on a busy machine it takes a while.
  test.slow()
  const manifest = await request.get('/admin/manifest.webmanifest')
  expect(manifest.status()).toBe(200)
  expect(manifest.headers()['content-type']).toContain('application/manifest+json')
  const app = (await manifest.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose: string }[]
  }
  expect(app).toMatchObject({
    name: 'Butter & Bloom Bakery',
    start_url: '/admin',
    scope: '/admin',
    display: 'standalone',
    background_color: '#fff8f0',
  })
  expect(app.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ])
  for (const icon of app.icons) {
    const image = await request.get(icon.src)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/png')
  }
  const worker = await request.get('/admin/sw.js')
  expect(worker.status()).toBe(200)
  expect(worker.headers()['service-worker-allowed']).toBe('/admin')
  expect(worker.headers()['cache-control']).toBe('no-cache')
  expect(worker.headers()['content-type']).toContain('text/javascript')

  // A visitor's pages: no manifest, no worker, however long she stays.
  for (const path of ['/', '/about', '/ordernow', '/gallery', '/contact']) {
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
  }
  expect(await workerState(page)).toEqual({ registrations: [], controlled: false })

  // Signing in lands her on Today, which registers the worker for /admin only:
  // the public page she comes back to stays outside it.
  await signInThroughDialog(page)
  expect(await workerState(page)).toEqual({
    registrations: [`${baseURL}/admin`],
    controlled: false,
  })
  await page.goto('/admin')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/admin/manifest.webmanifest',
  )
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(scope).toBe(`${baseURL}/admin`)
  // A public page stays outside it, signed in or not.
  await page.goto('/gallery')
  expect((await workerState(page)).controlled).toBe(false)
})

test.describe('offline', () => {
  // The browser reports each request it could not make while offline, and the
  // page still open when the network goes cannot ask for its links' routes.
  test.use({
    allowedConsoleErrors: [
      /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch manifest patches/,
    ],
  })

  test('Today opens offline after one visit, with a note saying when it was saved, and signing out forgets it', async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow()
    await page.setViewportSize({ width: 375, height: 800 })
    // She signs out at the end: a session of this test's own, not the worker's saved one.
    await signInOwnSession(page, baseURL)
    await page.goto('/admin')
    await waitForSavedToday(page)
    // The last prep sheet she opened is kept too, whatever its days.
    await page.goto('/admin/kitchen/prep')
    await expect(page.getByRole('heading', { level: 1, name: 'Prep sheet' })).toBeVisible()
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('owner-today-v1')
          return (await cache.match('/admin/kitchen/prep')) !== undefined
        }),
      )
      .toBe(true)

    await context.setOffline(true)
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
    const note = page.getByRole('status').filter({ hasText: 'Offline' })
    await expect(note).toHaveText(/^Offline — showing the page as of \d{2}:\d{2}$/)
    // Styled as online: the saved stylesheet and fonts came with it.
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('.offline-note')!).borderTopWidth,
      ),
    ).toBe('2px')
    await picture(page, 'owner-app-offline-today-375.png', { fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await picture(page, 'owner-app-offline-today-1280.png')

    // The kept prep sheet opens offline, for other days too, saying when it was saved.
    await page.goto('/admin/kitchen/prep?from=2026-12-01&to=2026-12-07')
    await expect(page.getByRole('heading', { level: 1, name: 'Prep sheet' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible()

    // Another owner page offline points back to the saved Today.
    await page.goto('/admin/orders')
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
    await page.getByRole('link', { name: 'Open Today' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible()

    // Back online, she signs out: nothing of hers stays on the phone.
    await context.setOffline(false)
    await page.goto('/admin')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible()
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await caches.keys()).filter((name) => name.startsWith('owner-')),
        ),
      )
      .toEqual([])
    // Signed out, Today is refused and nothing is saved for the visitor.
    const response = await page.goto('/admin')
    expect(response?.status()).toBe(401)
    expect(
      await page.evaluate(async () =>
        (await caches.keys()).filter((name) => name.startsWith('owner-')),
      ),
    ).toEqual([])
  })
})

/** What a browser hands over when it subscribes, made as a browser makes it. */
function browserSubscription(name: string) {
  const keys = createECDH('prime256v1')
  keys.generateKeys()
  return {
    endpoint: `https://push.example/${name}-${randomBytes(8).toString('hex')}`,
    p256dh: keys.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
}

test('in Settings she sees which devices get alerts, switches a kind off, sends a test and removes a device', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  test.slow()
  await page.setViewportSize({ width: 375, height: 800 })
  await signInOwner(page)
  await page.goto('/admin/settings')
  await page.getByRole('link', { name: 'Alerts on your phone' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts on your phone' })).toBeVisible()
  // Chromium here has web push: the button to turn it on is offered.
  await expect(page.getByRole('button', { name: 'Turn on alerts on this phone' })).toBeVisible()

  // A phone that turned alerts on (its browser's subscription, posted as the page posts it).
  const label = `Nadia’s iPhone ${randomBytes(3).toString('hex')}`
  const subscribed = await page.request.post('/admin/settings/alerts', {
    headers: { origin: baseURL! },
    form: { intent: 'alerts-subscribe', ...browserSubscription('iphone'), label },
  })
  expect(subscribed.status()).toBe(200)
  await page.reload()
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label }) })
  await expect(card.getByRole('checkbox')).toHaveCount(8)
  for (const kind of [
    'New request',
    'Quote accepted or declined',
    'Payment received',
    'New message',
    'Deposit overdue',
    'Change or cancellation',
    'Proof approved or change asked',
    'New review',
  ]) {
    await expect(card.getByRole('checkbox', { name: kind })).toBeChecked()
  }
  await picture(page, 'owner-app-alerts-settings-375.png', { fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await picture(page, 'owner-app-alerts-settings-1280.png', { fullPage: true })

  await card.getByRole('checkbox', { name: 'New message' }).uncheck()
  await card.getByRole('checkbox', { name: 'New review' }).uncheck()
  await card.getByRole('button', { name: `Save alerts for ${label}` }).click()
  await expect(page.getByText('Alerts saved.')).toBeVisible()
  await page.reload()
  await expect(card.getByRole('checkbox', { name: 'New message' })).not.toBeChecked()
  await expect(card.getByRole('checkbox', { name: 'New review' })).not.toBeChecked()
  await expect(card.getByRole('checkbox', { name: 'New request' })).toBeChecked()
  await expect(card.getByRole('checkbox', { name: 'Change or cancellation' })).toBeChecked()

  await card.getByRole('button', { name: `Send a test alert to ${label}` }).click()
  await expect(page.getByText('Test alert sent.', { exact: false })).toBeVisible()

  await card.getByRole('button', { name: `Remove ${label}` }).click()
  await expect(page.getByText('Device removed.', { exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { name: label })).toHaveCount(0)
})
