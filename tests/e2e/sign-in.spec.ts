import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

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

let stranger = 0
const strangerAddress = () => `203.0.113.${(++stranger % 250) + 1}`

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
    const signOut = page.getByRole('button', { name: 'Sign Out' })
    await expect(signOut).toBeVisible()
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
    await expect(signOut).toBeVisible()
  })
})
