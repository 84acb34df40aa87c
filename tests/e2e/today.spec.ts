import type { Page } from '@playwright/test'
import { OWNER, expect, test, waitForHydration } from './fixtures.ts'
import { picture } from './shots.ts'

async function signInFromFooter(page: Page) {
  await page.getByRole('button', { name: 'Admin Login' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await dialog.getByPlaceholder('Your email address').fill(OWNER.email)
  await dialog.getByPlaceholder('Your password').fill(OWNER.password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
}

test('on her phone the owner lands on Today, finds a new request waiting and opens it from there', async ({
  page,
  baseURL,
}) => {
  // Many steps and two screen sizes, on a machine that may be busy.
  test.slow()
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const name = `Tess Today ${stamp}`
  const due = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10)
  const send = await page.request.post('/ordernow', {
    headers: {
      origin: baseURL!,
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${(Number(stamp.slice(-3)) % 200) + 20}`,
    },
    data: JSON.stringify({
      orders: [
        {
          name,
          email: `tess.${stamp}@example.com`,
          phone_number: '4165550123',
          product_type: 'Cakes',
          event_theme: 'Garden tea',
          due_date: due,
          hear_about_us: 'Instagram',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status(), await send.text()).toBe(200)

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/contact')
  await waitForHydration(page)
  await signInFromFooter(page)
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  for (const heading of [
    'Waiting for your reply',
    'Quotes awaiting an answer',
    'Deposits due',
    'Open messages',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }

  // The owner bar: every target a thumb's size, the current page marked, and nothing wider than the phone.
  const bar = page.getByRole('navigation', { name: 'Owner' })
  const targets = bar.locator('a, button')
  await expect(targets).toHaveText([
    'Today',
    'Orders',
    'Calendar',
    'Customers',
    'Drops',
    'Kitchen',
    'Reports',
    'Gallery',
    'Settings',
    'Sign Out',
  ])
  for (const target of await targets.all()) {
    const box = (await target.boundingBox())!
    expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(44)
    expect(box.width, await target.innerText()).toBeGreaterThanOrEqual(44)
  }
  await expect(bar.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page')
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  )
  await picture(page, 'today-today-375.png', { fullPage: true })

  // The list shows the ten that have waited longest. On a server other tests
  // share, more wait than that, and the rest are one tap away in Orders.
  const waiting = page.getByRole('region', { name: /Waiting for your reply/ })
  const item = waiting.getByRole('link', { name: new RegExp(`Cakes for ${name}`) })
  const seeAll = waiting.getByRole('link', { name: /^See all [\d,]+ in Orders$/ })
  await expect(item.or(seeAll).first()).toBeVisible()
  if (await item.isVisible()) {
    await item.click()
  } else {
    await seeAll.click()
    await expect(page).toHaveURL('/admin/orders?status=new')
    await page
      .getByRole('article', { name: 'Cakes' })
      .filter({ hasText: name })
      .getByRole('link', { name: 'Cakes' })
      .click()
  }
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/)
  await expect(bar.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('main')).toContainText(name)
  await picture(page, 'today-order-375.png')

  await page.setViewportSize({ width: 1280, height: 900 })
  await bar.getByRole('link', { name: 'Today' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  await picture(page, 'today-today-1280.png', { fullPage: true })
  await page.goto('/')
  await picture(page, 'today-home-signed-in-1280.png')
  await page.setViewportSize({ width: 375, height: 800 })
  await picture(page, 'today-home-signed-in-375.png')

  // On a phone's public page her bar steps aside: the public header is her one row,
  // with her way back to Today and her pages in its menu.
  await expect(bar).toBeHidden()
  const header = page.getByRole('banner')
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72)
  await page.getByRole('button', { name: 'Open menu' }).click()
  const yours = page.getByRole('list', { name: 'Your pages' })
  await expect(yours.getByRole('link')).toHaveText([
    'Today',
    'Orders',
    'Calendar',
    'Customers',
    'Drops',
    'Kitchen',
    'Reports',
    'Settings',
  ])
  await picture(page, 'today-home-signed-in-menu-375.png')
  await page.getByRole('button', { name: 'Close menu' }).click()
  // The gallery she uploads to is one of her pages: her bar is its header.
  await page.goto('/gallery')
  await expect(bar.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page')
  await expect(header).toBeHidden()
  await page.goto('/about')
  await header.getByRole('link', { name: 'Today', exact: true }).click()
  await expect(page).toHaveURL('/admin')
  await expect(bar.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page')
})
