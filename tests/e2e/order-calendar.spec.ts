import type { Page } from '@playwright/test'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { bookDay, setBookingRules } from './booking-rules.ts'
import { addToCart, expect, test, waitForHydration } from './fixtures.ts'
import { findMail } from './inbox.ts'

// One server's rules, changed by each journey in turn (playwright.config.ts
// gives these journeys that server to themselves).
test.describe.configure({ mode: 'serial' })

const DAY_MS = 86_400_000
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
/** The first date on or after `date` that falls on `weekday` (0 = Sunday). */
const nextWeekday = (date: string, weekday: number) =>
  addDays(date, (weekday - weekdayOf(date) + 7) % 7)

/** A YYYY-MM-DD date as the page writes it, e.g. 'Saturday, December 12, 2026'. */
const readable = formatCalendarDate
const short = (date: string) => readable(date).replace(/, \d{4}$/, '')

/** Screenshots for looking at the pages, when SHOTS_DIR asks for them. */
async function shoot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) {
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true })
  }
}

/** The bakery's date today, as the form's date field knows it. */
async function bakeryToday(page: Page): Promise<string> {
  return (await page.getByLabel('Order Date').getAttribute('min'))!
}

/** Her details and the theme; once a treat is in the cart her details are kept, folded into one line. */
async function fillCustomer(page: Page, name: string, email = 'calendar@example.com') {
  // The cart folds her kept details into one line once React runs: look only after that.
  await waitForHydration(page)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))))
  const folded = await page.getByTestId('party-line').isVisible()
  if (!folded) {
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Phone Number').fill('416 555 0142')
  }
  await page.getByLabel('Event / Theme').fill('Spring garden party')
  if (!folded) await page.getByLabel('How did you hear about us?').selectOption('Instagram')
}

const calendar = (page: Page) => page.locator('.order-calendar')
const day = (page: Page, name: string) => calendar(page).getByRole('button', { name, exact: true })

test('the calendar offers only open days and says why the others cannot be picked', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/ordernow')
  const today = await bakeryToday(page)
  // About three months ahead, away from the days the other journeys use.
  const full = nextWeekday(addDays(today, 95), 3) // a Wednesday
  const before = addDays(full, -1) // Tuesday, open
  const after = addDays(full, 1) // Thursday, open
  const closedDate = addDays(full, 2) // Friday, closed for a holiday
  const monday = addDays(full, 5) // Mondays are closed
  setBookingRules({
    weekdayCapacity: [4, 0, 4, 4, 4, 4, 4],
    closedDates: [closedDate],
    notice: { 'Cake Pops': 14 },
  })
  await bookDay(request, baseURL!, { date: full, count: 4 })

  await page.reload()
  await page.getByLabel('Product Type').selectOption('Cake Pops')
  // Within the notice: the third day from today that the bakery opens.
  let soon = addDays(today, 3)
  if (weekdayOf(soon) === 1) soon = addDays(soon, 1)
  // (The calendar opens on the first open day's month; typing a date shows its own.)
  await page.getByLabel('Order Date').fill(soon)
  await expect(day(page, `${readable(soon)} — needs 14 days' notice, selected`)).toBeDisabled()
  await shoot(page, 'calendar-notice-1280')

  // Typing a date moves the calendar to its month, and the line below says why it cannot be had.
  await page.getByLabel('Order Date').fill(full)
  await expect(day(page, `${readable(full)} — fully booked, selected`)).toBeDisabled()
  await expect(day(page, `${readable(closedDate)} — closed`)).toBeDisabled()
  await expect(day(page, `${readable(monday)} — closed`)).toBeDisabled()
  await expect(day(page, readable(before))).toBeEnabled()
  await expect(page.locator('.date-note')).toHaveText(
    `${short(full)} is fully booked. The next open day is ${short(after)}.`,
  )
  await expect(page.locator('.date-note')).toHaveAttribute('aria-live', 'polite')
  await shoot(page, 'calendar-full-1280')

  // 'Add to Cart' refuses the day, with the reason beside the field.
  await fillCustomer(page, 'Calendar Visitor')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.locator('#field-due_date-error')).toHaveText(
    `${short(full)} is fully booked. The next open day is ${short(after)}.`,
  )
  await expect(page.getByLabel('Order Date')).toBeFocused()
  await expect(page.getByTestId('cart-count')).toHaveText('0')

  await page.getByRole('button', { name: `Choose ${short(after)}` }).click()
  await expect(page.getByLabel('Order Date')).toHaveValue(after)

  // With the keyboard only: the arrows step over the day that cannot be had, Enter picks.
  await page.getByLabel('Order Date').fill(before)
  await day(page, `${readable(before)}, selected`).focus()
  // A day that cannot be had is still reached, and Enter on it says why instead of choosing it.
  await page.keyboard.press('ArrowRight')
  await expect(day(page, `${readable(full)} — fully booked`)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('.calendar-tapped')).toHaveText(`${short(full)}: Fully booked`)
  await expect(page.getByLabel('Order Date')).toHaveValue(before)
  await page.keyboard.press('ArrowRight')
  await expect(day(page, readable(after))).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Order Date')).toHaveValue(after)
  await expect(page.locator('.date-note')).toHaveText(
    `${short(after)} is open. We confirm every date when we reply.`,
  )
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByTestId('cart-count')).toHaveText('1')

  // On a phone the month fits the screen.
  await page.setViewportSize({ width: 375, height: 812 })
  await page.getByLabel('Product Type').selectOption('Cake Pops')
  await page.getByLabel('Order Date').fill(full)
  await expect(day(page, `${readable(full)} — fully booked, selected`)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  const grid = (await calendar(page).boundingBox())!
  expect(grid.x).toBeGreaterThanOrEqual(0)
  expect(grid.x + grid.width).toBeLessThanOrEqual(375)
  await shoot(page, 'calendar-full-375')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('the calendar opens on the first month with an open day, says which, and says why another cannot be had', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/ordernow')
    const today = await bakeryToday(page)
    // Cakes need notice into next month, so this month has no open day for them.
    const nextMonth = addDays(`${today.slice(0, 7)}-01`, 32).slice(0, 7)
    const notice = Math.round(
      (Date.parse(`${nextMonth}-03T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
    )
    let firstOpen = addDays(today, notice)
    // Mondays are closed; the first open day is the next one that is not.
    if (weekdayOf(firstOpen) === 1) firstOpen = addDays(firstOpen, 1)
    // The 2nd of next month (the 1st when the 2nd is a closed Monday): too soon for the notice.
    let tooSoon = addDays(today, notice - 1)
    if (weekdayOf(tooSoon) === 1) tooSoon = addDays(tooSoon, -1)
    const fullDay = nextWeekday(addDays(firstOpen, 1), 3) // a Wednesday after it
    const monday = nextWeekday(firstOpen, 1)
    setBookingRules({ weekdayCapacity: [4, 0, 4, 4, 4, 4, 4], notice: { Cakes: notice } })
    await bookDay(request, baseURL!, { date: fullDay, count: 4 })

    await page.reload()
    await page.getByLabel('Product Type').selectOption('Cakes')
    await expect(page.locator('.calendar-next')).toHaveText(`Next available: ${short(firstOpen)}`)
    const monthName = new Date(`${firstOpen}T12:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    await expect(calendar(page).locator('.rdp-month_caption')).toHaveText(monthName)
    await expect(day(page, readable(firstOpen))).toBeEnabled()
    await shoot(page, 'calendar-next-available-375')

    // Each day is a target a finger can hit, and the month fits the screen.
    const boxes = await calendar(page)
      .locator('.rdp-day_button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON()))
    expect(boxes.length).toBeGreaterThanOrEqual(28)
    for (const box of boxes) {
      expect(box.width).toBeGreaterThanOrEqual(44)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // Tapping a day that cannot be had says why, in words, and chooses nothing.
    const tapped = page.locator('.calendar-tapped')
    await day(page, `${readable(fullDay)} — fully booked`).click({ force: true })
    await expect(tapped).toHaveText(`${short(fullDay)}: Fully booked`)
    await day(page, `${readable(monday)} — closed`).click({ force: true })
    await expect(tapped).toHaveText(`${short(monday)}: Closed`)
    await day(page, `${readable(tooSoon)} — needs ${notice} days' notice`).click({ force: true })
    await expect(tapped).toHaveText(`${short(tooSoon)}: Needs ${notice} days' notice`)
    await expect(page.getByLabel('Order Date')).toHaveValue('')

    // Back in this month: days gone by look unlike days too soon, and say so.
    await calendar(page)
      .getByRole('button', { name: /previous month/i })
      .click()
    const yesterday = addDays(today, -1)
    // Mondays are closed: on a Monday the first day too soon is tomorrow.
    const soonDay = weekdayOf(today) === 1 ? addDays(today, 1) : today
    if (yesterday.slice(0, 7) === today.slice(0, 7) && soonDay.slice(0, 7) === today.slice(0, 7)) {
      const past = day(page, `${readable(yesterday)} — in the past`)
      const soon = day(page, `${readable(soonDay)} — needs ${notice} days' notice`)
      const look = (button: typeof past) =>
        button.evaluate((element) => {
          const style = getComputedStyle(element)
          const mark = getComputedStyle(element, '::after')
          return `${style.color} ${style.textDecorationLine} ${mark.content} ${mark.borderTopWidth}`
        })
      expect(await look(past)).not.toBe(await look(soon))
      await past.click({ force: true })
      await expect(tapped).toHaveText(`${short(yesterday)}: In the past`)
    }

    await calendar(page)
      .getByRole('button', { name: /next month/i })
      .click()
    await day(page, readable(firstOpen)).click()
    await expect(page.getByLabel('Order Date')).toHaveValue(firstOpen)
    await expect(tapped).toHaveText('')
  })
})

test.describe('a refused send', () => {
  // The browser notes the 409 that carries the message.
  test.use({ allowedConsoleErrors: [/status of 409/] })

  test('a day that fills while the order waits in the cart: the message, one click to the next open day, and a second send', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/ordernow')
    const today = await bakeryToday(page)
    setBookingRules({})
    const wanted = nextWeekday(addDays(today, 120), 6) // a Saturday
    const other = addDays(wanted, 7)
    const next = addDays(wanted, 1)

    for (const [product, date] of [
      ['Cakes', wanted],
      ['Cupcakes', other],
    ] as const) {
      await fillCustomer(page, 'Stale Page')
      await page.getByLabel('Product Type').selectOption(product)
      await page.getByLabel('Order Date').fill(date)
      await addToCart(page)
    }
    await expect(page.getByTestId('cart-count')).toHaveText('2')

    // Meanwhile other customers take the whole day.
    await bookDay(request, baseURL!, { date: wanted, count: 4 })

    await page.getByRole('button', { name: /Your cart/ }).click()
    const panel = page.getByRole('region', { name: 'Your Orders' })
    await panel.getByRole('checkbox', { name: 'I have read the order policies' }).check()
    await panel.getByRole('button', { name: 'Send All Orders' }).click()
    const message = `Cakes on ${readable(wanted)}: that day is fully booked. The next open day for it is ${readable(next)}.`
    await expect(panel.getByRole('status')).toContainText('Error sending orders.')
    const first = panel.getByRole('listitem').first()
    await expect(first).toContainText(message)
    await expect(panel.getByRole('listitem')).toHaveCount(2)
    await expect(page.getByTestId('cart-count')).toHaveText('2')
    await shoot(page, 'cart-409-1280')
    await page.setViewportSize({ width: 375, height: 812 })
    await shoot(page, 'cart-409-375')
    await page.setViewportSize({ width: 1280, height: 800 })

    await first.getByRole('button', { name: `Move to ${short(next)}` }).click()
    await expect(first).toContainText(`Due Date${readable(next)}`)
    await expect(first).not.toContainText(message)
    await panel.getByRole('button', { name: 'Send All Orders' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Orders sent successfully!' }),
    ).toBeVisible()
    await expect(page.getByTestId('cart-count')).toHaveText('0')
  })
})

test('the policy tick is needed once per send, and the new details reach the owner', async ({
  page,
}) => {
  setBookingRules({ delivery: { enabled: true, note: 'Delivery within 15 km, $15.' } })
  await page.goto('/ordernow')
  const today = await bakeryToday(page)
  const date = nextWeekday(addDays(today, 140), 4)
  const name = `Policy Reader ${Date.now()}`
  await fillCustomer(page, name, 'reader@example.com')
  await page.getByLabel('Product Type').selectOption('Cupcakes')
  await page.getByLabel('Order Date').fill(date)
  await page.getByLabel('Servings or quantity').fill('24 cupcakes')
  await page.getByLabel('Allergies or dietary needs').fill('Nut-free, one vegan guest')
  await expect(page.getByRole('radio', { name: 'Pickup' })).toBeChecked()
  await expect(page.getByText('Delivery within 15 km, $15.')).toBeVisible()
  await page.getByRole('radio', { name: 'Delivery' }).check()
  // A delivery asks where to.
  await page.getByLabel('Street address').fill('12 Rosewood Crescent')
  await page.getByLabel('Town or city').fill('Toronto')
  await page.getByLabel('Postal code').fill('M4C 1A1')
  await addToCart(page)

  await page.getByRole('button', { name: /Your cart/ }).click()
  const panel = page.getByRole('region', { name: 'Your Orders' })
  const item = panel.getByRole('listitem')
  await expect(item).toContainText('Servings/Quantity24 cupcakes')
  await expect(item).toContainText('Allergies/Dietary needsNut-free, one vegan guest')
  await expect(item).toContainText('Pickup or deliveryDelivery')

  // Without the tick nothing is sent, and the message sits beside the box.
  const tick = panel.getByRole('checkbox', { name: 'I have read the order policies' })
  await panel.getByRole('button', { name: 'Send All Orders' }).click()
  await expect(
    panel.getByText('Please confirm that you have read our order policies.'),
  ).toBeVisible()
  await expect(tick).toBeFocused()
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  await panel.getByText('Read our order policies', { exact: true }).click()
  await expect(panel.getByText(/The rest is due 7 days before the day of your order/)).toBeVisible()

  await tick.check()
  await panel.getByRole('button', { name: 'Send All Orders' }).click()
  const thanks = page.getByRole('region', { name: 'Thank you, Policy!' })
  await expect(thanks.getByRole('status')).toHaveText('Orders sent successfully!')
  await expect(thanks.getByRole('heading', { name: 'Thank you, Policy!' })).toBeFocused()
  await expect(thanks).toContainText('We read every order ourselves and reply within 2 days')
  await expect(thanks).toContainText('reader@example.com')
  await shoot(page, 'thank-you-1280')
  await page.setViewportSize({ width: 375, height: 812 })
  await shoot(page, 'thank-you-375')

  const subject = `1 new order request from ${name}`
  await expect.poll(() => findMail(subject).then(Boolean), { timeout: 10_000 }).toBe(true)
  const mail = (await findMail(subject))!
  expect(mail.text).toContain('Servings/Quantity: 24 cupcakes')
  expect(mail.text).toContain('Allergies/Dietary needs: Nut-free, one vegan guest')
  expect(mail.text).toContain('Pickup or delivery: Delivery')

  // The next send asks again.
  await thanks.getByRole('button', { name: 'Start another order' }).click()
  await page.getByRole('button', { name: /Your cart/ }).click()
  await expect(page.getByText('Your cart is empty.', { exact: true })).toBeVisible()
})

test('a customer waits for a fully booked day; when it frees up she is emailed within a minute, and sends her request for it from the kept day’s page', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/ordernow')
  const today = await bakeryToday(page)
  // About four months ahead, away from the days the other journeys use: a Thursday.
  const full = nextWeekday(addDays(today, 125), 4)
  setBookingRules({})
  await bookDay(request, baseURL!, { date: full, count: 4 })
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const email = `wendy.${stamp}@example.com`

  await page.reload()
  await waitForHydration(page)
  await page.getByLabel('Product Type').selectOption('Cakes')
  await page.getByLabel('Order Date').fill(full)
  const wait = page.getByRole('group', { name: `Want ${short(full)} anyway?` })
  await wait.getByRole('button', { name: 'Tell me if it frees up' }).click()
  await wait.getByLabel(`Your email, to tell you about ${short(full)}`).fill(email)
  await wait.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(wait.getByRole('status')).toContainText(
    `You are on the waitlist for ${readable(full)}.`,
  )
  await expect(wait.getByRole('status')).toBeInViewport()
  await shoot(page, 'day-waitlist-joined-375')

  // The owner takes one more cake on Thursdays: the day frees up, and Wendy is told.
  setBookingRules({ weekdayCapacity: [4, 4, 4, 4, 5, 4, 4] })
  const subject = `${readable(full)} came free for your Cakes`
  await expect.poll(() => findMail(subject).then(Boolean), { timeout: 75_000 }).toBe(true)
  const offer = (await findMail(subject))!
  const link = /Send your request: (\S+)/.exec(offer.text ?? '')![1]!

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${readable(full)}, kept for you`,
  )
  await page.getByLabel('Name').fill('Wendy Waits')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByLabel('Phone Number').fill('416 555 0177')
  await page.getByLabel('Event / Theme').fill('Anniversary')
  await page.getByLabel('How did you hear about us?').selectOption('Instagram')
  await page.getByLabel('I have read the order policies').check()
  await shoot(page, 'day-waitlist-kept-375')
  await page.getByRole('button', { name: `Send my request for ${readable(full)}` }).click()
  await page.waitForURL(/\/requests\/[\w-]+$/)
  await expect(page.getByTestId('request-status')).toContainText('Status:')
  await expect(page.getByText(readable(full)).first()).toBeVisible()
})

test('without scripts, an order refused for a fully booked day offers the waitlist under the refusal; joining answers on the page and keeps her order', async ({
  browser,
  request,
  baseURL,
}) => {
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
  })
  const page = await plain.newPage()
  await page.goto('/ordernow')
  const today = await bakeryToday(page)
  // A Tuesday: no other journey here books one.
  const full = nextWeekday(addDays(today, 110), 2)
  setBookingRules({})
  await bookDay(request, baseURL!, { date: full, count: 4 })
  const email = `plain.wait.${Date.now()}@example.com`

  await page.getByLabel('Name').fill('Paula Plain')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone Number').fill('416-555-0179')
  await page.getByLabel('Product Type').selectOption('Cakes')
  await page.getByLabel('Event / Theme').fill('Retirement')
  await page.getByLabel('Order Date').fill(full)
  await page.getByLabel('How did you hear about us?').selectOption('Instagram')
  await page.getByRole('checkbox', { name: 'I have read the order policies' }).check()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.locator('#field-due_date-error')).toContainText('that day is fully booked')

  const wait = page.getByRole('form', { name: `Want ${short(full)} anyway?` })
  await expect(wait.getByLabel(`Your email, to tell you about ${short(full)}`)).toHaveValue(email)
  await shoot(page, 'day-waitlist-plain-offer-375')
  await wait.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(page.getByRole('status')).toContainText(
    `You are on the waitlist for ${readable(full)}. If it frees up for Cakes, we email ${email}`,
  )
  await expect(page.getByRole('status')).toBeInViewport()
  // Her order is still there, as she typed it, for another day.
  await expect(page.getByLabel('Name')).toHaveValue('Paula Plain')
  await expect(page.getByLabel('Event / Theme')).toHaveValue('Retirement')
  await expect(page.getByLabel('Product Type')).toHaveValue('Cakes')
  await shoot(page, 'day-waitlist-plain-joined-375')
  await plain.close()
})
