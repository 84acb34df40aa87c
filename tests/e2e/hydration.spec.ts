import type { Page } from '@playwright/test'
import { HYDRATION } from '#app/components/hydration-loader.ts'
import { formatCalendarDate, todayIn } from '#app/utils/dates.ts'
import { OWNER, expect, publicPages, test, waitForHydration } from './fixtures.ts'
import { findMail } from './inbox.ts'
import { journeyCustomer, openOrderOf, sendCakeRequest } from './money-journey.ts'

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
  test('the owner pages and the customer request page hydrate without an intent', async ({
    page,
  }) => {
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

test('the phone menu tapped after the frame hydrates, before the page inside it does, opens once', async ({
  page,
}) => {
  // A slow phone: the page inside <main> hydrates in idle slices well after
  // the header around it (decision 064), which leaves time to tap between.
  test.slow()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/about')
  await page.getByRole('button', { name: 'Open menu' }).focus()
  await page.waitForFunction(
    () => {
      const toggle = document.querySelector('button.menu-toggle')
      return toggle && Object.keys(toggle).some((key) => key.startsWith('__reactProps$'))
    },
    undefined,
    { polling: 1 },
  )
  await page.keyboard.press('Enter')
  await waitForHydration(page, { intent: false })
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect(page.locator('.mobile-menu')).toBeVisible()
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
  // Added, so the form is cleared for the next treat (her details kept in one line), and nothing was posted.
  await expect(page.getByLabel('Product Type')).toHaveValue('')
  await expect(page.getByTestId('party-line')).toContainText('Early Bird')
  expect(posts).toEqual([])
  const stored = await page.evaluate(() => window.localStorage.getItem('butter-and-bloom:cart:v1'))
  expect(stored).toContain('Early Bird')
})

/**
 * Taps the button the moment React reaches a step of taking the page over:
 * when it starts listening on the document (before it has hydrated anything),
 * or once the frame is hydrated and the page inside <main> not yet.
 */
async function tapAsReactStarts(page: Page, button: string, step: 'listening' | 'frame') {
  await page.evaluate(
    ({ button, step }) => {
      const target = [...document.querySelectorAll('button')].find(
        (node) => node.textContent?.trim() === button,
      )!
      const has = (node: object, prefix: string) =>
        Object.keys(node).some((key) => key.startsWith(prefix))
      const reached = () =>
        step === 'listening'
          ? has(document, '_reactListening') && !has(document.body, '__reactFiber$')
          : has(document.body, '__reactFiber$') && !has(target, '__reactProps$')
      // As often as the browser lets a page run: between any two of React's slices of work.
      const channel = new MessageChannel()
      channel.port1.onmessage = () => (reached() ? target.click() : channel.port2.postMessage(0))
      channel.port2.postMessage(0)
    },
    { button, step },
  )
}

for (const step of ['listening', 'frame'] as const) {
  test(`an order added just as React takes the page over (${step}) is added, once`, async ({
    page,
  }) => {
    const release = await holdScripts(page)
    await page.goto('/ordernow')
    await fillOrder(page, 'Hand Over')
    await tapAsReactStarts(page, 'Add to Cart', step)
    release()
    await waitForHydration(page, { intent: false })
    await expect(page.getByTestId('cart-count')).toHaveText('1')
    await expect(page.getByTestId('party-line')).toContainText('Hand Over')
    // Nothing left waiting to run it a second time.
    await expect(page.getByRole('button', { name: 'Add to Cart' })).not.toHaveAttribute('aria-busy')
    await expect(page.getByTestId('cart-count')).toHaveText('1')
  })
}

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

/** The page's script files never arrive (a deploy removed them, the connection dropped). */
async function failScripts(page: Page) {
  await page.route(
    (url) => isScript(url.href),
    (route) => route.abort('failed'),
  )
}

/** The page's script files are requested but never answered. */
async function hangScripts(page: Page) {
  await page.route(
    (url) => isScript(url.href),
    () => undefined,
  )
}

/** A link of the phone menu (at 375 px the only one in the main navigation by that name). */
const mainNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })

const withoutScripts = (page: Page) => page.locator('html[data-without-scripts]')

async function fillOrder(page: Page, name: string) {
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('fallback@example.com')
  await page.getByLabel('Phone Number').fill('647 555 0142')
  await page.getByLabel('Product Type').selectOption('Cakes')
  await page.getByLabel('Event / Theme').fill('Power cut party')
  await page.getByLabel('Order Date').fill(inDays(30))
  await page.getByLabel('How did you hear about us?').selectOption('Word of Mouth')
}

test.describe('when the scripts cannot be loaded', () => {
  // The browser notes each script it could not fetch.
  test.use({ allowedConsoleErrors: [/Failed to load resource|ERR_FAILED/] })

  test('an order is sent as it is without JavaScript: the policy tick shows and the form posts', async ({
    page,
  }) => {
    await failScripts(page)
    const name = `Fallback Order ${Date.now()}`
    await page.goto('/ordernow')
    const tick = page.getByRole('checkbox', { name: 'I have read the order policies' })
    await expect(tick).toBeHidden()
    await fillOrder(page, name)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    // The form without JavaScript asks for the tick before it posts.
    await expect(withoutScripts(page)).toHaveCount(1)
    await expect(tick).toBeVisible()
    await expect(page.getByRole('button', { name: /Your cart/ })).toBeHidden()
    expect(page.url()).toMatch(/\/ordernow$/)
    await tick.check()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByText('Orders sent successfully!')).toHaveAttribute('role', 'status')
    await expect
      .poll(() => findMail(`1 new order request from ${name}`).then(Boolean), { timeout: 10_000 })
      .toBe(true)
  })

  test('a message sent before the failure is posted and answered', async ({ page }) => {
    await failScripts(page)
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Fallback Writer')
    await page.getByLabel('Email').fill('writer@example.com')
    await page.getByLabel('Phone Number').fill('4165550142')
    await page.getByLabel('Message').fill('Sent while the scripts were missing')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('status')).toHaveText('Message sent successfully!')
  })

  test('Admin Login leads to the sign-in page, which signs the owner in', async ({ page }) => {
    await failScripts(page)
    await page.goto('/about')
    await page.getByRole('button', { name: 'Admin Login' }).click()
    await expect(page).toHaveURL(/\/admin\/sign-in$/, { timeout: 15_000 })
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.')
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill(OWNER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('link', { name: 'Orders', exact: true })).toBeVisible()
  })

  test('the phone menu opens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await failScripts(page)
    await page.goto('/')
    await expect(mainNav(page, 'Gallery')).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(mainNav(page, 'Gallery')).toBeVisible()
    await mainNav(page, 'Gallery').click()
    await expect(page).toHaveURL(/\/gallery$/)
    // The address changes before the stylesheet has arrived, and until then
    // the desktop links show too.
    await page.waitForLoadState('load')
    // On the next page, whether the failure is noticed before the tap (on the
    // pointer's arrival) or after it, the menu opens all the same.
    await expect(mainNav(page, 'Contact')).toBeHidden()
    await page
      .getByRole('button', { name: 'Open menu' })
      .or(page.getByRole('link', { name: 'Open menu' }))
      .click()
    await expect(mainNav(page, 'Contact')).toBeVisible()
  })
})

test('a control clicked while the scripts hang shows it is working, then does its job without them', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as { hydrationFallbackAfterMs?: number }).hydrationFallbackAfterMs
  })
  await page.clock.install()
  await hangScripts(page)
  await page.goto('/about')
  const login = page.getByRole('button', { name: 'Admin Login' })
  await login.click()
  await expect(login).toHaveAttribute('aria-busy', 'true')
  await expect(withoutScripts(page)).toHaveCount(0)
  expect(page.url()).toMatch(/\/about$/)
  await page.clock.runFor(HYDRATION.fallbackAfterMs)
  await expect(page).toHaveURL(/\/admin\/sign-in$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})

test('a message sent while the scripts are slow is sent once, in place, when they arrive', async ({
  page,
}) => {
  const release = await holdScripts(page)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Patient Writer')
  await page.getByLabel('Email').fill('patient@example.com')
  await page.getByLabel('Phone Number').fill('4165550143')
  await page.getByLabel('Message').fill('Sent on a slow connection')
  const send = page.getByRole('button', { name: 'Send Message' })
  await send.click()
  await expect(send).toHaveAttribute('aria-busy', 'true')
  expect(posts).toEqual([])
  release()
  await waitForHydration(page, { intent: false })
  await expect(page.getByRole('status')).toHaveText('Message sent successfully!', {
    timeout: 15_000,
  })
  await expect(send).not.toHaveAttribute('aria-busy')
  expect(page.url()).toMatch(/\/contact$/)
  expect(posts).toHaveLength(1)
  await expect(withoutScripts(page)).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the phone menu opens and Admin Login leads to the sign-in page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/about')
    await expect(mainNav(page, 'Gallery')).toBeHidden()
    await page.getByRole('link', { name: 'Open menu' }).click()
    await expect(mainNav(page, 'Gallery')).toBeVisible()
    await page.getByRole('link', { name: 'Admin Login' }).click()
    await expect(page).toHaveURL(/\/admin\/sign-in$/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  })
})

test('a browser whose clock and time-zone data differ from the server’s still shows the bakery’s day and year as the server wrote them', async ({
  page,
  baseURL,
}) => {
  const signIn = await page.request.post('/admin/login', {
    headers: { origin: baseURL! },
    form: OWNER,
  })
  expect(signIn.ok()).toBe(true)
  await page.goto('/admin/settings/site#site-local')
  const local = page.getByRole('region', { name: 'Local settings' })
  const zone = await local.getByLabel('Time zone').inputValue()
  const today = todayIn(zone)
  // Time-zone data differs between browsers and servers (Debian's Chromium
  // and Node 20 disagree on Vancouver's November offset). Here the browser
  // puts the bakery's zone where the date is another one, whatever the hour.
  const elsewhere = ['Etc/GMT-14', 'Etc/GMT+12'].find((other) => todayIn(other) !== today)!
  await page.addInitScript(
    ([bakeryZone, otherZone]) => {
      const Real = Intl.DateTimeFormat
      const Skewed = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
        return new Real(
          locales,
          options?.timeZone === bakeryZone ? { ...options, timeZone: otherZone } : options,
        )
      } as unknown as typeof Intl.DateTimeFormat
      Object.defineProperty(Skewed, 'prototype', { value: Real.prototype })
      Object.assign(Skewed, { supportedLocalesOf: Real.supportedLocalesOf })
      Intl.DateTimeFormat = Skewed
    },
    [zone, elsewhere],
  )
  // And its clock is in another year (New Year's Eve, west of the bakery).
  await page.clock.setFixedTime(Date.now() + 400 * 86_400_000)
  for (const path of ['/admin/settings/site#site-local', '/admin/reviews', '/admin', '/about']) {
    await page.goto(path)
    await waitForHydration(page)
  }
  await page.goto('/admin/settings/site#site-local')
  await waitForHydration(page)
  // Hydrated without a mismatch (the fixture fails on React's error), and the
  // day is the server's.
  await expect(local).toContainText(formatCalendarDate(today))
  await expect(page.getByRole('contentinfo')).toContainText(`© ${today.slice(0, 4)} `)
})

test('the owner’s pages start from the words the server wrote, building no formatter of their own', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  // The first Intl formatter a page builds holds it up for one long task while the
  // browser loads its locale data (decision 071); the server's words make it needless.
  const { stamp, customer, due } = journeyCustomer('Ines Words', 70)
  await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Garden party' })
  await signInOwner(page)
  await openOrderOf(page, customer.email)
  const order = new URL(page.url()).pathname
  await page.addInitScript(() => {
    const counted = { built: 0 }
    Object.assign(window, { intlBuilt: counted })
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Real = Intl[name]
      const Counting = function (...args: unknown[]) {
        counted.built += 1
        return new (Real as unknown as new (...a: unknown[]) => object)(...args)
      }
      Object.defineProperty(Counting, 'prototype', { value: Real.prototype })
      Object.assign(Counting, { supportedLocalesOf: Real.supportedLocalesOf })
      Object.assign(Intl, { [name]: Counting })
    }
  })
  for (const path of ['/admin', '/admin/orders', order, '/admin/calendar', '/admin/settings']) {
    await page.goto(path)
    await waitForHydration(page, { intent: false })
    const built = await page.evaluate(
      () => (window as unknown as { intlBuilt: { built: number } }).intlBuilt.built,
    )
    expect(built, `formatters built while ${path} started`).toBe(0)
  }
  // What the order page carries is words, not a script to run.
  await page.goto(order)
  const words = page.locator('script#drawn-words[type="application/json"]')
  expect(Object.keys(JSON.parse((await words.textContent()) ?? '{}')).length).toBeGreaterThan(0)
})

test('every script an owner page starts with asks the browser to compile it as it arrives', async ({
  signInOwner,
  page,
}) => {
  // V8 compiles a script with this first line on a background thread while it
  // streams in, instead of function by function on the main thread as React
  // first calls them (decision 073). The compressed files must carry it too.
  const scripts = new Map<string, { body: string; encoding: string | undefined }>()
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (response.request().resourceType() !== 'script' || !url.pathname.startsWith('/assets/')) {
      return
    }
    // React Router's route manifest is its data, written apart from the build's chunks.
    if (url.pathname.startsWith('/assets/manifest-')) return
    pending.push(
      response.text().then((body) => {
        scripts.set(url.pathname, { body, encoding: response.headers()['content-encoding'] })
      }),
    )
  })
  await signInOwner(page)
  // Today, where signing in lands her, and the order book.
  await page.goto('/admin')
  await waitForHydration(page, { intent: false })
  await page.goto('/admin/orders')
  await waitForHydration(page, { intent: false })
  await Promise.all(pending)
  expect(scripts.size).toBeGreaterThan(3)
  for (const [path, { body }] of scripts) {
    expect(body.split('\n', 1)[0], path).toBe('//# allFunctionsCalledOnLoad')
  }
  const entry = [...scripts].find(([path]) => path.startsWith('/assets/entry.client-'))
  expect(entry?.[1].encoding).toBe('br')
})
