import path from 'node:path'
import type {} from '@playwright/test'
import SQLite from 'better-sqlite3'
import { expect, test, waitForHydration, expectOrderAnswer } from './fixtures.ts'
import { shoot } from './shots.ts'

/** Due dates of their own, 120 to 130 days ahead, away from the days other journeys use. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** The customer's private link and her requests' ids, by treat, from the book itself. */
function sendOf(email: string) {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'bakery.sqlite'), { readonly: true })
  try {
    const rows = db
      .prepare(
        'SELECT id, product_type, customer_token FROM order_request WHERE email = ? ORDER BY position',
      )
      .all(email) as { id: number; product_type: string; customer_token: string }[]
    return {
      link: `/requests/${rows[0]!.customer_token}`,
      idOf: (product: string) => rows.find((row) => row.product_type === product)!.id,
    }
  } finally {
    db.close()
  }
}

test('the owner quotes a cake and cupcakes together on her phone; the customer accepts once for both', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: 'Maya Party', email: `maya.${stamp}@example.com` }
  const due = daysFromNow(120 + Math.floor(Math.random() * 10))
  const order = {
    ...customer,
    phone_number: '416-555-0142',
    event_theme: `Garden birthday ${stamp}`,
    due_date: due,
    servings: '24',
    allergies: '',
    fulfilment: 'pickup',
    hear_about_us: 'Instagram',
  }
  const send = await page.request.post('/ordernow', {
    headers: {
      origin: baseURL!,
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${(Number(stamp.slice(-3)) % 200) + 30}`,
    },
    data: JSON.stringify({
      orders: [
        { ...order, product_type: 'Cakes' },
        { ...order, product_type: 'Cupcakes' },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status(), await send.text()).toBe(200)
  const { link, idOf } = sendOf(customer.email)

  // On her phone, from the cake's page, she ticks the cupcakes and prices each.
  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwner(page)
  await page.goto(`/admin/orders/${idOf('Cakes')}`)
  await waitForHydration(page)
  const quote = page.getByRole('region', { name: 'Send a quote' })
  const together = quote.getByRole('group', { name: 'Quote these together' })
  await together.getByRole('checkbox', { name: /Cupcakes/ }).check()
  await quote.getByLabel('Cakes: price ($)', { exact: true }).fill('120')
  await quote.getByLabel('Cupcakes: price ($)', { exact: true }).fill('45')
  await quote.getByLabel('Deposit ($)').fill('50')
  await quote.getByLabel('Message to the customer').fill('Both for the garden party.')
  await shoot(page, 'party-quote-form', {
    part: page.getByRole('region', { name: 'Send a quote' }),
  })
  await page
    .getByRole('region', { name: 'Send a quote' })
    .getByRole('button', { name: 'Send one quote for 2' })
    .click()
  await expectOrderAnswer(page, 'Quote sent to the customer.')
  const money = page.getByTestId('money')
  await expect(money).toContainText('1. Cakes$120')
  await expect(money).toContainText('2. Cupcakes$45')
  await expect(money).toContainText('Total$165')

  // The cupcakes' own page shows the same party and money, and links the cake.
  await page.goto(`/admin/orders/${idOf('Cupcakes')}`)
  await waitForHydration(page)
  await expect(page.getByTestId('money')).toContainText('Total$165')
  await expect(
    page.getByTestId('party-members').getByRole('link', { name: /1\. Cakes/ }),
  ).toBeVisible()
  await shoot(page, 'party-member-page', {
    part: page.getByRole('region', { name: 'The party’s quote and payments' }),
  })

  // The customer opens her private link: one quote, its lines and total, one answer.
  const customerPage = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await customerPage.goto(link)
  await waitForHydration(customerPage)
  const quotes = customerPage.getByTestId('quote')
  await expect(quotes).toHaveCount(1)
  const charges = quotes.getByTestId('quote-charges')
  await expect(charges).toContainText('Cakes$120')
  await expect(charges).toContainText('Cupcakes$45')
  await expect(quotes).toContainText('Total$165')
  await expect(customerPage.getByTestId('party-with')).toContainText(
    'Quoted together with 1. Cakes',
  )
  await shoot(customerPage, 'party-customer-quote', {
    part: customerPage.getByTestId('quote'),
  })
  await expect(quotes.getByRole('button', { name: 'Accept quote' })).toHaveCount(1)
  await quotes.getByRole('button', { name: 'Accept quote' }).click()
  await expect(
    customerPage.getByText('Quote accepted — we’ll confirm once your deposit arrives'),
  ).toBeVisible()
  await expect(customerPage.getByTestId('request-status')).toHaveText([
    'Status: Accepted',
    'Status: Accepted',
  ])
  await customerPage.close()

  // Both show accepted on the owner's list.
  await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(2)
  for (const product of ['Cakes', 'Cupcakes']) {
    await expect(page.getByRole('article', { name: product, exact: true })).toContainText(
      'Status: Accepted, awaiting the deposit',
    )
  }
})
