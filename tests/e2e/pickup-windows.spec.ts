import { formatCalendarDate } from '#app/utils/dates.ts'
import { expect, openSettingsCard, test, waitForHydration } from './fixtures.ts'
import { picture } from './shots.ts'

// The overlapping time the owner tries (409) and the form sent without a time (400) are refused;
// the browser notes both.
test.use({ allowedConsoleErrors: [/status of (400 \(Bad Request\)|409 \(Conflict\))/] })

/** A Saturday three to four weeks ahead: inside the horizon, past any product's notice. */
function saturdayAhead(): string {
  const day = new Date(Date.now() + 21 * 86_400_000)
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7))
  return day.toISOString().slice(0, 10)
}

test('the owner sets a Saturday pickup time, a customer on her phone picks it, and the bake list shows it', async ({
  signInOwner,
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const date = saturdayAhead()
  const stamp = `${Date.now()}`
  const name = `Lena Fox ${stamp}`
  const plainName = `Noah Reed ${stamp}`

  // The owner, on her phone.
  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwner(page)
  await page.goto('/admin/settings#pickup-windows-heading')
  await expect(page.getByRole('region', { name: 'Pickup times' })).toContainText(
    'No set times: customers give a date only.',
  )
  const card = await openSettingsCard(page, 'Pickup times')
  await card.getByLabel('Day').selectOption('Saturday')
  await card.getByLabel('From').fill('10:00')
  await card.getByLabel('Until').fill('12:00')
  await card.getByLabel('Requests it takes').fill('2')
  await card.getByRole('button', { name: 'Add pickup time' }).click()
  await expect(
    card.getByText('Saturday 10:00\u00a0a.m.–12:00\u00a0p.m. added, taking 2 requests.'),
  ).toBeVisible()
  await expect(card.getByRole('listitem')).toHaveText(
    /Saturday 10:00\sa\.m\.–12:00\sp\.m\.\s*Takes 2 requests/,
  )
  // A second that overlaps it is refused beside its field.
  await card.getByLabel('From').fill('11:00')
  await card.getByLabel('Until').fill('13:00')
  await card.getByRole('button', { name: 'Add pickup time' }).click()
  await expect(card.getByLabel('From')).toHaveAccessibleDescription(
    'That overlaps 10:00\u00a0a.m.–12:00\u00a0p.m. on the same day; choose times outside it.',
  )
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await picture(card, `pickup-settings-${width}.png`)
  }
  // The pickup address is the street of her bakery's one address, in Your site.
  await page.setViewportSize({ width: 375, height: 812 })
  await card.getByRole('link', { name: 'change it in Your site › Address' }).click()
  await expect(page).toHaveURL(/\/admin\/settings\/site#site-address$/)
  const address = page.getByRole('region', { name: 'Address', exact: true })
  await address.getByLabel('Street address').fill('12 Rosewood Crescent, Unit B')
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(address.getByText('Saved. The site shows it now.')).toBeVisible()

  // The customer, on her phone, in a browser of her own.
  const customer = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await customer.goto('/ordernow')
  await waitForHydration(customer)
  await customer.getByLabel('Name').fill(name)
  await customer.getByLabel('Email').fill(`lena.${stamp}@example.com`)
  await customer.getByLabel('Phone Number').fill('416-555-0177')
  await customer.getByLabel('Product Type').selectOption('Other')
  await customer.getByLabel('Event / Theme').fill('Garden brunch')
  await customer.getByLabel('Order Date').fill(date)
  await customer.getByLabel('How did you hear about us?').selectOption('Instagram')
  const times = customer.getByRole('group', { name: 'Pickup time' })
  await expect(times.getByRole('radio')).toHaveCount(1)
  // Not chosen: the form says so beside the times.
  await customer.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(times).toContainText('Choose a pickup time for your date.')
  await times.getByRole('radio', { name: '10:00\u00a0a.m.–12:00\u00a0p.m.' }).check()
  await times.scrollIntoViewIfNeeded()
  await picture(customer, 'pickup-order-form-375.png')
  await customer.setViewportSize({ width: 1280, height: 900 })
  await times.scrollIntoViewIfNeeded()
  await picture(customer, 'pickup-order-form-1280.png')
  await customer.setViewportSize({ width: 375, height: 812 })
  await customer.getByRole('button', { name: 'Add to Cart' }).click()
  await customer.getByRole('button', { name: /Your cart/ }).click()
  const panel = customer.getByRole('region', { name: 'Your Orders' })
  await panel.getByRole('checkbox', { name: 'I have read the order policies' }).check()
  await panel.getByRole('button', { name: 'Send All Orders' }).click()
  await expect(
    customer.getByRole('status').filter({ hasText: 'Orders sent successfully!' }),
  ).toBeVisible()
  // Public pages never carry the private address.
  expect(await (await customer.request.get('/ordernow')).text()).not.toContain('Rosewood')
  await customer.close()

  // Without JavaScript the form lists every weekday's times; the server checks the date's.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
  })
  const noScript = await plain.newPage()
  await noScript.goto('/ordernow')
  await noScript.getByLabel('Name').fill(plainName)
  await noScript.getByLabel('Email').fill(`plain.${stamp}@example.com`)
  await noScript.getByLabel('Phone Number').fill('416-555-0178')
  await noScript.getByLabel('Product Type').selectOption('Other')
  await noScript.getByLabel('Event / Theme').fill('Book club')
  await noScript.getByLabel('Order Date').fill(date)
  await noScript.getByLabel('How did you hear about us?').selectOption('Instagram')
  await noScript.getByRole('checkbox', { name: 'I have read the order policies' }).check()
  await noScript.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(noScript.locator('#field-pickup_window-error')).toHaveText(
    `${formatCalendarDate(date)}: please choose a pickup time. Times still open that day: 10:00\u00a0a.m.–12:00\u00a0p.m.`,
  )
  await noScript
    .getByLabel('Pickup time')
    .selectOption({ label: 'Saturday 10:00\u00a0a.m.–12:00\u00a0p.m.' })
  await noScript.getByRole('checkbox', { name: 'I have read the order policies' }).check()
  await noScript.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(noScript.getByRole('status')).toHaveText('Orders sent successfully!')
  await plain.close()

  // The owner's bake list for that Saturday shows the time.
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto(`/admin/calendar?month=${date.slice(0, 7)}&day=${date}#bake-list`)
  const bakeList = page.getByRole('region', { name: formatCalendarDate(date) })
  const item = bakeList.getByRole('listitem').filter({ hasText: name })
  await expect(item).toContainText('Pickup 10:00\u00a0a.m.–12:00\u00a0p.m.')
  await expect(bakeList.getByRole('listitem').filter({ hasText: plainName })).toContainText(
    'Pickup 10:00\u00a0a.m.–12:00\u00a0p.m.',
  )
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await picture(bakeList, `pickup-bake-list-${width}.png`)
  }
})

/** An rgb() colour's channels, as getComputedStyle gives them. */
function channels(color: string): number[] {
  return (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number)
}

/** WCAG contrast of two colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, bl = 0] = rgb.map((value) => {
      const c = value / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

test('on her phone, Settings opens on its content and each save answers in view, in its own card', async ({
  signInOwner,
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwner(page)
  await page.goto('/admin/settings')
  // The ways to the other pages take a row, not a screen: the menu starts on the first one.
  await expect(page.getByRole('heading', { level: 2, name: 'The menu' })).toBeInViewport()

  // A refused pickup time answers in its card, in view; its hint stays quiet, only the error is red.
  const card = await openSettingsCard(page, 'Pickup times')
  await card.getByLabel('Requests it takes').fill('0')
  await card.getByRole('button', { name: 'Add pickup time' }).click()
  const refused = card.getByRole('alert')
  await expect(refused).toHaveText('Please correct the marked field.')
  await expect(refused).toBeInViewport()
  const [hint, error, white] = await Promise.all([
    card.getByText(/^From 1 to 99; at most/).evaluate((el) => getComputedStyle(el).color),
    card.locator('#field-window_capacity-error').evaluate((el) => getComputedStyle(el).color),
    card.evaluate((el) => getComputedStyle(el).backgroundColor),
  ])
  const spread = (rgb: number[]) => Math.max(...rgb) - Math.min(...rgb)
  expect(spread(channels(hint))).toBeLessThan(spread(channels(error)) / 2)
  expect(contrast(channels(hint), channels(white))).toBeGreaterThanOrEqual(4.5)
  expect(contrast(channels(error), channels(white))).toBeGreaterThanOrEqual(4.5)

  // Without JavaScript each save is a new page, which opens at the card's answer.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
    storageState: await page.context().storageState(),
  })
  const phone = await plain.newPage()
  await phone.goto('/admin/settings/site#site-address')
  const address = phone.getByRole('region', { name: 'Address', exact: true })
  await address.getByLabel('Street address').fill('12 Rosewood Crescent, Unit B')
  await address.getByRole('button', { name: 'Save address' }).click()
  const kept = phone
    .getByRole('region', { name: 'Address', exact: true })
    .getByRole('status')
    .filter({ hasText: 'Saved. The site shows it now.' })
  await expect(kept).toBeInViewport()

  await phone.goto('/admin/settings/payments')
  const payments = phone.getByRole('region', { name: 'Payments', exact: true })
  await payments.getByLabel('Balance due (days before the order date)').fill('7')
  await payments.getByRole('button', { name: 'Save' }).click()
  const saved = phone.getByRole('region', { name: 'Payments', exact: true }).getByRole('status')
  await expect(saved).toHaveText(
    'Saved: new quotes ask for the balance 7 days before the order date.',
  )
  await expect(saved).toBeInViewport()
  await plain.close()
})
