import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import ICAL from 'ical.js'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { expect, test } from './fixtures.ts'
import { shoot } from './shots.ts'

/** A date of this journey's own, 40 to 50 days ahead, away from the days other journeys fill. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

function summariesIn(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  return calendar
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component).summary)
}

test('the owner finds a new request on her calendar, her phone’s feed and the CSV', async ({
  signInOwner,
  page,
  request,
  baseURL,
}) => {
  // A long journey: an order, the calendar at two widths, the feed and the CSV.
  test.setTimeout(60_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`
  const name = `Mara Quinn ${stamp}`
  const availability = await request.get(
    `/api/availability?from=${daysFromNow(40)}&to=${daysFromNow(50)}&product=Cupcakes`,
  )
  const { days } = (await availability.json()) as { days: { date: string; status: string }[] }
  const date = days.find((day) => day.status === 'open')!.date
  const sent = await request.post('/ordernow', {
    headers: {
      origin: baseURL!,
      'content-type': 'application/json',
      'x-forwarded-for': '198.51.100.240',
    },
    data: JSON.stringify({
      orders: [
        {
          name,
          email: `mara.${stamp}@example.com`,
          phone_number: '416-555-0142',
          product_type: 'Cupcakes',
          event_theme: 'Garden party',
          due_date: date,
          hear_about_us: 'Instagram',
          servings: '24',
          allergies: 'Sesame (severe)',
          fulfilment: 'pickup',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(sent.status(), await sent.text()).toBe(200)

  await signInOwner(page)
  await page.goto('/')
  await page
    .getByRole('navigation', { name: 'Owner' })
    .getByRole('link', { name: 'Calendar' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
  await page.goto(`/admin/calendar?month=${date.slice(0, 7)}`)
  const dayLink = page.getByRole('link', { name: new RegExp(`^${formatCalendarDate(date)},`) })
  await expect(dayLink).toHaveAccessibleName(/1 of \d+ booked, 1 request held/)
  await expect(dayLink.locator('.owner-day-effort')).toHaveText(/^1 \/ \d+$/)

  await dayLink.click()
  await expect(page).toHaveURL(new RegExp(`day=${date}`))
  const bakeList = page.getByRole('region', { name: formatCalendarDate(date) })
  const item = bakeList.getByRole('listitem').filter({ hasText: name })
  await expect(item).toContainText('Cupcakes')
  await expect(item).toContainText('serves 24')
  await expect(item).toContainText('Allergies: Sesame (severe)')
  await expect(item).toContainText('Pickup')
  await expect(item).toContainText('New')
  const open = item.getByRole('link', { name: new RegExp(`^Open request #\\d+ for ${name}$`) })
  await expect(open).toHaveAttribute('href', /^\/admin\/orders\/\d+$/)

  await shoot(page, 'owner-calendar')
  await page.setViewportSize({ width: 1280, height: 900 })

  // The feed, from the settings page, read as a phone would: no session.
  await page.goto('/admin/settings')
  const address = page.getByRole('textbox', { name: 'Calendar address' })
  const feedUrl = await address.inputValue()
  expect(feedUrl).toMatch(/\/admin\/calendar\.ics\?key=[A-Za-z0-9_-]{22,}$/)
  await expect(page.getByRole('link', { name: 'Add to my calendar' })).toHaveAttribute(
    'href',
    feedUrl.replace(/^http:\/\//, 'webcal://'),
  )
  const feed = await request.get(feedUrl)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(feed.headers()['cache-control']).toBe('private, no-store')
  expect(summariesIn(await feed.text())).toContain(`Cupcakes — ${name} (new)`)

  await page.getByRole('button', { name: 'Rotate key' }).click()
  await expect(page.getByText('New calendar address made.')).toBeVisible()
  await expect(address).not.toHaveValue(feedUrl)
  const newUrl = await address.inputValue()
  expect((await request.get(feedUrl)).status()).toBe(404)
  expect((await request.get(newUrl)).status()).toBe(200)

  // Erasing asks for a deliberate tick; an address nobody used has nothing to erase.
  const erase = page.getByRole('region', { name: 'Erase a customer’s data' })
  const nobody = `nobody-${Date.now()}@example.com`
  await erase.getByLabel('Customer’s email').fill(nobody)
  await erase.getByLabel('I understand this erases their data for good.').check()
  await erase.getByRole('button', { name: 'Erase their data' }).click()
  await expect(erase.getByText(`Nothing was stored for ${nobody}.`)).toBeVisible()
  await shoot(page, 'erase-customer', { part: erase })

  // The export, downloaded from the calendar.
  await page.goto('/admin/calendar')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: /Download CSV/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows: Record<string, string>[] = parse(readFileSync((await file.path())!), {
    columns: true,
  })
  expect(rows.find((row) => row.name === name)).toMatchObject({
    status: 'new',
    'due date': date,
    product: 'Cupcakes',
    allergies: 'Sesame (severe)',
    phone: '416-555-0142',
    fulfilment: 'pickup',
    paid: '0.00',
  })
})

test.describe('a bad query', () => {
  // The browser notes the 400 document in its console.
  test.use({ allowedConsoleErrors: [/status of 400/] })

  test('a bad month is refused with a message, and this month is shown', async ({
    signInOwner,
    page,
  }) => {
    await signInOwner(page)
    const response = await page.goto('/admin/calendar?month=2026-13')
    expect(response?.status()).toBe(400)
    await expect(page.getByRole('alert')).toHaveText(/That month could not be read/)
    await expect(page.getByRole('table')).toBeVisible()
  })
})
