import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'
import { OWNER, expect, signInOwnSession, test, waitForHydration } from './fixtures.ts'
import { shoot } from './shots.ts'

/**
 * Settings › Your site on the owner's phone: she changes her bakery's name,
 * tagline, reply time, a story, the FAQ and the banner, and a visitor sees
 * them on the public pages at once, with JavaScript and without. A server of
 * its own (the name is on every page other journeys read), in production
 * mode, so the page cache is in the way and must follow.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 })

const PORT = Number(process.env.E2E_PORT ?? 3210) + 88
const BASE = `http://localhost:${PORT}`
let server: ServerProcess | undefined

test.beforeAll(async () => {
  test.setTimeout(150_000)
  server = startServerProcess({
    PORT: String(PORT),
    SITE_URL: BASE,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bakery-site-words-')),
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    MAIL_TO: OWNER.email,
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    MEDIA_STORE: '',
    SMTP_URL: '',
  })
  await server.ready({ timeoutMs: 140_000 })
})

test.afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
})

const PHONE = { width: 375, height: 740 }
// A refused form answers 400, which the browser notes in its console.
test.use({
  baseURL: BASE,
  viewport: PHONE,
  allowedConsoleErrors: [/status of 400 \(Bad Request\)/],
})

/** The bakery's today and the day before, as the banner's end date counts them. */
const today = todayIn(site.timeZone)
const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

const HOSTILE_FAQ = [
  '## Do you deliver?',
  '',
  'Yes, **within the city**. See [our policies](/policies).',
  '',
  '<script>window.pwned = "script"</script>',
  '<img src="x" onerror="window.pwned = \'img\'">',
  '[Click me](javascript:window.pwned="link")',
  '<iframe src="https://example.com"></iframe>',
].join('\n')

/** A visitor with no session: what the page cache and a CDN would serve. */
async function visitor(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE, viewport: PHONE, javaScriptEnabled })
}

async function expectInert(page: Page) {
  const faq = page.locator('.markdown-page')
  await expect(faq.getByRole('heading', { level: 2, name: 'Do you deliver?' })).toBeVisible()
  await expect(faq.locator('strong')).toHaveText('within the city')
  await expect(faq.locator('script, iframe, img, [onerror]')).toHaveCount(0)
  await expect(faq.locator('a[href^="javascript"]')).toHaveCount(0)
  await expect(faq.getByText('Click me')).toBeVisible()
  expect(await page.evaluate(() => (window as { pwned?: string }).pwned)).toBeUndefined()
}

test('with JavaScript, on her phone, the owner’s words reach the public pages at once', async ({
  page,
  browser,
}) => {
  await signInOwnSession(page, BASE)
  await page.goto('/admin/settings')
  await page.getByRole('link', { name: /Your site/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your site' })).toBeVisible()
  await waitForHydration(page, { intent: false })
  for (const group of ['Identity', 'Words', 'Announcement', 'FAQ', 'Policies']) {
    await shoot(page, `your-site-${group.toLowerCase()}`, {
      part: page.getByRole('region', { name: group }),
    })
  }

  // Identity: a refusal keeps what she typed, with the sentence beside the field.
  const identity = page.getByRole('region', { name: 'Identity' })
  await identity.getByLabel('Bakery name').fill('Crumb & Co')
  await identity.getByLabel('Tagline').fill('Small-batch cakes from a Leslieville kitchen')
  await identity.getByLabel('How soon you reply').fill('by the next morning')
  await identity.getByLabel('Where you bake').fill('12 Queen Street East')
  await identity.getByRole('button', { name: 'Save identity' }).click()
  await expect(
    identity.getByText('Please give a neighbourhood or city, not a street address.'),
  ).toBeVisible()
  await expect(identity.getByLabel('Bakery name')).toHaveValue('Crumb & Co')
  await expect(identity.getByLabel('Where you bake')).toHaveAttribute('aria-invalid', 'true')
  await shoot(page, 'your-site-identity-refused', { part: identity })
  await identity.getByLabel('Where you bake').fill('Leslieville')
  await identity.getByRole('button', { name: 'Save identity' }).click()
  await expect(identity.getByRole('status')).toHaveText('Saved. The site shows it now.')

  // Words: a preview first, then Publish.
  const words = page.getByRole('region', { name: 'Words', exact: true })
  await words.getByLabel('Home page story').fill('Cakes baked to order, one kitchen, two ovens.')
  await words.getByRole('button', { name: 'Preview' }).click()
  const preview = words.getByRole('region', { name: 'Preview, not published yet' })
  await expect(preview).toContainText('Cakes baked to order, one kitchen, two ovens.')
  await shoot(page, 'your-site-words-preview', { part: words })
  // Nothing is published by a preview.
  const peek = await visitor(browser, false)
  const peekPage = await peek.newPage()
  await peekPage.goto('/')
  await expect(peekPage.locator('#our-story')).not.toContainText('one kitchen, two ovens')
  await words.getByRole('button', { name: 'Publish' }).click()
  await expect(words.getByRole('status')).toHaveText('Saved. The site shows it now.')

  // The FAQ, with hostile HTML in it.
  const faq = page.getByRole('region', { name: 'FAQ' })
  await faq.getByLabel('Questions and answers').fill(HOSTILE_FAQ)
  await faq.getByRole('button', { name: 'Preview' }).click()
  await expect(
    faq.getByRole('region', { name: 'Preview, not published yet' }).getByRole('heading', {
      name: 'Do you deliver?',
    }),
  ).toBeVisible()
  await expectInert(page)
  await shoot(page, 'your-site-faq-preview', { part: faq })
  await faq.getByRole('button', { name: 'Publish' }).click()
  await expect(faq.getByRole('status')).toHaveText('Saved. The site shows it now.')

  // The banner, until today.
  const banner = page.getByRole('region', { name: 'Announcement', exact: true }).last()
  await banner.getByLabel('Show the announcement').check()
  await banner.getByLabel('What it says').fill('Closed for the holidays until January 5')
  await banner.getByLabel('Link').fill('/faq')
  await banner.getByLabel('Last day it shows').fill(today)
  await banner.getByRole('button', { name: 'Save announcement' }).click()
  await expect(banner.getByRole('status')).toHaveText('Saved. The site shows it now.')

  // A visitor, the page cache already holding the home page from before, sees it all.
  await peekPage.goto('/')
  await expect(peekPage.getByRole('heading', { level: 1, name: /Crumb & Co/ })).toBeVisible()
  await expect(peekPage.locator('.hero-tagline')).toHaveText(
    'Small-batch cakes from a Leslieville kitchen',
  )
  await expect(peekPage.locator('#our-story')).toContainText('one kitchen, two ovens')
  await expect(peekPage.getByText('Baking in Leslieville since 2020')).toBeVisible()
  const shown = peekPage.getByRole('region', { name: 'Announcement' })
  await expect(shown).toHaveText('Closed for the holidays until January 5')
  await expect(peekPage).toHaveTitle('Home | Crumb & Co')
  await expect(peekPage.locator('footer')).toContainText('© ')
  await expect(peekPage.locator('footer')).toContainText('Crumb & Co')
  await shoot(peekPage, 'home-with-banner')

  await shown.getByRole('link', { name: 'Closed for the holidays until January 5' }).click()
  await expect(peekPage).toHaveURL(`${BASE}/faq`)
  await expectInert(peekPage)
  await shoot(peekPage, 'faq')

  await peekPage.goto('/contact')
  await expect(peekPage.getByText(/answers every message by the next morning/)).toBeVisible()
  await peekPage.goto('/ordernow')
  await expect(peekPage.getByText(/a quote\s+by the next morning/)).toBeVisible()
  await peekPage.goto('/about')
  await expect(
    peekPage.getByRole('heading', { level: 1, name: 'Welcome to Crumb & Co' }),
  ).toBeVisible()
  await peekPage.goto('/policies')
  await expect(peekPage.getByRole('heading', { level: 1, name: 'Order Policies' })).toBeVisible()
  // The terms from her rules first, then her own words.
  await expect(peekPage.locator('.markdown-page')).toContainText('What every order follows')
  await expect(peekPage.locator('.markdown-page')).toContainText('Notice:')
  await shoot(peekPage, 'policies')
  await peek.close()

  // With JavaScript, too: the same page, hydrated.
  const live = await visitor(browser, true)
  const livePage = await live.newPage()
  await livePage.goto('/about')
  await waitForHydration(livePage)
  await livePage.locator('footer').getByRole('link', { name: 'Contact' }).click()
  await expect(livePage.getByText(/answers every message by the next morning/)).toBeVisible()
  await expect(livePage.getByRole('region', { name: 'Announcement' })).toBeVisible()
  await live.close()
})

test('without JavaScript the owner previews, publishes and ends the banner, and visitors follow', async ({
  page,
  browser,
}) => {
  // Her session, then the same session in a browser that runs no JavaScript.
  await signInOwnSession(page, BASE)
  const owner = await browser.newContext({
    baseURL: BASE,
    viewport: PHONE,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  })
  const phone = await owner.newPage()
  await phone.goto('/admin/settings/site')

  const identity = phone.getByRole('region', { name: 'Identity' })
  await identity.getByLabel('Bakery name').fill('Crumb & Company')
  await identity.getByLabel('How soon you reply').fill('within a day')
  await identity.getByRole('button', { name: 'Save identity' }).click()
  await expect(phone.getByRole('region', { name: 'Identity' }).getByRole('status')).toHaveText(
    'Saved. The site shows it now.',
  )
  // The page came back at the group's answer, beside the button she pressed.
  expect(new URL(phone.url()).hash).toBe('#site-identity-answer')

  const words = phone.getByRole('region', { name: 'Words', exact: true })
  await words.getByLabel('About story').fill('First paragraph of ours.\n\nSecond paragraph.')
  await words.getByRole('button', { name: 'Preview' }).click()
  const preview = phone
    .getByRole('region', { name: 'Words', exact: true })
    .getByRole('region', { name: 'Preview, not published yet' })
  await expect(preview).toContainText('First paragraph of ours.')
  // The preview keeps what she typed in the form, ready to publish.
  await expect(phone.getByLabel('About story')).toHaveValue(
    'First paragraph of ours.\n\nSecond paragraph.',
  )
  await phone
    .getByRole('region', { name: 'Words', exact: true })
    .getByRole('button', { name: 'Publish' })
    .click()
  await expect(
    phone.getByRole('region', { name: 'Words', exact: true }).getByRole('status'),
  ).toHaveText('Saved. The site shows it now.')

  const visit = await visitor(browser, false)
  const visitorPage = await visit.newPage()
  await visitorPage.goto('/about')
  await expect(visitorPage.getByText('First paragraph of ours.')).toBeVisible()
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to Crumb & Company',
  )
  await visitorPage.goto('/contact')
  await expect(visitorPage.getByText(/answers every message within a day/)).toBeVisible()
  await expect(visitorPage.getByRole('region', { name: 'Announcement' })).toBeVisible()

  // A banner whose last day was yesterday is gone, with nobody switching it off.
  const banner = phone.getByRole('region', { name: 'Announcement', exact: true }).last()
  await banner.getByLabel('Last day it shows').fill(yesterday)
  await banner.getByRole('button', { name: 'Save announcement' }).click()
  await expect(
    phone.getByRole('region', { name: 'Announcement', exact: true }).last().getByRole('status'),
  ).toHaveText('Saved. The site shows it now.')
  await visitorPage.goto('/contact')
  await expect(visitorPage.getByRole('region', { name: 'Announcement' })).toHaveCount(0)

  // The FAQ emptied: the page says so kindly, and the footer stops linking it.
  await phone.getByLabel('Questions and answers').fill('')
  await phone.getByRole('region', { name: 'FAQ' }).getByRole('button', { name: 'Publish' }).click()
  await expect(phone.getByRole('region', { name: 'FAQ' }).getByRole('status')).toHaveText(
    'Saved. The site shows it now.',
  )
  const empty = await visitorPage.goto('/faq')
  expect(empty?.status()).toBe(200)
  await expect(
    visitorPage.getByText(/have not written our questions and answers yet/),
  ).toBeVisible()
  await expect(visitorPage.locator('footer').getByRole('link', { name: 'FAQ' })).toHaveCount(0)
  await expect(
    visitorPage.locator('footer').getByRole('link', { name: 'Order policies' }),
  ).toBeVisible()

  await visit.close()
  await owner.close()
})
