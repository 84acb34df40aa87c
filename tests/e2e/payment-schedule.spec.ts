import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { AddressObject, ParsedMail } from 'mailparser'
import { site } from '#app/content/site.ts'
import { formatCalendarDate, todayIn } from '#app/utils/dates.ts'
import { expect, signInThroughDialog, test } from './fixtures.ts'
import { receivedMail } from './inbox.ts'

/** A day `days` after `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** Screenshots at a phone's width and a laptop's, for people to look at. */
async function shoot(
  page: Page,
  name: string,
  outputPath: (name: string) => string,
  part?: Locator,
) {
  const dir = process.env.SHOTS_DIR
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    const file = dir
      ? (mkdirSync(dir, { recursive: true }), path.join(dir, `${name}-${width}.png`))
      : outputPath(`${name}-${width}.png`)
    if (part) await part.screenshot({ path: file })
    else await page.screenshot({ path: file, fullPage: true })
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.tagName}.${element.className}`)
        .slice(0, 5),
    )
    expect(wide, `${name} at ${width}px: what scrolls sideways`).toEqual([])
  }
  await page.setViewportSize({ width: 375, height: 812 })
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const find = async () =>
    (await receivedMail()).filter(
      (mail) => subject.test(mail.subject ?? '') && addressesOf(mail.to).includes(address),
    )
  await expect.poll(async () => (await find()).length, { timeout: 15_000 }).toBe(1)
  return (await find())[0]!
}

// The quote form's refused first try answers 400, which the browser notes.
test.use({ viewport: { width: 375, height: 812 }, allowedConsoleErrors: [/status of 400/] })

test('the owner quotes with a balance date; the customer’s page shows her reference and what is due when', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: 'Bea Schedule', email: `bea.${stamp}@example.com` }
  const today = todayIn(site.timeZone)
  // A date of its own, 130 to 140 days ahead, away from other journeys' days.
  const due = addDays(today, 130 + Math.floor(Math.random() * 10))
  const send = await page.request.post('/ordernow', {
    headers: {
      origin: baseURL!,
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${(Number(stamp.slice(-3)) % 200) + 20}`,
    },
    data: JSON.stringify({
      orders: [
        {
          ...customer,
          phone_number: '416-555-0166',
          product_type: 'Cakes',
          event_theme: `Baby shower ${stamp}`,
          due_date: due,
          hear_about_us: 'Instagram',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status(), await send.text()).toBe(200)
  const confirmation = await mailTo(customer.email, /^We got your request/)
  const link = confirmation.text?.match(/http:\/\/localhost:\d+\/requests\/[A-Za-z0-9_-]+/)?.[0]
  expect(link).toBeDefined()

  // The owner opens it: its reference beside its status.
  await page.goto('/')
  await signInThroughDialog(page)
  await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
  await page.getByRole('article', { name: 'Cakes' }).getByRole('link', { name: 'Cakes' }).click()
  const badge = page.getByTestId('payment-reference')
  const reference = (await badge.textContent())?.match(/BB-\d{4,8}/)?.[0] ?? ''
  expect(reference).toMatch(/^BB-\d{4,8}$/)
  await expect(badge).toHaveText(`Payment reference ${reference}`)

  // Settings › Payments keeps the owner's "days before the order date".
  await page.goto('/admin/settings')
  const payments = page.getByRole('region', { name: 'Payments' })
  await expect(payments.getByLabel(/Balance due/)).toHaveValue('7')
  await payments.getByLabel(/Balance due/).fill('7')
  await payments.getByRole('button', { name: 'Save' }).click()
  await expect(payments).toContainText(
    'Saved: new quotes ask for the balance 7 days before the order date.',
  )
  await shoot(page, 'payment-schedule-settings', (name) => testInfo.outputPath(name), payments)
  await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
  await page.getByRole('article', { name: 'Cakes' }).getByRole('link', { name: 'Cakes' }).click()

  // The balance date starts at the setting's week before the order date.
  const quote = page.getByRole('region', { name: 'Send a quote' })
  await expect(quote.getByLabel('Balance due by')).toHaveValue(addDays(due, -7))
  await quote.getByLabel('Price ($)').fill('200')
  await quote.getByLabel('Deposit ($)').fill('50')
  await quote.getByLabel('Deposit due by').fill(addDays(today, 1))
  // One after the order date is refused beside its field, and nothing is sent.
  await quote.getByLabel('Balance due by').fill(addDays(due, 1))
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expect(quote.locator('#field-balance_due-error')).toHaveText(
    `The balance must be due by the order date, ${formatCalendarDate(due)}.`,
  )
  // Two days from now: on Today's list of balances due soon once booked.
  const balanceDue = addDays(today, 2)
  await quote.getByLabel('Balance due by').fill(balanceDue)
  await quote.getByLabel('How to pay').fill('Interac e-Transfer to hello@butterandbloom.ca')
  await shoot(page, 'payment-schedule-quote-form', (name) => testInfo.outputPath(name), quote)
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Quote sent to the customer.' }),
  ).toBeVisible()
  await expect(page.getByTestId('money')).toContainText(
    `Balance owed$200due ${formatCalendarDate(balanceDue)}`,
  )

  const quoteMail = await mailTo(customer.email, /^Your quote for your cakes order/)
  expect(quoteMail.text).toContain(`Balance: $150, due by ${formatCalendarDate(balanceDue)}`)
  expect(quoteMail.text).toContain(`Payment reference: ${reference}`)
  expect(quoteMail.text).toContain(`Put ${reference} in the e-Transfer message`)

  // Her reference, typed the way people type it, finds her in the list.
  await page.goto('/admin/orders')
  await page.getByLabel('Customer name or email').fill(reference.replace('-', '').toLowerCase())
  await page.getByRole('button', { name: 'Show' }).click()
  const card = page.getByRole('article', { name: 'Cakes' })
  await expect(card).toHaveCount(1)
  await expect(card.getByTestId('card-reference')).toHaveText(reference)

  // The customer, on her phone: the reference and what is due when.
  const shopper = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await shopper.goto(link!)
  const schedule = shopper.getByRole('region', { name: 'Your payments' })
  await expect(schedule.getByTestId('customer-reference')).toHaveText(reference)
  const lines = schedule.getByRole('listitem')
  await expect(lines).toHaveCount(2)
  await expect(lines.nth(0)).toContainText('Deposit · $50')
  await expect(lines.nth(0)).toContainText(`Due ${formatCalendarDate(addDays(today, 1))}`)
  await expect(lines.nth(0)).toContainText('$50 to pay')
  await expect(lines.nth(1)).toContainText('Balance · $150')
  await expect(lines.nth(1)).toContainText(`Due ${formatCalendarDate(balanceDue)}`)
  await expect(shopper.getByTestId('reference-instruction')).toHaveText(
    `Put ${reference} in the e-Transfer message, so we know the payment is yours.`,
  )
  await shopper.getByRole('button', { name: 'Accept quote' }).click()
  await expect(shopper.getByText('Quote accepted')).toBeVisible()

  // The owner records the deposit: booked, and her page says it is paid.
  await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
  await page.getByRole('article', { name: 'Cakes' }).getByRole('link', { name: 'Cakes' }).click()
  const payment = page.getByRole('region', { name: 'Record a payment' })
  await payment.getByLabel('Amount ($)').fill('50')
  await payment.getByLabel('How it was paid').fill(`e-Transfer, message ${reference}`)
  await payment.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByTestId('order-status').first()).toContainText('Confirmed')
  const booked = await mailTo(customer.email, /^Your cakes order is booked/)
  expect(booked.text).toContain('Deposit: $50, due')
  expect(booked.text).toContain('(paid, thank you)')
  expect(booked.text).toContain(
    `Balance: $150, due ${formatCalendarDate(balanceDue)} ($150 to pay)`,
  )

  await shopper.reload()
  await expect(lines.nth(0)).toContainText('Paid')
  await expect(lines.nth(1)).toContainText('$150 to pay')
  await expect(schedule).toContainText('Paid so far: $50')
  await shoot(shopper, 'payment-schedule-customer-page', (name) => testInfo.outputPath(name))

  // Today lists the balance falling due in two days.
  await page.goto('/admin')
  const balances = page.getByRole('region', { name: /Balances due/ })
  await expect(balances.getByRole('link', { name: new RegExp(customer.name) })).toContainText(
    `$150 balance due`,
  )
  await shoot(page, 'payment-schedule-today', (name) => testInfo.outputPath(name))
  await shopper.close()
})
