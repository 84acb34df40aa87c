import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type {} from '@playwright/test'
import SQLite from 'better-sqlite3'
import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'
import {
  OWNER,
  expect,
  openSettingsCard,
  pageAddress,
  signInOwnSession,
  test,
  waitForHydration,
} from './fixtures.ts'
import { shoot } from './shots.ts'

/**
 * A delivery quoted with its fee, from the owner's quote form to the
 * customer's page and the last payment; the order list's handover time and
 * Today's balances, filtered. On a server of its own: it offers delivery and
 * sets a Friday's time, which no other journey expects.
 */
test.describe.configure({ timeout: 240_000 })

const PORT = Number(process.env.E2E_PORT ?? 3210) + 86
const BASE = `http://localhost:${PORT}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'bakery-delivery-fee-'))
let server: ServerProcess | undefined

test.beforeAll(async () => {
  test.setTimeout(150_000)
  server = startServerProcess({
    PORT: String(PORT),
    SITE_URL: BASE,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    MAIL_TO: OWNER.email,
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    MEDIA_STORE: '',
    SMTP_URL: '',
  })
  await server.ready({ timeoutMs: 140_000 })
})

test.afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
})

// The fee too large for the form is refused with 400; the browser notes it.
test.use({ baseURL: BASE, allowedConsoleErrors: [/status of 400 \(Bad Request\)/] })

function daysFromToday(days: number): string {
  const today = new Date(`${todayIn(site.timeZone)}T12:00:00Z`)
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/** The first Friday at least `days` ahead. */
function fridayFrom(days: number): string {
  const day = new Date(`${daysFromToday(days)}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + ((5 - day.getUTCDay() + 7) % 7))
  return day.toISOString().slice(0, 10)
}

function customerLink(email: string): string {
  const db = new SQLite(path.join(dataDir, 'bakery.sqlite'), { readonly: true })
  try {
    const row = db
      .prepare('SELECT customer_token FROM order_request WHERE email = ? ORDER BY id DESC LIMIT 1')
      .get(email) as { customer_token: string }
    return `/requests/${row.customer_token}`
  } finally {
    db.close()
  }
}

test('a delivery is quoted with its fee, the customer sees the total, Today’s balance opens the list, the last payment thanks her', async ({
  page,
  browser,
}) => {
  const friday = fridayFrom(21)
  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwnSession(page, BASE)

  // The owner offers delivery and a Friday afternoon time.
  await page.goto('/admin/settings')
  await waitForHydration(page)
  const delivery = await openSettingsCard(page, 'Delivery')
  await delivery.getByRole('checkbox', { name: 'We deliver' }).check()
  await delivery.getByRole('button', { name: 'Save delivery' }).click()
  await expect(delivery.getByText('Delivery saved: customers can choose it.')).toBeVisible()
  const times = await openSettingsCard(page, 'Pickup times')
  await times.getByLabel('Day').selectOption('Friday')
  await times.getByLabel('From').fill('14:00')
  await times.getByLabel('Until').fill('16:00')
  await times.getByLabel('Requests it takes').fill('4')
  await times.getByRole('button', { name: 'Add pickup time' }).click()
  await expect(
    times.getByText('Friday 2:00\u00a0p.m.–4:00\u00a0p.m. added, taking 4 requests.'),
  ).toBeVisible()

  const send = await page.request.post('/ordernow', {
    headers: { origin: BASE, 'content-type': 'application/json' },
    data: JSON.stringify({
      orders: [
        {
          name: 'Noah Patel',
          email: 'noah@example.com',
          phone_number: '416-555-0163',
          product_type: 'Cupcakes',
          event_theme: 'Office party',
          due_date: friday,
          servings: '36',
          allergies: '',
          fulfilment: 'delivery',
          pickup_window: '14:00-16:00',
          delivery_street: '88 King Street West',
          delivery_city: 'Toronto',
          delivery_postal_code: 'M5K 1A1',
          delivery_notes: '',
          hear_about_us: 'Instagram',
          comments: '',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status(), await send.text()).toBe(200)

  // The list's card: the time beside the date.
  await page.goto('/admin/orders')
  const card = page.getByRole('article').filter({ hasText: 'Noah Patel' })
  await expect(card).toContainText('Delivery 2:00\u00a0p.m.–4:00\u00a0p.m.')
  await shoot(page, 'delivery-fee-order-list')

  // The quote: price, fee, a deposit due tomorrow, the balance in two days.
  await card.getByRole('link', { name: 'Cupcakes' }).click()
  await waitForHydration(page)
  const quote = page.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price ($)').fill('96')
  await quote.getByLabel('Delivery fee ($)').fill('1,500')
  await quote.getByLabel('Deposit ($)').fill('40')
  await quote.getByLabel('Deposit due by').fill(daysFromToday(1))
  await quote.getByLabel('Balance due by').fill(daysFromToday(2))
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expect(quote.getByLabel('Delivery fee ($)')).toHaveAccessibleDescription(
    /The delivery fee must be at most \$1,000\./,
  )
  await quote.getByLabel('Delivery fee ($)').fill('$15')
  await shoot(page, 'delivery-fee-quote-form', { part: quote })
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expect(page.getByTestId('outcome')).toHaveText('Quote sent to the customer.')
  const money = page.getByTestId('money')
  await expect(money).toContainText('Price$96')
  await expect(money).toContainText('Delivery fee$15')
  await expect(money).toContainText('Total$111')
  await expect(money).toContainText('Deposit owed$40')
  await expect(money).toContainText('Balance owed$71')
  const moneyCard = () => page.getByRole('region', { name: 'Quote and payments' })
  await shoot(page, 'delivery-fee-money-card', { part: moneyCard() })
  const orderUrl = pageAddress(page)

  // The customer, on her phone: the total, the price and fee under it; she accepts.
  const customer = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await customer.goto(`${BASE}${customerLink('noah@example.com')}`)
  await waitForHydration(customer)
  const offered = customer.getByTestId('quote')
  await expect(offered).toContainText('Total$111')
  await expect(customer.getByTestId('quote-charges')).toHaveText('Price$96Delivery fee$15')
  await shoot(customer, 'delivery-fee-customer-quote', { part: offered })
  await customer.getByRole('button', { name: 'Accept quote' }).click()
  const payments = customer.getByRole('region', { name: 'Your payments' })
  await expect(payments.getByTestId('charges')).toContainText('Delivery fee$15')
  await expect(payments.getByTestId('charges')).toContainText('Total$111')
  await expect(payments).toContainText('Balance · $71')
  // The accepted page settles (its data read again) before its picture is taken.
  await customer.waitForLoadState('networkidle')
  await shoot(customer, 'delivery-fee-customer-payments', { part: payments })
  await customer.close()

  // The deposit confirms it; the balance is due within Today's three days.
  await page.goto(orderUrl)
  await waitForHydration(page)
  const record = page.getByRole('region', { name: 'Record a payment' })
  await record.getByLabel('Amount ($)').fill('40')
  await record.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByTestId('outcome')).toHaveText('Payment recorded.')
  await expect(page.getByTestId('order-status')).toHaveText('Status: Confirmed')

  await page.goto('/admin')
  const balances = page.getByRole('region', { name: /Balances due/ })
  await expect(balances).toContainText('Cupcakes for Noah Patel')
  await expect(balances).toContainText('$71')
  await shoot(page, 'delivery-fee-today-balances', { part: balances })
  // What "See all" opens once there are more than ten: the list filtered to them.
  await page.goto('/admin/orders?balance=due&sort=due')
  await expect(page.getByText('Balances due: overdue or due within 3 days')).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('article')).toContainText('balance owed $71')
  await shoot(page, 'delivery-fee-balance-filter')
  await page.getByRole('link', { name: 'Show every request' }).click()
  await expect(page).toHaveURL(/\/admin\/orders\?sort=due$/)

  // The rest of it: paid in full, and the customer is thanked.
  await page.goto(orderUrl)
  await waitForHydration(page)
  await record.getByLabel('Amount ($)').fill('71')
  await record.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByTestId('outcome')).toHaveText(
    'Payment recorded. It is all paid; the customer is thanked by email.',
  )
  await expect(money).toContainText('Balance owed$0')
})
