import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import type { AddressObject, ParsedMail } from 'mailparser'
import { expect, pageAddress, test, waitForHydration } from './fixtures.ts'
import { receivedMail } from './inbox.ts'
import { journeyCustomer, quoteOrderOf, sendCakeRequest } from './money-journey.ts'
import { shoot } from './shots.ts'

/**
 * The owner between bakes, on her phone: every answer shows where she is
 * looking, what emails a customer asks first and names who, and a second
 * tab cannot quote twice.
 */
// Each journey signs in and waits for real emails: more than the default half minute on a busy machine.
test.describe.configure({ timeout: 90_000 })

test.use({
  viewport: { width: 375, height: 740 },
  // A refused post (a stale tab's 409) is a status the browser notes.
  allowedConsoleErrors: [/status of 409/],
})

/** Due dates of their own, 120 to 140 days ahead, away from the days other journeys use. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/** Every email to `address` so far. */
async function mailTo(address: string): Promise<ParsedMail[]> {
  return (await receivedMail()).filter((mail) => addressesOf(mail.to).includes(address))
}

/** Sends one request as the order form does; the customer it is for. */
async function sendRequest(request: APIRequestContext, baseURL: string, first: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: `${first} Phone`, email: `${first.toLowerCase()}.${stamp}@example.com` }
  const send = await request.post('/ordernow', {
    headers: {
      origin: baseURL,
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${(Number(stamp.slice(-3)) % 200) + 20}`,
    },
    data: JSON.stringify({
      orders: [
        {
          ...customer,
          phone_number: '416-555-0166',
          product_type: 'Cakes',
          event_theme: `Phone test ${stamp}`,
          due_date: daysFromNow(120 + Math.floor(Math.random() * 20)),
          servings: '20',
          fulfilment: 'pickup',
          hear_about_us: 'Instagram',
          comments: '',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status(), await send.text()).toBe(200)
  return customer
}

/** Opens the customer's request from the order list. */
async function openRequest(page: Page, email: string) {
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
  await page.getByRole('article').getByRole('link', { name: 'Cakes' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cakes')
  await waitForHydration(page)
}

/** The customer's acceptance, written as her link records it (her page is another spec's). */
function acceptQuote(requestId: number) {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'bakery.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    const now = Date.now()
    db.transaction(() => {
      db.prepare(
        'UPDATE request_quote SET accepted_at = ? WHERE id = (SELECT max(id) FROM request_quote WHERE request_id = ?)',
      ).run(now, requestId)
      db.prepare(
        "INSERT INTO request_event (request_id, at, from_status, to_status, actor, note) VALUES (?, ?, 'quoted', 'quoted', 'customer', 'Accepted the quote.')",
      ).run(requestId, now)
    })()
  } finally {
    db.close()
  }
}

/** The answer to her last tap: in view and focused, so she sees it and a screen reader says it. */
async function expectOutcome(page: Page, text: string) {
  const outcome = page.getByTestId('outcome')
  await expect(outcome).toHaveText(text)
  await expect(outcome).toBeFocused()
  await expect(outcome).toBeInViewport()
}

test('on a phone, the deposit, ready and completed each answer in view; money due comes first', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const customer = await sendRequest(page.request, baseURL!, 'Maya')
  await signInOwner(page)
  await openRequest(page, customer.email)
  const id = Number(new URL(page.url()).pathname.split('/').pop())

  const quote = page.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price ($)').fill('180')
  await quote.getByLabel('Deposit ($)').fill('90')
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expectOutcome(page, 'Quote sent to the customer.')

  acceptQuote(id)
  // Opened afresh (a reload would keep where she had scrolled to).
  await page.goto(pageAddress(page))
  await waitForHydration(page)
  await expect(page.getByTestId('order-status')).toHaveText(
    'Status: Accepted, awaiting the deposit',
  )
  // Money is due: recording it is the first card below the heading, on the first screen.
  const payment = page.getByRole('region', { name: 'Record a payment' })
  const top = async (name: string) =>
    (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y
  expect(await top('Record a payment')).toBeLessThan(await top('Customer'))
  expect(await top('Record a payment')).toBeLessThan(await top('Send a new quote'))
  await shoot(page, 'order-page-accepted')
  const amount = payment.getByLabel('Amount ($)')
  await expect(amount).toHaveValue('')
  await expect(payment).toContainText('Deposit owed: $90')
  await amount.fill('90')
  await payment.getByRole('button', { name: 'Record payment' }).click()
  await expectOutcome(page, 'Payment recorded.')
  await expect(page.getByTestId('order-status')).toHaveText('Status: Confirmed')
  // The balance is not put under her thumb for a second tap to record again.
  await expect(amount).toHaveValue('')
  await expect(payment).toContainText('Balance owed: $90')

  // Months before the date, Mark ready asks first, naming who is emailed.
  await page.getByRole('button', { name: 'Mark ready' }).click()
  const ask = page.getByRole('alertdialog')
  await expect(ask).toContainText(`${customer.name} (${customer.email}) will be emailed`)
  await expect(ask.getByRole('button', { name: 'No, keep it' })).toBeFocused()
  await ask.getByRole('button', { name: 'Yes, mark ready and email Maya' }).click()
  await expectOutcome(page, 'Marked ready; the customer is told.')

  await page.getByRole('button', { name: 'Mark completed' }).click()
  await expect(page.getByRole('alertdialog')).toContainText(
    'Mark it completed with $90 still owed?',
  )
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, mark completed' }).click()
  await expectOutcome(page, 'Marked completed.')
  await expect(page.getByTestId('order-status')).toHaveText('Status: Completed')
  await shoot(page, 'order-page-completed')
})

test('decline asks in the site’s dialog who will be emailed; "No" sends nothing', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  const customer = await sendRequest(page.request, baseURL!, 'Nadia')
  await signInOwner(page)
  await openRequest(page, customer.email)
  await page.getByLabel('Reason for declining').fill('We are fully booked that weekend.')
  await page.getByRole('button', { name: 'Decline' }).click()
  const ask = page.getByRole('alertdialog', {
    name: `Decline Nadia’s request? ${customer.name} (${customer.email}) will be emailed your reason.`,
  })
  await expect(ask).toBeVisible()
  await shoot(page, 'order-page-decline-dialog')
  await ask.getByRole('button', { name: 'No, keep it' }).click()
  await expect(ask).toHaveCount(0)
  await expect(page.getByTestId('order-status')).toHaveText('Status: New')

  await page.getByRole('button', { name: 'Decline' }).click()
  await page.getByRole('button', { name: 'Yes, decline and email Nadia' }).click()
  await expectOutcome(page, 'Request declined; the customer is told.')
  await expect
    .poll(async () => (await mailTo(customer.email)).map((mail) => mail.subject), {
      timeout: 15_000,
    })
    .toContain('About your cakes order — Butter & Bloom Bakery')
})

test('without JavaScript, cancelling asks on the page and each answer opens where she is looking', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  const customer = await sendRequest(page.request, baseURL!, 'Olga')
  await signInOwner(page)
  await openRequest(page, customer.email)
  const url = page.url()
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
    storageState: await page.context().storageState(),
  })
  const plain = await context.newPage()
  await plain.goto(url)

  // Each answer is a new page, which opens at the answer, not at the top of the order.
  const quote = plain.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price ($)').fill('twelve')
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expect(plain.getByTestId('outcome')).toBeInViewport()
  await expect(
    plain.getByRole('region', { name: 'Send a quote' }).getByLabel('Price ($)'),
  ).toBeVisible()

  await plain.getByRole('button', { name: 'Cancel request' }).click()
  const ask = plain.getByRole('alertdialog')
  await expect(ask).toContainText(
    `Cancel Olga’s request? ${customer.name} (${customer.email}) will be emailed that it is cancelled.`,
  )
  await expect(ask).toBeInViewport()
  await expect(plain.getByTestId('order-status')).toHaveText('Status: New')
  await ask.getByRole('button', { name: 'Yes, cancel and email Olga' }).click()
  await expect(plain.getByTestId('outcome')).toHaveText('Request cancelled; the customer is told.')
  await expect(plain.getByTestId('outcome')).toBeInViewport()
  await expect(plain.getByTestId('order-status')).toHaveText('Status: Cancelled')
  await context.close()
})

test('a second tab opened on the new request cannot send a second quote', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  const customer = await sendRequest(page.request, baseURL!, 'Priti')
  await signInOwner(page)
  await openRequest(page, customer.email)
  const tabB = await page.context().newPage()
  await tabB.goto(page.url())
  await waitForHydration(tabB)

  const send = async (tab: Page, price: string) => {
    const quote = tab.getByRole('region', { name: /Send a (new )?quote/ })
    await quote.getByLabel('Price ($)').fill(price)
    await quote.getByRole('button', { name: 'Send quote' }).click()
  }
  await send(page, '120')
  await expectOutcome(page, 'Quote sent to the customer.')
  await send(tabB, '150')
  await expectOutcome(
    tabB,
    'This request changed since you opened it. It is now “Quoted”: here it is as it stands.',
  )
  // Tab B now shows the quote tab A sent.
  await expect(tabB.getByTestId('money')).toContainText('Price$120')
  await expect
    .poll(async () => (await mailTo(customer.email)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2)
  const quotes = (await mailTo(customer.email)).filter((mail) =>
    mail.subject?.startsWith('A quote for'),
  )
  expect(quotes).toHaveLength(1)
  expect(quotes[0]!.text).toContain('Price: $120')
})

test('a deposit due after the quote expires is flagged in the form and asked about', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  const customer = await sendRequest(page.request, baseURL!, 'Rosa')
  await signInOwner(page)
  await openRequest(page, customer.email)
  const quote = page.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price ($)').fill('100')
  await quote.getByLabel('Deposit ($)').fill('40')
  await quote.getByLabel('Deposit due by').fill(daysFromNow(20))
  await expect(quote.getByTestId('deposit-due-warning')).toContainText(
    'The deposit would be due after the quote expires',
  )
  await quote.getByRole('button', { name: 'Send quote' }).click()
  const ask = page.getByRole('alertdialog')
  await expect(ask).toContainText(`after the quote expires on`)
  await expect(ask).toContainText(`Send it to ${customer.name} (${customer.email}) anyway?`)
  await ask.getByRole('button', { name: 'Yes, send the quote to Rosa' }).click()
  await expectOutcome(page, 'Quote sent to the customer.')
  await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
  await shoot(page, 'order-list')
})

test('a quoted order folds its new-quote form; opened, it is where she looks, and the new price goes out', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  const { stamp, customer, due } = journeyCustomer('Rosa Requote', 150)
  await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Lemon drizzle, two tiers' })
  await signInOwner(page)
  const order = await quoteOrderOf(page, customer.email, { price: '120', deposit: '40' })

  // Coming back to the quoted order, the payment and status cards are not behind a second quote form.
  await page.goto(order)
  await waitForHydration(page)
  const card = page.getByRole('region', { name: 'Send a new quote' })
  await expect(card).toContainText('A new quote replaces the one sent')
  await expect(card.getByLabel('Price ($)')).toHaveCount(0)
  await card.getByRole('link', { name: 'Write a new quote' }).click()
  await expect(page.getByRole('heading', { name: 'Send a new quote' })).toBeFocused()
  await expect(card.getByLabel('Price ($)')).toHaveValue('120')
  await card.getByLabel('Price ($)').fill('135')
  await card.getByRole('button', { name: 'Send quote' }).click()
  await expect(page.getByTestId('outcome')).toContainText('Quote sent')
  await expect(page.getByTestId('money')).toContainText('Price$135')
})
