import { site } from '#app/content/site.ts'
import { expect, test, expectOrderAnswer } from './fixtures.ts'
import { journeyCustomer, mailTo, quoteOrderOf, sendCakeRequest } from './money-journey.ts'
import { shoot } from './shots.ts'

// A wrong link's 404 and the refused over-refund's 409 are noted by the browser.
test.use({
  viewport: { width: 375, height: 812 },
  // One pattern: Playwright reads a second entry as the option's settings.
  allowedConsoleErrors: [/status of (404|409)/],
})

test('the owner refunds part of a deposit; the customer sees it and opens her receipt', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  // A date of its own, 150 to 160 days ahead, away from other journeys' days.
  const { stamp, customer, due } = journeyCustomer('Rhea Refund', 150)
  const link = await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Retirement' })

  // Nothing paid yet: no receipt, the same 404 as a link nobody holds.
  expect((await page.request.get(`${link}/receipt`)).status()).toBe(404)

  // The owner quotes $120 with a $60 deposit and records the deposit.
  await signInOwner(page)
  await quoteOrderOf(page, customer.email, { price: '120', deposit: '60', paid: '60' })

  const refund = page.getByRole('region', { name: 'Record a refund' })
  await refund.getByLabel('Refund ($)').fill('$40')
  await refund.getByLabel('Reason (optional)').fill('A smaller cake after all.')
  await shoot(page, 'refund-form', { part: refund })

  // More than is paid is refused with the reason, and nothing is asked or sent.
  await refund.getByLabel('Refund ($)').fill('$75')
  await refund.getByRole('button', { name: 'Record refund' }).click()
  await expect(refund.getByTestId('outcome')).toHaveText(
    'Only $60 has been paid (after refunds), so no more than that can be refunded.',
  )

  // $40 back, asked first.
  await refund.getByLabel('Refund ($)').fill('$40')
  await refund.getByLabel('Reason (optional)').fill('A smaller cake after all.')
  await refund.getByRole('button', { name: 'Record refund' }).click()
  const dialog = page.getByTestId('confirm-dialog')
  await expect(dialog).toContainText('Refund $40 to Rhea?')
  await dialog.getByRole('button', { name: 'Yes, record the refund and email Rhea' }).click()
  await expectOrderAnswer(page, 'Refund recorded; the customer is told.')
  const money = page.getByTestId('money')
  await expect(money).toContainText('Paid$60')
  await expect(money).toContainText('Refunded$40')
  await expect(money).toContainText('Net paid$20')
  await expect(money).toContainText('Deposit owed$40')
  await expect(page.getByTestId('timeline')).toContainText('Refund recorded: $40 by e-Transfer')
  const moneyCard = page.getByRole('region', { name: 'Quote and payments' })
  await expect(moneyCard.getByRole('link', { name: /^Receipt R-\d{4,}$/ })).toBeVisible()
  await shoot(page, 'refund-money-card', { part: moneyCard })

  const refundMail = await mailTo(customer.email, /^A refund for your cakes order/)
  expect(refundMail.text).toContain('We sent you $40 by e-Transfer')
  expect(refundMail.text).toContain('A smaller cake after all.')

  // The customer, on her phone: her payments, the refund, and the receipt.
  const shopper = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await shopper.goto(link!)
  const panel = shopper.getByRole('region', { name: 'Your payments' })
  const ledger = panel.getByTestId('customer-ledger')
  await expect(ledger).toContainText('Paid')
  await expect(ledger).toContainText('Refunded to you')
  await expect(ledger).toContainText('−$40')
  await expect(ledger).toContainText('Paid, after refunds: $20')
  await shoot(shopper, 'refund-customer-payments', { part: panel })

  await panel.getByRole('link', { name: 'Receipt', exact: true }).click()
  await expect(shopper).toHaveURL(/\/receipt\?request=\d+$/)
  const number = shopper.getByTestId('receipt-number')
  await expect(number).toHaveText(/^R-\d{4,}$/)
  const receipt = shopper.getByRole('article')
  await expect(receipt).toContainText(customer.name)
  await expect(receipt).toContainText('Total$120')
  await expect(receipt).toContainText('−$40')
  await expect(receipt).toContainText('Paid$20')
  await expect(receipt).toContainText('Still owed$100')
  // The bakery's public details, never its private pickup address.
  await expect(receipt).toContainText(site.email)
  await shoot(shopper, 'receipt')
  await shopper.emulateMedia({ media: 'print' })
  await expect(shopper.locator('header').first()).toBeHidden()
  await expect(shopper.getByRole('button', { name: 'Print' })).toBeHidden()
  await shoot(shopper, 'receipt-print')
  await shopper.emulateMedia({ media: 'screen' })

  // Private: not kept by any cache, not indexed; the PDF is a PDF with the same number.
  const url = new URL(shopper.url())
  const html = await shopper.request.get(url.toString())
  expect(html.headers()['cache-control']).toBe('private, no-store')
  expect(html.headers()['x-robots-tag']).toBe('noindex, nofollow')
  const pdf = await shopper.request.get(url.toString().replace('/receipt?', '/receipt.pdf?'))
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(pdf.headers()['cache-control']).toBe('private, no-store')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.headers()['content-disposition']).toContain(`receipt-${await number.textContent()}`)
  // A wrong link gets the site's 404.
  const wrong = await shopper.request.get(`${baseURL}/requests/${'x'.repeat(32)}/receipt`)
  expect(wrong.status()).toBe(404)
  await shopper.close()
})

test('a refund that lowers the price leaves nothing owed, as the customer sees on her phone', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  // A date of its own, 165 to 175 days ahead, away from other journeys' days.
  const { stamp, customer, due } = journeyCustomer('Lena Lower', 165)
  const link = await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Anniversary' })

  // Quoted at $120 and paid in full.
  await signInOwner(page)
  await quoteOrderOf(page, customer.email, { price: '120', deposit: '60', paid: '120' })

  // One tier fewer, $25 back: the price comes down by as much.
  const refund = page.getByRole('region', { name: 'Record a refund' })
  await refund.getByLabel('Refund ($)').fill('25')
  await refund.getByLabel('Reason (optional)').fill('One tier fewer.')
  await refund.getByLabel('This lowers the price').check()
  await shoot(page, 'refund-lowers-price-form', { part: refund })
  await refund.getByRole('button', { name: 'Record refund' }).click()
  const dialog = page.getByTestId('confirm-dialog')
  await expect(dialog).toContainText('Refund $25 to Lena and lower the price by as much?')
  await dialog.getByRole('button', { name: 'Yes, record the refund and email Lena' }).click()
  await expectOrderAnswer(page, 'Refund recorded; the customer is told.')
  await expect(page.getByTestId('timeline')).toContainText(
    'Price lowered to $95 with a $25 refund.',
  )
  const money = page.getByTestId('money')
  await expect(money).toContainText('Price$95')
  await expect(money).toContainText('Net paid$95')

  const refundMail = await mailTo(customer.email, /^A refund for your cakes order/)
  expect(refundMail.text).toContain('Your order’s price is lowered by the same $25, to $95.')

  // The customer, on a 375 px phone: the lowered price, and nothing more to pay.
  const shopper = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await shopper.goto(link!)
  const panel = shopper.getByRole('region', { name: 'Your payments' })
  await expect(panel.getByTestId('price-lowered')).toHaveText('Price lowered to $95')
  await expect(panel.getByTestId('customer-ledger')).toContainText('Paid, after refunds: $95')
  await expect(shopper.getByText('Still to pay')).toHaveCount(0)
  await shoot(shopper, 'refund-lowers-price-customer', { part: panel })
  await shopper.close()
})
