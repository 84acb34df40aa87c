import type { Browser, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { receivedMail } from './inbox.ts'
import { addDays, openOrderOf, sendCakeRequest, sendQuote } from './money-journey.ts'
import { shoot } from './shots.ts'

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }

interface BakeryData {
  aggregateRating?: { '@type': string; ratingValue: number; reviewCount: number }
  review?: { '@type': string; reviewBody?: string; author: { name: string } }[]
}

/** The page's structured data (the Bakery JSON-LD), as a search engine reads it. */
async function bakeryData(page: Page): Promise<BakeryData> {
  const text = await page.locator('script[type="application/ld+json"]').textContent()
  return JSON.parse(text ?? '{}') as BakeryData
}

/** Home and About as an anonymous visitor sees them, with JavaScript and without. */
async function visitorPages(browser: Browser, baseURL: string) {
  const pages: { page: Page; javaScript: boolean; close: () => Promise<void> }[] = []
  for (const javaScript of [true, false]) {
    // Still: the hero's turning title must not sway the check that nothing scrolls sideways.
    const context = await browser.newContext({
      ...PHONE,
      baseURL,
      javaScriptEnabled: javaScript,
      reducedMotion: 'reduce',
    })
    pages.push({ page: await context.newPage(), javaScript, close: () => context.close() })
  }
  return pages
}

test('a customer reviews her completed order on her phone, the owner shows it on Home and About, and erasing her removes it', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000)
  const stamp = `${Date.now()}`.slice(-6)
  const customer = { name: 'Erin Walsh', email: `erin.${stamp}@example.com` }
  const words = `The lemon cake was a dream, everyone asked for seconds ${stamp}. <b>Thank you!</b>`
  const due = addDays(new Date().toISOString().slice(0, 10), 120 + (Number(stamp) % 25))

  // Her request, quoted, accepted, booked, baked and handed over.
  const link = await sendCakeRequest(page, baseURL!, {
    customer,
    stamp,
    due,
    theme: 'Garden party',
  })
  await signInOwner(page)
  await openOrderOf(page, customer.email)
  const orderPage = page.url()
  await sendQuote(page, { price: '120', deposit: '40' })

  const phone = await browser.newContext({ ...PHONE, baseURL })
  const her = await phone.newPage()
  await her.goto(link)
  await waitForHydration(her)
  // Not completed yet: no review form.
  await expect(her.getByRole('heading', { name: 'How was your order?' })).toHaveCount(0)
  await her.getByRole('button', { name: 'Accept quote' }).click()
  await expect(her.getByRole('button', { name: 'Accept quote' })).toHaveCount(0)

  await page.goto(orderPage)
  await page.getByRole('button', { name: 'Waive deposit' }).click()
  await expect(page.getByTestId('order-status').first()).toContainText('Confirmed')
  await page.getByRole('button', { name: 'Mark ready' }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Yes, mark ready/ })
    .click()
  await expect(page.getByTestId('order-status').first()).toContainText('Ready')
  await page.getByRole('button', { name: 'Mark completed' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, mark completed' }).click()
  await expect(page.getByTestId('order-status').first()).toContainText('Completed')

  // On her phone: the form, checked before it goes.
  await her.reload()
  await waitForHydration(her)
  const panel = her.getByRole('region', { name: 'How was your order?' })
  await expect(panel).toBeVisible()
  await expect(panel.getByLabel('Your name as it should appear')).toHaveValue('Erin')
  await panel.getByRole('button', { name: 'Send your review' }).click()
  await expect(panel.getByText('Choose from one to five stars.')).toBeVisible()
  const stars = panel.getByRole('group', { name: 'Your stars' })
  await expect(stars.getByRole('radio')).toHaveCount(5)
  await stars.getByRole('radio', { name: '5 out of 5 stars' }).check()
  await panel.getByLabel('Your words').fill(words)
  await panel.getByLabel('You may show this on the bakery’s site').check()
  await shoot(her, 'reviews-customer-form', { part: panel })
  await panel.getByRole('button', { name: 'Send your review' }).click()
  const saved = her.getByRole('region', { name: 'Your review' })
  await expect(saved.getByRole('status')).toContainText('Thank you! Your review is saved')
  await expect(saved.getByLabel('Your words')).toHaveValue(words)

  // The owner hears of it once.
  await expect
    .poll(async () =>
      (await receivedMail()).filter((mail) =>
        mail.subject?.startsWith('New review: 5 out of 5 stars from Erin Walsh'),
      ),
    )
    .toHaveLength(1)

  // Visitors see nothing of it until the owner shows it.
  const visitors = await visitorPages(browser, baseURL!)
  for (const { page: visitor } of visitors) {
    await visitor.goto('/')
    await expect(visitor.getByText(words)).toHaveCount(0)
  }

  // The owner's list: stars, words, permission, and Show.
  await page.goto('/admin/settings')
  await page.getByRole('link', { name: 'Reviews from your customers' }).click()
  await expect(page).toHaveURL(/\/admin\/reviews$/)
  const item = page.getByRole('article', { name: 'Erin' }).filter({ hasText: stamp })
  await expect(item).toContainText('5 out of 5 stars')
  await expect(item).toContainText('She gave permission to show it.')
  await item.getByRole('button', { name: /Show on your site/ }).click()
  await expect(item.getByText('Shown on your site')).toBeVisible()
  await shoot(page, 'reviews-owner-list')

  // Shown at once on Home and About, with JavaScript and without, rating included.
  for (const { page: visitor, javaScript } of visitors) {
    for (const path of ['/', '/about']) {
      await visitor.goto(path)
      const section = visitor.getByRole('region', { name: 'Kind Words' })
      await expect(section, `${path}, JavaScript ${javaScript}`).toContainText(words)
      await expect(section.getByRole('listitem').filter({ hasText: words })).toContainText(
        '5 out of 5 stars',
      )
      await expect(section.getByRole('listitem').filter({ hasText: words })).toContainText('— Erin')
      const data = await bakeryData(visitor)
      expect(data.aggregateRating).toMatchObject({ '@type': 'AggregateRating' })
      expect(data.aggregateRating!.reviewCount).toBeGreaterThanOrEqual(1)
      expect(data.review).toContainEqual(
        expect.objectContaining({ '@type': 'Review', reviewBody: words }),
      )
      if (javaScript && path === '/') {
        await shoot(visitor, 'reviews-home', { part: section })
      }
      if (javaScript && path === '/about') {
        await shoot(visitor, 'reviews-about', { part: section })
      }
    }
  }
  // Her words are text on the page, never markup.
  await expect(visitors[0]!.page.locator('main b', { hasText: 'Thank you!' })).toHaveCount(0)

  // Once shown, it is no longer hers to change.
  await her.reload()
  await expect(her.getByRole('heading', { name: 'Your review is on our site' })).toBeVisible()
  await expect(her.getByRole('button', { name: 'Save changes' })).toHaveCount(0)

  // Erased at her request: gone from Home, About and their rating.
  await page.goto('/admin/settings')
  const erase = page.getByRole('region', { name: 'Erase a customer’s data' })
  await erase.getByLabel('Customer’s email').fill(customer.email)
  await erase.getByLabel('I understand this erases their data for good.').check()
  await erase.getByRole('button', { name: 'Erase their data' }).click()
  await expect(erase.getByText(`Erased ${customer.email}`)).toBeVisible()
  for (const { page: visitor } of visitors) {
    for (const path of ['/', '/about']) {
      await visitor.goto(path)
      await expect(visitor.getByText(words)).toHaveCount(0)
      const data = await bakeryData(visitor)
      expect(data.review ?? []).not.toContainEqual(expect.objectContaining({ reviewBody: words }))
    }
  }
  await page.goto('/admin/reviews')
  await expect(page.getByText(stamp)).toHaveCount(0)
  for (const visitor of visitors) await visitor.close()
  await phone.close()
})
