import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { receivedMail } from './inbox.ts'

const run = promisify(execFile)

/**
 * An admin of this test's own, added with the server's own command, so
 * locking or resetting it leaves the owner's account (which every other
 * spec signs in with) alone.
 */
async function addAdmin(label: string) {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@butterandbloom.test`
  const password = `${label} passphrase ${Math.random().toString(36).slice(2)}`
  await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'add', email], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, ADMIN_PASSWORD: password },
  })
  return { email, password }
}

async function signInThroughDialog(
  page: Page,
  { email, password }: { email: string; password: string },
) {
  await page.getByRole('button', { name: 'Admin Login' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await dialog.getByPlaceholder('Your email address').fill(email)
  await dialog.getByPlaceholder('Your password').fill(password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  return dialog
}

/**
 * A documentation address no other try has used, so earlier runs' failures
 * (another worker, a repeat) never count against this one.
 */
const strangerAddress = () =>
  `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}`

test.describe('sign-in throttle', () => {
  test.use({ allowedConsoleErrors: [/status of 429/] })

  test('strangers’ wrong passwords lock out new browsers, but not the owner’s own browser with JavaScript running', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Starts the admin command and signs in twice.
    test.slow()
    const admin = await addAdmin('lockout')
    await page.goto('/about')
    await waitForHydration(page)
    await signInThroughDialog(page, admin)
    // She lands on Today; signing out while that page is still on its way
    // would only refuse its data (a 401), which is not what this test is about.
    const today = page.getByRole('heading', { level: 1, name: 'Today' })
    await expect(today).toBeVisible()
    const signOut = page.getByRole('button', { name: 'Sign Out' })
    await signOut.click()
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible()

    // Strangers, each from an address of their own, fail for her email until it locks.
    const strangers = await playwright.request.newContext({ baseURL })
    const failures = []
    for (let i = 0; i < 6; i++) {
      const response = await strangers.post('/admin/login', {
        headers: { origin: baseURL!, 'x-forwarded-for': strangerAddress() },
        form: { email: admin.email, password: `guess ${i}` },
      })
      failures.push(response.status())
    }
    expect(failures).toEqual([401, 401, 401, 401, 401, 429])
    // A browser she never signed in with is locked out meanwhile, even with the right password.
    const fresh = await strangers.post('/admin/login', {
      headers: { origin: baseURL!, 'x-forwarded-for': strangerAddress() },
      form: admin,
    })
    expect(fresh.status()).toBe(429)
    await strangers.dispose()

    // Her own browser, through the dialog with React running, still gets in.
    await page.goto('/gallery')
    await waitForHydration(page)
    const dialog = await signInThroughDialog(page, admin)
    await expect(page.locator('dialog')).toHaveCount(0)
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await expect(today).toBeVisible()
    await expect(signOut).toBeVisible()
  })
})

/** The link in the newest reset email to `address`, once it has arrived. */
async function resetLinkFor(address: string) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mail = (await receivedMail()).filter((message) =>
        message.to && 'text' in message.to ? message.to.text.includes(address) : false,
      )
      link = /http\S+\/admin\/reset-password\/[\w-]+/.exec(mail.at(-1)?.text ?? '')?.[0]
      return link
    })
    .toBeDefined()
  return link!
}

test('“Forgot password?” emails a single-use link that sets a new password and signs her in', async ({
  page,
}) => {
  test.slow()
  const admin = await addAdmin('reset')
  const answer =
    'If that address is an admin’s, a link to set a new password is on its way. It works once, for 15 minutes.'
  await page.goto('/contact')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Admin Login' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await dialog.getByRole('button', { name: 'Forgot password?' }).click()
  // An address that is nobody's gets the very same answer.
  await dialog.getByPlaceholder('Your email address').fill('nobody-here@butterandbloom.test')
  await dialog.getByRole('button', { name: 'Email me a link' }).click()
  await expect(dialog.getByRole('status')).toHaveText(answer)
  await dialog.getByPlaceholder('Your email address').fill(admin.email)
  await dialog.getByRole('button', { name: 'Email me a link' }).click()
  await expect(dialog.getByRole('status')).toHaveText(answer)

  const link = await resetLinkFor(admin.email)
  expect(link.startsWith(new URL(page.url()).origin)).toBe(true)
  await page.goto(link)
  await page.getByLabel('New password').fill('a new passphrase for the bakery')
  await page.getByLabel('Type it again').fill('a new passphrase for the bakery')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()

  // Used once, the link is spent.
  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used')
  const origin = new URL(page.url()).origin
  const oldPassword = await page.request.post('/admin/login', {
    headers: { origin, 'x-forwarded-for': strangerAddress() },
    form: admin,
  })
  expect(oldPassword.status()).toBe(401)
  const newPassword = await page.request.post('/admin/login', {
    headers: { origin, 'x-forwarded-for': strangerAddress() },
    form: { email: admin.email, password: 'a new passphrase for the bakery' },
  })
  expect(newPassword.status()).toBe(200)
})
