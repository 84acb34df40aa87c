import { site } from '#app/content/site.ts'
import { formatCalendarDate, todayIn } from '#app/utils/dates.ts'
import { expect, test, expectOrderAnswer } from './fixtures.ts'
import { addDays, mailTo, openOrderOf, sendCakeRequest } from './money-journey.ts'
import { shoot } from './shots.ts'

// The quote form's refused first try answers 400, which the browser notes.
test.use({ viewport: { width: 375, height: 812 }, allowedConsoleErrors: [/status of 400/] })

test('the owner quotes with a balance date; the customer’s page shows her reference and what is due when', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: 'Bea Schedule', email: `bea.${stamp}@example.com` }
  const today = todayIn(site.timeZone)
  // A date of its own, 130 to 140 days ahead, away from other journeys' days.
  const due = addDays(today, 130 + Math.floor(Math.random() * 10))
  const link = await sendCakeRequest(page, baseURL!, {
    customer,
    stamp,
    due,
    theme: 'Baby shower',
    phone: '416-555-0166',
  })

  // The owner opens it: its reference beside its status.
  await signInOwner(page)
  await openOrderOf(page, customer.email)
  const badge = page.getByTestId('payment-reference')
  const reference = (await badge.textContent())?.match(/BB-\d{4,8}/)?.[0] ?? ''
  expect(reference).toMatch(/^BB-\d{4,8}$/)
  await expect(badge).toHaveText(`Payment reference ${reference}`)

  // Settings › Payments, changes and design proofs keeps the owner's "days before the order date".
  await page.goto('/admin/settings/payments')
  const payments = page.getByRole('region', { name: 'Payments' })
  await expect(payments.getByLabel(/Balance due/)).toHaveValue('7')
  await payments.getByLabel(/Balance due/).fill('7')
  await payments.getByRole('button', { name: 'Save' }).click()
  await expect(payments).toContainText(
    'Saved: new quotes ask for the balance 7 days before the order date.',
  )
  await shoot(page, 'payment-schedule-settings', { part: payments })
  await openOrderOf(page, customer.email)

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
  await shoot(page, 'payment-schedule-quote-form', { part: quote })
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expectOrderAnswer(page, 'Quote sent to the customer.')
  // The $50 deposit, then the $150 after it: the amounts her page and the email give.
  await expect(page.getByTestId('money')).toContainText('Deposit owed$50')
  await expect(page.getByTestId('money')).toContainText(
    `Balance owed$150due ${formatCalendarDate(balanceDue)}`,
  )

  const quoteMail = await mailTo(customer.email, /^A quote for your cakes order/)
  expect(quoteMail.text).toContain(`Balance: $150, due by ${formatCalendarDate(balanceDue)}`)
  expect(quoteMail.text).toContain(`Payment reference: ${reference}`)
  expect(quoteMail.text).toContain(`Put ${reference} in the e-Transfer message`)

  // Her reference, typed the way people type it, opens her request (decision 082).
  const orderPage = page.url()
  await page.goto('/admin/orders')
  await page.getByLabel('Customer name or email').fill(reference.replace('-', '').toLowerCase())
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`${new URL(orderPage).pathname}(#.*)?$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Cakes' })).toBeVisible()

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
  await openOrderOf(page, customer.email)
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
  await shoot(shopper, 'payment-schedule-customer-page')

  // Today lists the balance falling due in two days.
  await page.goto('/admin')
  const balances = page.getByRole('region', { name: /Balances due/ })
  await expect(balances.getByRole('link', { name: new RegExp(customer.name) })).toContainText(
    `$150 balance due`,
  )
  await shoot(page, 'payment-schedule-today')
  await shopper.close()
})
