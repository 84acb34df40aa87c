import { parse } from 'csv-parse/sync'
import { formatCalendarDate, todayIn } from '#app/utils/dates.ts'
import { expect, test, expectOrderAnswer } from './fixtures.ts'
import { addDays, mailTo, openOrderOf, sendCakeRequest } from './money-journey.ts'
import { shoot } from './shots.ts'

// The refused first try answers 400, which the browser notes.
test.use({ viewport: { width: 375, height: 812 }, allowedConsoleErrors: [/status of 400/] })

const AUCKLAND = 'Pacific/Auckland'

test('on her phone the owner moves the bakery to Auckland and NZ$; the order form, her customer’s page, the email and the CSV follow', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  // A long journey (settings, a request, a quote, two mails, a CSV) on a busy two-core machine.
  test.setTimeout(240_000)
  await signInOwner(page)
  await page.goto('/admin/settings/site#site-local')
  const local = page.getByRole('region', { name: 'Local settings' })
  await expect(local.getByLabel('Time zone')).toHaveValue('America/Toronto')
  await expect(local.getByLabel('Currency')).toHaveValue('CAD')
  await expect(local).toContainText('$1,050.50')
  await shoot(page, 'local-settings-form', { part: local })

  // A currency without cents is refused beside its field, with why; nothing is saved.
  await local.getByLabel('Time zone').fill(AUCKLAND)
  await local.getByLabel('Currency').fill('JPY')
  await local.getByRole('button', { name: 'Save local settings' }).click()
  await expect(local.locator('#field-site-currency-error')).toHaveText(
    'The site keeps amounts in cents, so it takes only a currency with two digits after the point (like NZD or EUR, not JPY).',
  )
  await expect(local.getByLabel('Time zone')).toHaveValue(AUCKLAND)
  await shoot(page, 'local-settings-refused', { part: local })

  await local.getByLabel('Currency').fill('NZD')
  await local.getByRole('button', { name: 'Save local settings' }).click()
  await expect(local.getByRole('status')).toHaveText('Saved. The site shows it now.')
  await expect(local).toContainText('NZ$1,050.50')
  // Every control she touches is a full finger's height.
  for (const control of [
    local.getByLabel('Time zone'),
    local.getByLabel('Currency'),
    local.getByLabel('Dates and amounts written in'),
    local.getByRole('button', { name: 'Save local settings' }),
  ]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  }
  await shoot(page, 'local-settings-saved', { part: local })

  // The order form starts at Auckland's today, whatever the server's clock says.
  const today = todayIn(AUCKLAND)
  await page.goto('/ordernow')
  await expect(page.locator('#field-due_date')).toHaveAttribute('min', today)

  // A customer's request, quoted in NZ$: her email and her page say NZ$.
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: 'Aroha Local', email: `aroha.${stamp}@example.com` }
  const due = addDays(today, 60 + Math.floor(Math.random() * 20))
  const link = await sendCakeRequest(page, baseURL!, {
    customer,
    stamp,
    due,
    theme: 'Harbour picnic',
    phone: '021-555-0123',
  })
  await openOrderOf(page, customer.email)
  const quote = page.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price (NZ$)').fill('120')
  await quote.getByLabel('Deposit (NZ$)').fill('30')
  await quote.getByLabel('How to pay').fill('Bank transfer to 12-3456-7890123-00')
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expectOrderAnswer(page, 'Quote sent to the customer.')

  const quoteMail = await mailTo(customer.email, /^A quote for your cakes order/)
  expect(quoteMail.text).toContain('Price: NZ$120')
  expect(quoteMail.text).toContain('Deposit: NZ$30')
  expect(quoteMail.text).toContain(formatCalendarDate(due))

  const customerPage = await page.context().newPage()
  await customerPage.goto(link)
  await expect(customerPage.locator('main')).toContainText('NZ$120')
  await expect(customerPage.locator('main')).toContainText('NZ$30')
  await expect(customerPage.locator('main')).not.toContainText('CA$')
  await customerPage.close()

  // The CSV is named by Auckland's date and writes her request as Auckland lived it.
  const csv = await page.request.get('/admin/orders.csv')
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-disposition']).toBe(
    `attachment; filename="orders-${todayIn(AUCKLAND)}.csv"`,
  )
  const [header, ...rows] = parse(await csv.text()) as string[][]
  const records = rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])))
  const hers = records.find((record) => record.email === customer.email)
  expect(hers).toMatchObject({ 'due date': due, price: '120.00', deposit: '30.00' })
  expect(hers!['sent at']).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}$`))

  // Her root element says the language the site writes in.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA')

  // Once a quote is recorded, the currency stays.
  await page.goto('/admin/settings/site#site-local')
  await expect(local.getByLabel('Currency')).toHaveAttribute('readonly', '')
  await expect(local).toContainText('Fixed now that quotes or payments are recorded')
})
