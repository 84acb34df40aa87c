import {
  type BrowserContextOptions,
  type Locator,
  type Page,
  test as base,
  expect,
} from '@playwright/test'

type SavedState = Exclude<BrowserContextOptions['storageState'], string | undefined>

interface Fixtures {
  /** Console errors a test expects, such as the browser's note on a 404 document. */
  allowedConsoleErrors: RegExp[]
  /**
   * The test's browser starts signed in as the owner, with the worker's saved
   * session for its server (`test.use({ signedIn: true })`).
   */
  signedIn: boolean
  /**
   * Signs `page`'s browser in as the owner with the worker's saved session for
   * the test's server (baseURL): the next page it opens is hers.
   */
  signInOwner: (page: Page) => Promise<void>
}

interface WorkerFixtures {
  /** The owner's signed-in state on the project's server, made once per worker. */
  ownerSessions: { stateFor(origin: string): Promise<SavedState> }
}

/**
 * Every browser test fails on an uncaught exception or an unexpected console
 * error, which is how CSP violations and hydration mismatches show up.
 *
 * Signing in costs a password hash and a Today page, so a test whose subject
 * is not the sign-in uses the owner's session that its worker made once for
 * that server (decision 094). A test that signs out, changes the password or
 * ends sessions signs in on its own instead (signInThroughDialog or
 * signInOwnSession): ending the shared session would sign every later test
 * of the worker out.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  signedIn: [false, { option: true }],
  ownerSessions: [
    async ({ playwright }, use, workerInfo) => {
      // A worker runs one project's tests, all on that project's server.
      const server = new URL(String(workerInfo.project.use.baseURL)).origin
      let saved: Promise<SavedState> | undefined
      const signIn = async (): Promise<SavedState> => {
        const request = await playwright.request.newContext({ baseURL: server })
        try {
          const response = await request.post('/admin/login', {
            headers: { origin: server },
            form: OWNER,
          })
          expect(response.status(), `the owner signs in at ${server}`).toBe(200)
          return await request.storageState()
        } finally {
          await request.dispose()
        }
      }
      await use({
        stateFor(origin) {
          // A server a spec starts for itself may be started again, fresh, by
          // the next: its sessions are the spec's own (signInOwnSession).
          if (new URL(origin).origin !== server) {
            throw new Error(
              `The saved session is for ${server}, the project's server; sign in on ${origin} with signInOwnSession.`,
            )
          }
          saved ??= signIn()
          return saved
        },
      })
    },
    { scope: 'worker' },
  ],
  storageState: async ({ storageState, signedIn, ownerSessions, baseURL }, use) => {
    await use(signedIn ? await ownerSessions.stateFor(baseURL!) : storageState)
  },
  signInOwner: async ({ ownerSessions, baseURL }, use) => {
    await use(async (page) => {
      const { cookies } = await ownerSessions.stateFor(baseURL!)
      await page.context().addCookies(cookies)
    })
  },
  page: async ({ page, allowedConsoleErrors }, use) => {
    // A busy test machine can take longer than a phone to deliver a page's
    // scripts; the public pages then fall back to working without them
    // (decision 035). Only the tests of that fallback keep the real wait.
    await page.addInitScript(() => {
      Object.assign(window, { hydrationFallbackAfterMs: 10 * 60_000 })
    })
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = message.text()
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(text)
    })
    await use(page)
    expect(problems, 'console errors or uncaught exceptions').toEqual([])
  },
})

export { expect }

export { publicPages } from '#tests/support/public-pages.ts'

/**
 * The footer follows the page's content with no empty band between: right
 * after the last section (whose own padding is the only space), or, when
 * everything fits in the window, at the window's foot.
 */
export async function expectFooterAfterContent(page: Page) {
  const layout = await page.evaluate(() => {
    const last = document.querySelector('main')!.lastElementChild!.getBoundingClientRect()
    const footer = document.querySelector('footer')!.getBoundingClientRect()
    return {
      gap: footer.top - last.bottom,
      footerBottom: footer.bottom,
      scrolls: document.documentElement.scrollHeight > window.innerHeight,
      windowHeight: window.innerHeight,
    }
  })
  if (layout.scrolls) expect(layout.gap, 'space between content and footer').toBeLessThan(1)
  else expect(layout.footerBottom).toBeCloseTo(layout.windowHeight, 0)
}

/** The owner's account on every server the browser suite starts (playwright.config.ts). */
export const OWNER = {
  email: 'owner@butterandbloom.test',
  password: 'correct horse battery staple',
}

/**
 * Signs the owner in through the footer's dialog, as a person would. She
 * lands on her Today page; this takes her back to the page she was on.
 */
export async function signInThroughDialog(page: Page) {
  const from = page.url()
  await page.getByRole('button', { name: 'Admin Login' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await dialog.getByPlaceholder('Your email address').fill(OWNER.email)
  await dialog.getByPlaceholder('Your password').fill(OWNER.password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  await page.goto(from)
  // Signed in: her bar's Sign Out, or on a phone's public page the header's way back to Today.
  await expect(
    page
      .getByRole('button', { name: 'Sign Out' })
      .or(page.getByRole('banner').getByRole('link', { name: 'Today', exact: true })),
  ).toBeVisible()
}

/**
 * Signs `page`'s browser in as the owner with a session of its own, posted as
 * the sign-in form posts it, on the server at `origin` (else the one the page
 * is on): for a test that signs out or ends sessions, which must not end the
 * worker's saved one, and for a server a spec starts itself, which the
 * worker's saved sessions do not know.
 */
export async function signInOwnSession(page: Page, origin = new URL(page.url()).origin) {
  const response = await page.request.post(`${origin}/admin/login`, {
    headers: { origin },
    form: OWNER,
  })
  expect(response.status(), 'the owner signs in').toBe(200)
}

/**
 * Waits until React runs the page (root.tsx then marks <html data-hydrated>).
 * Public pages start React on the visitor's first intent, so unless told
 * otherwise this gives one: the mouse moves onto the page.
 */
export async function waitForHydration(page: Page, { intent = true } = {}) {
  if (intent) await page.mouse.move(1, 1)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Taps the order form's 'Add to Cart' once the form has stopped moving. A
 * test fills the form faster than any person, often before React runs the
 * page; React's first render then draws the chosen treat's calendar and the
 * date's note above the button. A press and a release either side of that
 * move land on different elements, and the browser clicks neither. A person
 * looks at the page before she taps; this waits as she would: for React to
 * run the page and for the calendar to be drawn.
 */
export async function addToCart(page: Page) {
  await waitForHydration(page, { intent: false })
  await expect(page.locator('.calendar-loading')).toHaveCount(0)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
}

/**
 * The page's address without its fragment. After a post, an owner's page names
 * the answer in it (`#order-answer`, decision 068); going to that address again
 * would only scroll to the answer, so a test that opens the page afresh goes
 * here instead.
 */
export function pageAddress(page: Page): string {
  const url = new URL(page.url())
  url.hash = ''
  return url.href
}

/**
 * Opens one of Settings' booking cards by its link, as she would, and gives
 * the card: folded, it shows what is set; open, its forms (decision 072).
 * With scripts, it waits for the page to be live: a link tapped before then
 * loads the card as a new page, whose forms check values the browser's way
 * (a refused value never reaches the server to be answered) until it is.
 */
export async function openSettingsCard(
  page: Page,
  title: string,
  { scripts = true } = {},
): Promise<Locator> {
  const card = page.getByRole('region', { name: title, exact: true })
  await card.getByRole('link').click()
  await expect(card.getByRole('link', { name: `Close ${title}` })).toBeVisible()
  if (scripts) await waitForHydration(page, { intent: false })
  return card
}

/**
 * Every image in `images` has finished loading into a real picture. Visible
 * is not loaded: a lazy image, or one still on the wire, has no width yet.
 */
export async function expectImagesLoaded(images: Locator) {
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded()
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
  }
}

/**
 * The order page's answer to the owner's last post, shown and then focused:
 * the page focuses it a moment after it appears, scrolling it into view, and
 * a tap made in between lands where the page no longer is.
 */
export async function expectOrderAnswer(page: Page, text: string) {
  const answer = page.getByTestId('outcome').filter({ hasText: text })
  // A post and the page's fresh read behind it: on a loaded two-core machine, longer than a look.
  await expect(answer)
    .toBeVisible({ timeout: 20_000 })
    .catch(async (error: Error) => {
      // The failure says what the page answered instead.
      error.message = `${await saidInstead(page)}\n\n${error.message}`
      throw error
    })
  await expect(answer).toBeFocused()
}

/** What an owner's page shows in answer, for a failure's message: its answers, alerts and field errors. */
async function saidInstead(page: Page): Promise<string> {
  const said = await page
    .locator('[data-testid="outcome"], [role="alert"], [id^="field-"][id$="-error"]')
    .allInnerTexts()
    .catch(() => [])
  const shown = said.map((words) => words.trim()).filter(Boolean)
  return `the page at ${page.url()} shows ${shown.length ? shown.map((words) => `“${words}”`).join(', ') : 'no answer'}`
}
