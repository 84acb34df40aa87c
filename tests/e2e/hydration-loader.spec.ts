import type { Page } from '@playwright/test'
import { HYDRATION, hydrationLoaderSource } from '#app/components/hydration-loader.ts'
import { expect, test } from './fixtures.ts'

// The loader on its own, in a blank page: what it starts, holds and replays.

/** A page as the server sends it: the loader first, then the body, the inert module script last. */
async function page(
  browserPage: Page,
  body: string,
  moduleScript = 'window.started = (window.started ?? 0) + 1',
) {
  await browserPage.setContent(
    `<!doctype html><html><head><script>${hydrationLoaderSource()}</script></head><body>${body}` +
      `<script type="${HYDRATION.inertType}" id="${HYDRATION.scriptId}">${moduleScript}</script></body></html>`,
  )
}

const started = (page: Page) => page.evaluate(() => (window as { started?: number }).started ?? 0)

/** What React does as it hydrates: owns every node (its props on each), then says so. */
async function hydrate(page: Page) {
  await page.evaluate((event) => {
    for (const node of document.querySelectorAll('*')) Object.assign(node, { __reactProps$t: {} })
    document.dispatchEvent(new Event(event))
  }, HYDRATION.hydratedEvent)
  await page.waitForTimeout(300)
}

test('nothing starts at load or on scroll; the first intent starts the module script, once', async ({
  page: p,
}) => {
  await page(p, '<p style="height:3000px">Hello</p>')
  await p.mouse.wheel(0, 500)
  await p.waitForTimeout(100)
  expect(await started(p)).toBe(0)
  await p.keyboard.press('Tab')
  await p.mouse.move(10, 10)
  await expect.poll(() => started(p)).toBe(1)
  await p.waitForTimeout(100)
  expect(await started(p)).toBe(1)
})

test('a click on a JavaScript-only control is held, then replayed once', async ({ page: p }) => {
  await page(
    p,
    '<button type="button" id="open">Open</button><a href="#moved" id="plain">Plain</a><a href="#photo" id="tile" data-replay-click>Photo</a>',
  )
  await p.evaluate(() => {
    const w = window as { clicks?: string[] }
    w.clicks = []
    for (const id of ['open', 'tile'])
      document.getElementById(id)!.addEventListener('click', () => w.clicks!.push(id))
  })
  await p.click('#open')
  await p.click('#tile')
  expect(p.url()).not.toContain('#photo')
  await p.click('#plain')
  expect(p.url()).toContain('#moved')
  await hydrate(p)
  // Held from every listener until replayed after hydration: each once.
  expect(await p.evaluate(() => (window as { clicks?: string[] }).clicks)).toEqual(['open', 'tile'])
  await p.click('#open')
  expect(await p.evaluate(() => (window as { clicks?: string[] }).clicks!.length)).toBe(3)
})

for (const { step, mark } of [
  // What hydrateRoot(document) leaves on the document before it renders anything.
  { step: 'listens on the document', mark: { on: 'document', key: '_reactListeningx1y2' } },
  // What the app sets once React has hydrated the frame around the page.
  { step: 'has hydrated the frame', mark: { on: 'html', key: HYDRATION.frameHydratedAttribute } },
]) {
  test(`once React ${step}, a click is ${mark.on === 'html' ? "React's alone" : 'still held, and kept from React'}`, async ({
    page: p,
  }) => {
    await page(p, '<button type="button" id="open">Open</button>')
    await p.evaluate((mark) => {
      const w = window as { clicks?: number }
      w.clicks = 0
      document.getElementById('open')!.addEventListener('click', () => (w.clicks! += 1))
      if (mark.on === 'html') document.documentElement.setAttribute(mark.key, '')
      else Object.assign(document, { [mark.key]: true })
    }, mark)
    await p.click('#open')
    const clicks = () => p.evaluate(() => (window as { clicks?: number }).clicks)
    if (mark.on === 'html') {
      await expect(p.locator('#open')).not.toHaveAttribute('aria-busy')
      expect(await clicks()).toBe(1)
    } else {
      // React could hear it before it can run it: it is the loader's until replayed.
      await expect(p.locator('#open')).toHaveAttribute('aria-busy', 'true')
      expect(await clicks()).toBe(0)
    }
    await hydrate(p)
    // Once, either way.
    expect(await clicks()).toBe(1)
  })
}

test('a marked form is held at its submit button, past the browser checks, and sent again with it', async ({
  page: p,
}) => {
  await page(
    p,
    '<form data-replay-submit action="/never" method="post"><input name="name" required><button name="act" value="add">Add</button></form>',
  )
  await p.click('button')
  expect(p.url()).toBe('about:blank')
  const submitter = p.evaluate(
    () =>
      new Promise<string | undefined>((resolve) =>
        document.querySelector('form')!.addEventListener('submit', (event) => {
          event.preventDefault()
          resolve((event.submitter as HTMLButtonElement | null)?.value)
        }),
      ),
  )
  await p.evaluate(() => (document.querySelector('form')!.noValidate = true))
  await hydrate(p)
  expect(await submitter).toBe('add')
})

test('stored state the page names starts it as the page arrives', async ({ page: p }) => {
  await p.goto('/about')
  await p.evaluate(() => window.localStorage.setItem('loader-test', '1'))
  await p.route('**/stored', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><script>${hydrationLoaderSource()}</script></head><body><span ${HYDRATION.storedStateAttribute}="loader-test"></span><script type="${HYDRATION.inertType}" id="${HYDRATION.scriptId}">window.started = 1</script></body></html>`,
    }),
  )
  await p.goto('/stored')
  await expect.poll(() => started(p)).toBe(1)
})

test('an owner page starts it on its own once the page has loaded and painted', async ({
  page: p,
}) => {
  await p.goto('/about')
  let releasePicture = () => {}
  const pictureHeld = new Promise<void>((resolve) => (releasePicture = resolve))
  await p.route('**/held-picture.svg', async (route) => {
    await pictureHeld
    await route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    })
  })
  await p.route('**/painted', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        `<!doctype html><html><head><script>${hydrationLoaderSource()}</script></head><body><h1>Today</h1><img src="/held-picture.svg" alt="">` +
        `<script type="${HYDRATION.inertType}" id="${HYDRATION.scriptId}" ${HYDRATION.startAfterPaintAttribute}>` +
        `window.started = (window.started ?? 0) + 1; window.paintedFirst = performance.getEntriesByName('first-contentful-paint').length > 0</script></body></html>`,
    }),
  )
  await p.goto('/painted', { waitUntil: 'domcontentloaded' })
  // No intent, and the page is still loading (its picture is held): nothing yet.
  await p.waitForTimeout(300)
  expect(await started(p)).toBe(0)
  releasePicture()
  await expect.poll(() => started(p)).toBe(1)
  expect(await p.evaluate(() => (window as { paintedFirst?: boolean }).paintedFirst)).toBe(true)
  await p.waitForTimeout(100)
  expect(await started(p)).toBe(1)
})

test.describe(() => {
  // The browser notes the import it could not fetch.
  test.use({ allowedConsoleErrors: [/Failed to load|ERR_FAILED|chunks\.test/] })
  test('when the module script cannot load its imports, the last held click goes to its stand-in and nothing more is held', async ({
    page: p,
  }) => {
    // The import waits until the test lets it fail, so both clicks are held first.
    let fail!: () => void
    const failing = new Promise<void>((resolve) => (fail = resolve))
    await p.route('http://chunks.test/**', async (route) => {
      await failing
      await route.abort('failed')
    })
    await page(
      p,
      '<button type="button" id="cart">Cart</button>' +
        '<button type="button" id="menu" data-without-script="menu-link">Menu</button>' +
        '<a id="menu-link" href="#menu-open">Menu</a>',
      "import 'http://chunks.test/entry.js'",
    )
    await p.evaluate(() => {
      const w = window as { clicks?: string[] }
      w.clicks = []
      for (const id of ['cart', 'menu', 'menu-link'])
        document.getElementById(id)!.addEventListener('click', () => w.clicks!.push(id))
    })
    await p.click('#cart')
    await p.click('#menu')
    await expect(p.locator('#cart')).toHaveAttribute('aria-busy', 'true')
    await expect(p.locator('#menu')).toHaveAttribute('aria-busy', 'true')
    expect(p.url()).not.toContain('#menu-open')

    fail()
    await expect(p.locator(`html[${HYDRATION.withoutScriptsAttribute}]`)).toHaveCount(1)
    await expect(p.locator('[aria-busy]')).toHaveCount(0)
    await expect.poll(() => p.url()).toContain('#menu-open')
    const clicks = () => p.evaluate(() => (window as { clicks?: string[] }).clicks)
    // The held clicks are dropped; the last one's stand-in is clicked, once.
    expect(await clicks()).toEqual(['menu-link'])
    // From now on clicks are the page's own: nothing is held.
    await p.click('#cart')
    await p.waitForTimeout(200)
    expect(await clicks()).toEqual(['menu-link', 'cart'])
    await expect(p.locator('[aria-busy]')).toHaveCount(0)
  })
})
