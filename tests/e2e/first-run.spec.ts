import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'
import { expect, test } from './fixtures.ts'
import { picture } from './shots.ts'

// A server of this spec's own, started fresh for each install (E2E_PORT + 95).
const PORT = Number(process.env.E2E_PORT ?? 3210) + 95
const SITE = `http://localhost:${PORT}`
const PASSWORD = 'flour and sugar at dawn'

test.describe.configure({ mode: 'serial' })
// A refused password answers 400 and a used link 403: the browser notes each in its console.
test.use({ allowedConsoleErrors: [/status of (400|403) /] })
test.setTimeout(180_000)

/** A fresh install: a new DATA_DIR, no ADMIN_EMAIL, on SQLite. */
async function freshInstall(): Promise<ServerProcess & { link: string; token: string }> {
  const server = startServerProcess({
    PORT: String(PORT),
    SITE_URL: SITE,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bakery-first-run-')),
    DATABASE_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    SEED_DEMO: 'false',
  })
  await server.ready({ timeoutMs: 60_000 })
  const found = /Set up your bakery: (\S+)/.exec(server.output())
  if (!found) throw new Error(`No setup link in the log:\n${server.output()}`)
  const link = found[1]!
  return { ...server, link, token: new URL(link).searchParams.get('token')! }
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM')
  await server.exited
}

async function setUp(page: Page, link: string, name: string, demo: 'yes' | 'no') {
  await page.goto(link)
  await page.getByLabel('Your email').fill('maya@example.test')
  await page.getByLabel('Choose a password').fill(PASSWORD)
  await page.getByLabel('Type it again').fill(PASSWORD)
  await page.getByLabel('Your bakery’s name').fill(name)
  await page.getByLabel('Your name').fill('Maya Lin')
  await page.getByLabel('Time zone').fill('America/Vancouver')
  await page.getByLabel('Currency').fill('CAD')
  await page.getByLabel(demo === 'yes' ? /^Yes: / : /^No: /).check()
  await page.getByRole('button', { name: 'Set up and sign in' }).click()
  await expect(page).toHaveURL(`${SITE}/admin`)
}

/** What a visitor reads on Home, About and the order form's menu. */
async function publicPages(page: Page) {
  const read = async (url: string) => {
    await page.goto(`${SITE}${url}`)
    return page.locator('main').innerText()
  }
  const home = await read('/')
  const about = await read('/about')
  await page.goto(`${SITE}/ordernow`)
  const menu = await page.locator('select[name="product_type"] option').allInnerTexts()
  const title = await page.title()
  return { home, about, menu, title }
}

test('a fresh install prints a setup link; the owner sets up on her phone, once', async ({
  page,
  browser,
}) => {
  const server = await freshInstall()
  try {
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(server.link)
    await expect(page.getByRole('heading', { name: 'Set up your bakery' })).toBeVisible()
    await picture(page, 'first-run-setup-1280.png', { fullPage: true })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.reload()
    await picture(page, 'first-run-setup-375.png', { fullPage: true })

    // A password the rules refuse is said beside the form, and nothing is made.
    await page.getByLabel('Your email').fill('maya@example.test')
    await page.getByLabel('Choose a password').fill(PASSWORD)
    await page.getByLabel('Type it again').fill(`${PASSWORD}!`)
    await page.getByLabel('Your bakery’s name').fill('Maya’s Kitchen')
    await page.getByLabel('Your name').fill('Maya Lin')
    await page.getByRole('button', { name: 'Set up and sign in' }).click()
    await expect(page.getByText('The two passwords differ.')).toBeVisible()

    await setUp(page, server.link, 'Maya’s Kitchen', 'no')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto(`${SITE}/`)
    await expect(page.locator('header')).toContainText('Maya’s Kitchen')
    await page.goto(`${SITE}/admin/settings/site`)
    await expect(page.getByLabel('Time zone')).toHaveValue('America/Vancouver')

    // The link a second time: refused, signed in or not.
    const again = await page.goto(server.link)
    expect(again?.status()).toBe(403)
    await expect(page.getByRole('alert')).toContainText('set up already')
    const stranger = await browser.newPage()
    const refused = await stranger.goto(server.link)
    expect(refused?.status()).toBe(403)
    await expect(stranger.getByText('This bakery is set up already')).toBeVisible()
    await stranger.close()

    // The token is printed once, at boot; the access log shows only its redaction.
    expect(server.output().split(server.token).length - 1).toBe(1)
    expect(server.output()).toMatch(/GET \/admin\/setup\?token=… 403/)
  } finally {
    await stop(server)
  }
})

test('export from one install, import into another: Home, About and the menu match', async ({
  page,
}) => {
  const first = await freshInstall()
  let file: string
  let before: Awaited<ReturnType<typeof publicPages>>
  try {
    await setUp(page, first.link, 'Maya’s Kitchen', 'yes')
    await page.goto(`${SITE}/admin/settings`)
    await page.getByRole('link', { name: /Move your site/ }).click()
    await expect(page.getByRole('heading', { name: 'Move your site' })).toBeVisible()
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download your site file' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^maya-s-kitchen-site-\d{4}-\d{2}-\d{2}\.json$/)
    file = path.join(mkdtempSync(path.join(tmpdir(), 'bakery-site-file-')), 'site.json')
    await download.saveAs(file)
    before = await publicPages(page)
    expect(before.menu.length).toBeGreaterThan(1)
  } finally {
    await stop(first)
  }

  const second = await freshInstall()
  try {
    await setUp(page, second.link, 'Another Bakery', 'no')
    expect(await publicPages(page)).not.toEqual(before)

    await page.goto(`${SITE}/admin/settings/moving`)
    await page.getByLabel('Site file').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('heading', { name: 'In this file: Maya’s Kitchen' })
    await expect(preview).toBeVisible()
    await expect(page.getByText(/\d+ treats/).first()).toBeVisible()
    await page.setViewportSize({ width: 375, height: 812 })
    await picture(page, 'first-run-import-preview-375.png', { fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await picture(page, 'first-run-import-preview-1280.png', { fullPage: true })
    // Nothing has changed before Confirm.
    expect(await (await page.request.get(`${SITE}/`)).text()).toContain('Another Bakery')
    await page.getByRole('button', { name: 'Confirm: replace with this file' }).click()
    await expect(page.getByText(/^Imported: Maya’s Kitchen/)).toBeVisible()

    expect(await publicPages(page)).toEqual(before)
  } finally {
    await stop(second)
  }
})
