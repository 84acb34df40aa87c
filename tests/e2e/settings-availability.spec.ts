import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { site } from '#app/content/site.ts'
import { formatDateRange, todayIn } from '#app/utils/dates.ts'
import { expect, openSettingsCard, test, waitForHydration } from './fixtures.ts'

// These change which days every page offers, so they run in order on the server
// the gallery's and the menu's journeys use (playwright.config.ts), and put the
// defaults back at the end: capacity 4 every day, no closed dates, 180 days, pickup only.
test.describe.configure({ mode: 'serial' })

// Every journey here is the owner's: each starts signed in, with the worker's saved session.
test.use({ signedIn: true })

const DAY_MS = 24 * 60 * 60 * 1000
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  )

let startingPolicies = ''

/** The folded capacity card's days, Monday first, once Saturday is closed. */
const SATURDAY_CLOSED = ['4', '4', '4', '4', '4', '0 (closed)', '4']

/** Presses Tab, as a person would, until `target` has the focus (a few presses at most). */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  await expect(target).toBeFocused()
}

/** Puts the defaults back through the action, whatever a failed journey left behind. */
async function restoreDefaults(request: APIRequestContext, baseURL: string) {
  const post = (form: Record<string, string>) =>
    request.post('/admin/settings', { headers: { origin: baseURL }, form })
  await post({
    intent: 'capacity',
    ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [`capacity_${day}`, '4'])),
  })
  await post({ intent: 'horizon', horizon_days: '180' })
  await post({ intent: 'delivery', delivery_note: '' })
  if (startingPolicies) await post({ intent: 'policies', policies: startingPolicies })
  const html = await (await request.get('/admin/settings?open=closed-dates')).text()
  for (const [, id] of html.matchAll(
    /value="reopen"\/><input type="hidden" name="id" value="(\d+)"/g,
  )) {
    await post({ intent: 'reopen', id: id! })
  }
}

test.afterAll(async ({ browser, baseURL, ownerSessions }) => {
  const page = await browser.newPage({
    baseURL,
    storageState: await ownerSessions.stateFor(baseURL!),
  })
  await restoreDefaults(page.request, baseURL!)
  await page.close()
})

test('the owner sets capacity, closed dates, policies and delivery; customers never see the note', async ({
  page,
  baseURL,
}) => {
  // Five settings forms and two visits as a customer: more than the usual test time when busy.
  test.setTimeout(90_000)
  const today = todayIn(site.timeZone)
  const from = addDays(today, 20)
  const to = addDays(today, 22)
  let saturday = addDays(today, 1)
  while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1)
  const note = `Cousin’s wedding ${Date.now()}`
  const policies = `Deposits: half when we quote.\n\nAllergens: a home kitchen. ${Date.now()}`

  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  // Folded, each card shows what is set and no form: the page is short on her phone.
  await expect(page.getByRole('button', { name: 'Save weekly capacity' })).toHaveCount(0)
  await waitForHydration(page)

  // Weekly capacity: Saturday closed. Opening and closing the card puts the focus on its heading.
  const capacity = await openSettingsCard(page, 'Weekly capacity')
  await expect(capacity.getByRole('heading', { name: 'Weekly capacity' })).toBeFocused()
  await capacity.getByLabel('Saturday').fill('0')
  await capacity.getByRole('button', { name: 'Save weekly capacity' }).click()
  await expect(capacity.getByText('Weekly capacity saved.')).toBeVisible()
  await capacity.getByRole('link', { name: 'Close Weekly capacity' }).click()
  await expect(capacity.getByRole('heading', { name: 'Weekly capacity' })).toBeFocused()
  await expect(capacity.getByRole('link', { name: 'Change weekly capacity' })).toBeVisible()
  await expect(capacity.getByRole('definition')).toHaveText(SATURDAY_CLOSED)

  // Closed dates, typed and sent with the keyboard only.
  const closed = await openSettingsCard(page, 'Closed dates')
  await closed.getByLabel('From').focus()
  const [y1, m1, d1] = from.split('-')
  await page.keyboard.type(`${m1}${d1}${y1}`)
  // A date field's own calendar button may take a Tab first.
  await tabTo(page, closed.getByLabel('To'))
  const [y2, m2, d2] = to.split('-')
  await page.keyboard.type(`${m2}${d2}${y2}`)
  await tabTo(page, closed.getByLabel('Note'))
  await page.keyboard.type(note)
  await tabTo(page, closed.getByRole('button', { name: 'Add closed dates' }))
  await page.keyboard.press('Enter')
  await expect(
    closed.getByText(`Closed ${shortDate(from)} – ${shortDate(to)}.`, { exact: true }),
  ).toBeVisible()
  const item = closed.getByRole('listitem').filter({ hasText: note })
  await expect(item).toContainText('Private')
  // The form is empty again for the next dates.
  await expect(closed.getByLabel('From')).toHaveValue('')

  // Policies and delivery; opening one card folds the other.
  const policiesCard = await openSettingsCard(page, 'Order policies')
  await expect(closed.getByLabel('From')).toHaveCount(0)
  startingPolicies = await policiesCard
    .getByRole('textbox', { name: 'Order policies' })
    .inputValue()
  await policiesCard.getByRole('textbox', { name: 'Order policies' }).fill(policies)
  await policiesCard.getByRole('button', { name: 'Save order policies' }).click()
  await expect(policiesCard.getByText('Order policies saved.')).toBeVisible()

  const delivery = await openSettingsCard(page, 'Delivery')
  await delivery.getByLabel('We deliver').check()
  await delivery.getByLabel('Delivery area and fee').fill('Within 10 km of the bakery, $15.')
  await delivery.getByRole('button', { name: 'Save delivery' }).click()
  await expect(delivery.getByText('Delivery saved: customers can choose it.')).toBeVisible()

  // Kept: a fresh Settings shows each rule as saved on its folded card.
  await page.goto('/admin/settings')
  await expect(capacity.getByRole('definition')).toHaveText(SATURDAY_CLOSED)
  await expect(closed.getByRole('listitem').filter({ hasText: note })).toContainText(
    formatDateRange(from, to),
  )
  await expect(policiesCard).toContainText('Deposits: half when we quote.')
  await expect(delivery).toContainText('You deliver: Within 10 km of the bakery, $15.')
  await openSettingsCard(page, 'Delivery')
  await expect(delivery.getByLabel('We deliver')).toBeChecked()
  await expect(delivery.getByLabel('Delivery area and fee')).toHaveValue(
    'Within 10 km of the bakery, $15.',
  )

  // Customers: those days are closed, and the note is nowhere.
  const visitor = await page.context().browser()!.newContext({ baseURL })
  const api = await visitor.request.get(`/api/availability?from=${from}&to=${to}`)
  expect(api.ok()).toBe(true)
  const apiText = await api.text()
  expect(apiText).not.toContain(note)
  const { days } = JSON.parse(apiText) as { days: { date: string; status: string }[] }
  expect(days.map((day) => day.status)).toEqual(['closed', 'closed', 'closed'])
  const sat = await visitor.request.get(`/api/availability?from=${saturday}&to=${saturday}`)
  expect((await sat.json()).days[0].status).toBe('closed')
  const orderPage = await visitor.request.get('/ordernow')
  expect(await orderPage.text()).not.toContain(note)
  await visitor.close()

  // Back to the defaults, through the page.
  await openSettingsCard(page, 'Closed dates')
  await item.getByRole('button', { name: /^Remove closed dates/ }).click()
  await expect(closed.getByText(`Open again ${shortDate(from)} – ${shortDate(to)}.`)).toBeVisible()
  await expect(closed.getByRole('listitem').filter({ hasText: note })).toHaveCount(0)
  await openSettingsCard(page, 'Weekly capacity')
  await capacity.getByLabel('Saturday').fill('4')
  await capacity.getByRole('button', { name: 'Save weekly capacity' }).click()
  await expect(capacity.getByText('Weekly capacity saved.')).toBeVisible()
  await openSettingsCard(page, 'Delivery')
  await delivery.getByLabel('We deliver').uncheck()
  await delivery.getByLabel('Delivery area and fee').fill('')
  await delivery.getByRole('button', { name: 'Save delivery' }).click()
  await expect(delivery.getByText('Delivery saved: pickup only.')).toBeVisible()
  await openSettingsCard(page, 'Order policies')
  await policiesCard.getByRole('textbox', { name: 'Order policies' }).fill(startingPolicies)
  await policiesCard.getByRole('button', { name: 'Save order policies' }).click()
  await expect(policiesCard.getByText('Order policies saved.')).toBeVisible()
})

test.describe('refused changes', () => {
  // The browser logs the refused post's status; the page shows the messages.
  test.use({ allowedConsoleErrors: [/status of 40\d/] })

  test('bad values get a message beside the field, which takes the focus; the horizon is set with the keyboard', async ({
    page,
  }) => {
    await page.goto('/admin/settings')
    // Focus moves to the field in error once React runs the page; a tap before
    // then posts the page instead, which the no-JavaScript test covers.
    await waitForHydration(page)
    const today = todayIn(site.timeZone)

    const closed = await openSettingsCard(page, 'Closed dates')
    await closed.getByLabel('From').fill(addDays(today, 12))
    await closed.getByLabel('To').fill(addDays(today, 10))
    await closed.getByRole('button', { name: 'Add closed dates' }).click()
    await expect(closed.getByText('“To” must be the same day as “From” or later.')).toBeVisible()
    await expect(closed.getByLabel('To')).toBeFocused()
    await expect(closed.getByLabel('To')).toHaveAttribute('aria-invalid', 'true')
    await expect(closed.getByText('Please correct the marked field.')).toBeVisible()

    const capacity = await openSettingsCard(page, 'Weekly capacity')
    await capacity.getByLabel('Tuesday').fill('100')
    await capacity.getByRole('button', { name: 'Save weekly capacity' }).click()
    await expect(capacity.getByText('Tuesday must be a whole number from 0 to 99.')).toBeVisible()
    await expect(capacity.getByLabel('Tuesday')).toBeFocused()

    // The horizon, by keyboard: an out-of-range value, then a good one.
    const horizon = await openSettingsCard(page, 'Booking horizon')
    const days = horizon.getByLabel(/Customers can book up to/)
    await days.focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('1000')
    await page.keyboard.press('Enter')
    await expect(
      horizon.getByText('Days ahead must be a whole number from 1 to 730.'),
    ).toBeVisible()
    await expect(days).toBeFocused()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('180')
    await page.keyboard.press('Enter')
    await expect(horizon.getByText('Customers can now book up to 180 days ahead.')).toBeVisible()
    await expect(horizon.getByText('Days ahead must be a whole number')).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain forms save and show their messages', async ({ page }) => {
    // On her phone each answer is a new page, which opens at the answer beside
    // the form she used, not at the top of Settings.
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/admin/settings')
    // The card opens by its link, a page of its own without JavaScript.
    const horizon = await openSettingsCard(page, 'Booking horizon', { scripts: false })
    await horizon.getByLabel(/Customers can book up to/).fill('200')
    await horizon.getByRole('button', { name: 'Save booking horizon' }).click()
    const saved = page
      .getByRole('region', { name: 'Booking horizon' })
      .getByText('Customers can now book up to 200 days ahead.')
    await expect(saved).toBeVisible()
    await expect(saved).toBeInViewport()
    await expect(
      page.getByRole('region', { name: 'Booking horizon' }).getByRole('button', { name: 'Save' }),
    ).toBeInViewport()
    await expect(
      page.getByRole('region', { name: 'Booking horizon' }).getByLabel(/Customers can book/),
    ).toHaveValue('200')
    await page
      .getByRole('region', { name: 'Booking horizon' })
      .getByLabel(/Customers can book up to/)
      .fill('180')
    await page.getByRole('button', { name: 'Save booking horizon' }).click()
    await expect(page.getByText('Customers can now book up to 180 days ahead.')).toBeInViewport()

    // A form at the foot of the page, posting the page rather than through a fetcher.
    const erase = page.getByRole('region', { name: 'Erase a customer’s data' })
    const nobody = `nobody-${Date.now()}@example.com`
    await erase.getByLabel('Customer’s email').fill(nobody)
    await erase.getByLabel(/I understand/).check()
    await erase.getByRole('button', { name: 'Erase their data' }).click()
    await expect(
      page
        .getByRole('region', { name: 'Erase a customer’s data' })
        .getByText(`Nothing was stored for ${nobody}.`),
    ).toBeInViewport()
  })
})
