import type { Page } from '@playwright/test'
import { expect, OWNER, signInOwnSession, test } from './fixtures.ts'

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Admin Login' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function signIn(page: Page) {
  const dialog = await openDialog(page)
  await dialog.getByPlaceholder('Your email address').fill(OWNER.email)
  await dialog.getByPlaceholder('Your password').fill(OWNER.password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  // She lands on Today; the next step starts from there, not from a page still on its way.
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
}

test('the sign-in dialog renders only when shown and closes by its button, the backdrop or Escape', async ({
  page,
}) => {
  await page.goto('/about')
  await expect(page.locator('dialog')).toHaveCount(0)
  const toggle = page.getByRole('button', { name: 'Admin Login' })

  let dialog = await openDialog(page)
  await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(dialog.getByPlaceholder('Your email address')).toBeFocused()
  // A click inside the panel keeps it open.
  await dialog.getByRole('heading', { name: 'Sign in' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.locator('dialog')).toHaveCount(0)
  await expect(toggle).toBeFocused()

  dialog = await openDialog(page)
  // The backdrop is the dialog element outside its panel: click a corner of the viewport.
  await page.mouse.click(5, 5)
  await expect(page.locator('dialog')).toHaveCount(0)

  dialog = await openDialog(page)
  await page.keyboard.press('Escape')
  await expect(page.locator('dialog')).toHaveCount(0)
  await expect(toggle).toBeFocused()
})

test('focus stays inside the dialog while it is open', async ({ page }) => {
  await page.goto('/')
  const dialog = await openDialog(page)
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement))
    const onPage = await page.evaluate(() => document.activeElement !== document.body)
    // Browsers may pass through their own chrome between cycles; never to the page behind.
    if (onPage) expect(inside).toBe(true)
  }
})

test.describe('signing in', () => {
  test.use({ allowedConsoleErrors: [/status of 401|Failed to load resource|ERR_FAILED/] })

  test('a wrong password shows one message; while signing in the button waits', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openDialog(page)
    await dialog.getByPlaceholder('Your email address').fill(OWNER.email)
    await dialog.getByPlaceholder('Your password').fill('not the password')
    await page.route('**/admin/login.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(dialog.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password.')
    await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeEnabled()

    // The next try clears the previous error while it runs.
    await dialog.getByPlaceholder('Your password').fill(OWNER.password)
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('')
    await expect(page.locator('dialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  })

  test('a failure without a message reads "Login failed. Please try again."', async ({ page }) => {
    await page.goto('/')
    const dialog = await openDialog(page)
    await dialog.getByPlaceholder('Your email address').fill(OWNER.email)
    await dialog.getByPlaceholder('Your password').fill(OWNER.password)
    await page.route('**/admin/login.data*', (route) => route.abort('connectionfailed'))
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Login failed. Please try again.')
  })
})

test('signing in lands on Today with the owner bar on every page, as served; signing out takes it away', async ({
  page,
}) => {
  await page.goto('/gallery')
  await signIn(page)
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  // The keyboard carries on from the page's content, not from the top of the page.
  await expect(page.locator('main')).toBeFocused()
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('button', { name: 'Admin Login' })).toHaveCount(0)
  const bar = page.getByRole('navigation', { name: 'Owner' })
  await expect(bar.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page')

  // A public page has the bar too, and a full load hydrates cleanly (the fixture fails on any mismatch).
  await bar.getByRole('link', { name: 'Gallery' }).click()
  await expect(page).toHaveURL('/gallery')
  await expect(bar.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page')
  await expect(bar.getByRole('link', { name: 'Today' })).not.toHaveAttribute('aria-current')
  await page.reload()
  await expect(bar.getByRole('button', { name: 'Sign Out' })).toBeVisible()

  // Server-rendered for her alone: no flash of the signed-out page, and never kept for others.
  const signedIn = await page.request.get('/gallery')
  expect(signedIn.headers()['cache-control']).toBe('private, no-store')
  const html = await signedIn.text()
  expect(html).toContain('aria-label="Owner"')
  expect(html).not.toContain('>Admin Login</button>')
  const anonymous = await (await fetch(new URL('/gallery', page.url()))).text()
  expect(anonymous).not.toContain('aria-label="Owner"')
  expect(anonymous).toContain('>Admin Login</button>')

  await bar.getByRole('button', { name: 'Sign Out' }).click()
  await expect(footer.getByRole('button', { name: 'Admin Login' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Owner' })).toHaveCount(0)
  expect(await (await page.request.get('/gallery')).text()).toContain('>Admin Login</button>')
})

test('the inbox shows what came in; handled items leave the open filter', async ({ page }) => {
  const name = `Inbox Visitor ${Date.now()}`
  await page.goto('/contact')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('inbox@example.com')
  await page.getByLabel('Phone Number').fill('4165550111')
  await page.getByLabel('Message').fill('Do you deliver to Etobicoke?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('status')).toHaveText('Message sent successfully!')

  // She signs out at the end: a session of this test's own, not the worker's saved one.
  await signInOwnSession(page)
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Owner' })
    .getByRole('link', { name: 'Orders' })
    .click()
  await expect(page).toHaveURL('/admin/orders')
  await page.getByRole('link', { name: /^Messages/ }).click()
  const item = page.getByRole('article', { name: `Message from ${name}` })
  await expect(item).toContainText('Do you deliver to Etobicoke?')
  await expect(item).toContainText('inbox@example.com')
  await expect(item.getByText(/Email (queued|sending|sent)/)).toBeVisible()

  // Open messages only, until the owner asks for the handled ones too.
  await item.getByRole('button', { name: 'Mark handled' }).click()
  await expect(item).toHaveCount(0)
  await page.getByRole('link', { name: 'Show handled messages too' }).click()
  await expect(item.getByRole('button', { name: 'Mark open' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/')
})

test('the inbox writes due dates as people do and labels details as the orders do', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  const name = `Inbox Order ${Date.now()}`
  // Within the bakery's booking horizon (180 days): a later day is refused.
  const due = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)
  const readableDue = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${due}T00:00:00Z`))
  const response = await page.request.post('/ordernow', {
    headers: { 'content-type': 'application/json', origin: baseURL! },
    data: JSON.stringify({
      orders: [
        {
          name,
          email: 'dates@example.com',
          phone_number: '416-555-0123',
          product_type: 'Cakes',
          event_theme: 'Midsummer picnic',
          due_date: due,
          hear_about_us: 'TikTok',
        },
      ],
      accept_policies: true,
    }),
  })
  expect(response.status()).toBe(200)

  await signInOwner(page)
  await page.goto(`/admin/orders?q=${encodeURIComponent(name)}`)
  const item = page.getByRole('article', { name: 'Cakes' })
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(`Due${readableDue}`)
  await expect(item).not.toContainText(due)
  await item.getByRole('link', { name: 'Cakes' }).click()
  const details = page.getByRole('main')
  await expect(details).toContainText(`Due date${readableDue}`)
  await expect(details).toContainText('Heard about usTikTok')
  await expect(details).not.toContainText(due)
})

test('on a phone the order book reads well', async ({ signInOwner, page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInOwner(page)
  await page.goto('/admin/orders')
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  )
  expect(overflow).toBe(false)
})
