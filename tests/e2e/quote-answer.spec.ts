import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import type { AddressObject, ParsedMail } from 'mailparser'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { expect, test } from './fixtures.ts'
import { receivedMail } from './inbox.ts'
import { picture } from './shots.ts'

/**
 * Due dates of their own, 60 to 70 days ahead: inside the booking horizon
 * and away from the days other journeys fill.
 */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

let addressCounter = 0
/** Each send from an address of its own, so no rate limit decides a test. */
const freshAddress = () => `198.51.100.${(++addressCounter % 40) + 200}`

interface Sent {
  name: string
  email: string
  dueDate: string
  product: string
  /** The private page's path, from the confirmation email. */
  pagePath: string
  requestId: number
}

/** One request, sent as the cart sends it; its private page from the customer's confirmation. */
async function sendRequest(
  request: APIRequestContext,
  baseURL: string,
  { offset, name }: { offset: number; name: string },
): Promise<Sent> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const email = `${name.split(' ')[0]!.toLowerCase()}.${stamp}@example.com`
  const dueDate = daysFromNow(60 + offset)
  const response = await request.post('/ordernow', {
    headers: {
      origin: baseURL,
      'content-type': 'application/json',
      'x-forwarded-for': freshAddress(),
    },
    data: JSON.stringify({
      orders: [
        {
          name,
          email,
          phone_number: '416-555-0199',
          hear_about_us: 'Instagram',
          product_type: 'Cakes',
          event_theme: `Garden party ${stamp}`,
          due_date: dueDate,
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(response.status(), await response.text()).toBe(200)
  const mail = await mailTo(email, /^We got your order/)
  const link = mail.text?.match(/http:\/\/localhost:\d+\/requests\/[A-Za-z0-9_-]+/)?.[0]
  expect(link).toBeDefined()
  const pagePath = new URL(link!).pathname
  const token = pagePath.split('/').at(-1)!
  const db = openServerDatabase()
  try {
    const row = db.prepare('SELECT id FROM order_request WHERE customer_token = ?').get(token) as {
      id: number
    }
    return { name, email, dueDate, product: 'Cakes', pagePath, requestId: row.id }
  } finally {
    db.close()
  }
}

/** The e2e server's own database file: the owner's quote form is built elsewhere. */
function openServerDatabase() {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'bakery.sqlite'))
  db.pragma('busy_timeout = 5000')
  return db
}

/** Puts a quote on the request, as the owner's page will: $120, a $60 deposit. */
function putQuote(sent: Sent, { expiresInMs = 3 * 86_400_000 } = {}) {
  const db = openServerDatabase()
  try {
    const now = Date.now()
    db.transaction(() => {
      db.prepare(
        `INSERT INTO request_quote (request_id, created_at, price_cents, deposit_cents, deposit_due,
           payment_instructions, message, expires_at)
         VALUES (?, ?, 12000, 6000, ?, ?, ?, ?)`,
      ).run(
        sent.requestId,
        now,
        daysFromNow(50),
        'Interac e-Transfer to hello@butterandbloom.ca\nor pay online: https://pay.example/butter-and-bloom.',
        'Two tiers, lemon and raspberry, with pressed flowers.',
        now + expiresInMs,
      )
      db.prepare("UPDATE order_request SET status = 'quoted' WHERE id = ?").run(sent.requestId)
    })()
  } finally {
    db.close()
  }
}

function statusOf(sent: Sent): string {
  const db = openServerDatabase()
  try {
    return (
      db.prepare('SELECT status FROM order_request WHERE id = ?').get(sent.requestId) as {
        status: string
      }
    ).status
  } finally {
    db.close()
  }
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/** The one email to `address` whose subject matches, once it has arrived. */
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const find = async () =>
    (await receivedMail()).filter(
      (mail) => addressesOf(mail.to).includes(address) && subject.test(mail.subject ?? ''),
    )
  await expect.poll(async () => (await find()).length, { timeout: 15_000 }).toBe(1)
  return (await find())[0]!
}

/** The owner's email about this customer's answer, once it has arrived. */
async function ownerNews(sent: Sent, verb: 'accepted' | 'declined'): Promise<ParsedMail> {
  const subject = `${sent.name} ${verb} the quote for ${sent.product} on ${formatCalendarDate(sent.dueDate)}`
  const find = async () =>
    (await receivedMail()).filter(
      (mail) =>
        mail.subject === subject &&
        mail.replyTo?.value.some((mailbox) => mailbox.address === sent.email),
    )
  await expect.poll(async () => (await find()).length, { timeout: 15_000 }).toBe(1)
  return (await find())[0]!
}

async function expectQuoteShown(page: Page, sent: Sent) {
  const quote = page.getByRole('region', { name: 'Your quote' })
  await expect(quote).toContainText('Price$120')
  await expect(quote).toContainText('Deposit$60')
  await expect(quote).toContainText(`Deposit due by${formatCalendarDate(daysFromNow(50))}`)
  await expect(quote).toContainText('Two tiers, lemon and raspberry, with pressed flowers.')
  await expect(quote).toContainText('Interac e-Transfer to hello@butterandbloom.ca')
  const payLink = quote.getByRole('link', { name: 'https://pay.example/butter-and-bloom' })
  await expect(payLink).toHaveAttribute('href', 'https://pay.example/butter-and-bloom')
  await expect(payLink).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(quote).toContainText(/Your date is held for you until \w+day, \w+ \d+, \d{4} at/)
  expect(sent.pagePath).toMatch(/^\/requests\//)
}

test('a customer sees their quote and accepts it; the date waits for the deposit and the owner hears', async ({
  page,
  request,
  baseURL,
}) => {
  const sent = await sendRequest(request, baseURL!, { offset: 0, name: 'Priya Sharma' })
  putQuote(sent)
  // Answers from an address of their own, so the per-address limit never decides a test.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() })
  await page.goto(sent.pagePath)
  await expect(page.getByTestId('request-status')).toHaveText('Status: Quote sent')
  await expectQuoteShown(page, sent)
  // The answer names the request by its place in the send, never by its id in the order book.
  const quote = page.getByTestId('quote')
  for (const input of await quote.locator('input[name="request"]').all()) {
    await expect(input).toHaveValue('1')
  }
  await expect(quote.locator('input[name="quote"]').first()).toHaveValue('1')

  await page.getByRole('button', { name: 'Accept quote' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Quote accepted — we’ll confirm once your deposit' }),
  ).toBeVisible()
  await expect(page.getByTestId('request-status')).toHaveText('Status: Accepted')
  await expect(page.getByRole('button', { name: 'Accept quote' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Still to pay' })).toContainText(
    'Deposit still to pay$60',
  )
  expect(statusOf(sent)).toBe('quoted')
  await picture(page.getByRole('article'), 'quote-accepted-1280.png')

  const news = await ownerNews(sent, 'accepted')
  expect(addressesOf(news.to)).toEqual(['owner@butterandbloom.test'])
  expect(news.text).toContain('waits for the deposit')

  // Reloaded later, the page still says where it stands.
  await page.reload()
  await expect(page.getByTestId('request-status')).toHaveText('Status: Accepted')
})

test('declining asks first, then closes the request and tells the owner', async ({
  page,
  request,
  baseURL,
}) => {
  const sent = await sendRequest(request, baseURL!, { offset: 2, name: 'Sam Ortiz' })
  putQuote(sent)
  // Answers from an address of their own, so the per-address limit never decides a test.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() })
  await page.goto(sent.pagePath)
  const confirm = page.getByRole('button', { name: 'Yes, decline the quote' })
  await expect(confirm).toBeHidden()
  await page.getByText('Decline quote', { exact: true }).click()
  await expect(page.getByText('Are you sure?')).toBeVisible()
  await confirm.click()
  await expect(page.getByRole('status')).toHaveText('You declined this quote')
  await expect(page.getByTestId('request-status')).toHaveText('Status: Declined')
  expect(statusOf(sent)).toBe('declined')
  await ownerNews(sent, 'declined')
})

test('a customer on her phone accepts her quote with the code the owner made: the code comes off her total, the deposit stays', async ({
  page,
  browser,
  signInOwner,
  request,
  baseURL,
}) => {
  const owner = await browser.newPage()
  await signInOwner(owner)
  const code = `THANKS${Date.now() % 1_000_000}`
  await owner.goto('/admin/codes')
  const form = owner.getByRole('region', { name: 'Make a code' })
  await form.getByLabel('Code').fill(code)
  await form.getByLabel('Amount off ($)').fill('12')
  await form.getByRole('button', { name: 'Make code' }).click()
  await expect(owner.getByRole('region', { name: 'Your codes' }).getByRole('status')).toHaveText(
    `Code ${code} made.`,
  )
  await owner.close()

  const sent = await sendRequest(request, baseURL!, { offset: 4, name: 'Nia Code' })
  putQuote(sent)
  await page.setViewportSize({ width: 375, height: 812 })
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() })
  await page.goto(sent.pagePath)
  await page.getByLabel('Discount code').fill(code.toLowerCase())
  await picture(page.getByTestId('quote'), 'quote-code-375.png')
  await page.getByRole('button', { name: 'Accept quote' }).click()
  await expect(page.getByTestId('quote-code-answer')).toHaveText(
    `Code ${code} took $12 off your total.`,
  )
  await expect(page.getByTestId('request-status')).toHaveText('Status: Accepted')
  const charges = page.getByTestId('charges')
  await expect(charges).toContainText(`Code ${code}−$12`)
  await expect(charges).toContainText('Total$108')
  await expect(page.getByRole('region', { name: 'Still to pay' })).toContainText(
    'Deposit still to pay$60',
  )
  await picture(page.getByRole('article'), 'quote-code-accepted-375.png')
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the answers are plain forms that still work', async ({ page, request, baseURL }) => {
    const accepting = await sendRequest(request, baseURL!, { offset: 4, name: 'Ana Lima' })
    putQuote(accepting)
    // Answers from an address of their own, so the per-address limit never decides a test.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() })
    await page.goto(accepting.pagePath)
    await expectQuoteShown(page, accepting)
    await page.getByRole('button', { name: 'Accept quote' }).click()
    await expect(page.getByRole('status')).toHaveText(
      'Quote accepted — we’ll confirm once your deposit arrives',
    )
    expect(statusOf(accepting)).toBe('quoted')

    const declining = await sendRequest(request, baseURL!, { offset: 6, name: 'Leo Park' })
    putQuote(declining)
    await page.goto(declining.pagePath)
    await page.getByText('Decline quote', { exact: true }).click()
    await page.getByRole('button', { name: 'Yes, decline the quote' }).click()
    await expect(page.getByRole('status')).toHaveText('You declined this quote')
    expect(statusOf(declining)).toBe('declined')
  })
})

test.describe('answers that cannot be taken', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] })

  test('an expired quote is refused with the reason on the page', async ({
    page,
    request,
    baseURL,
  }) => {
    const sent = await sendRequest(request, baseURL!, { offset: 8, name: 'Mia Chen' })
    putQuote(sent, { expiresInMs: -60_000 })
    await page.goto(sent.pagePath)
    await expect(page.getByTestId('quote')).toContainText('This quote expired on')
    await expect(page.getByRole('button', { name: 'Accept quote' })).toHaveCount(0)
    const response = await request.post(sent.pagePath, {
      headers: {
        origin: baseURL!,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': freshAddress(),
      },
      data: 'intent=accept&request=1&quote=1',
    })
    expect(response.status()).toBe(409)
    expect(await response.text()).toMatch(
      /This quote has expired|This order has no quote waiting for an answer/,
    )
    expect(['quoted', 'expired']).toContain(statusOf(sent))
  })

  test('a quote answered in another tab cannot be answered again: the reason shows on the page', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const sent = await sendRequest(request, baseURL!, { offset: 14, name: 'Rosa Diaz' })
    putQuote(sent)
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() })
    await page.setViewportSize({ width: 375, height: 900 })
    await page.goto(sent.pagePath)
    const other = await context.newPage()
    await other.goto(sent.pagePath)
    await other.getByRole('button', { name: 'Accept quote' }).click()
    await expect(other.getByTestId('request-status')).toHaveText('Status: Accepted')

    // The first tab still offers both answers; declining there is refused, and says why.
    await page.getByText('Decline quote', { exact: true }).click()
    await page.getByRole('button', { name: 'Yes, decline the quote' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'You already accepted this quote. If your plans have changed, just reply to our email.',
    )
    await expect(page.getByTestId('request-status')).toHaveText('Status: Accepted')
    await expect(page.getByRole('button', { name: 'Yes, decline the quote' })).toHaveCount(0)
    expect(statusOf(sent)).toBe('quoted')
    await ownerNews(sent, 'accepted')
    await picture(page, 'quote-answered-elsewhere-375.png', { fullPage: true })
  })
})

test('the quote reads well on a phone and on a desktop', async ({ page, request, baseURL }) => {
  const sent = await sendRequest(request, baseURL!, { offset: 12, name: 'Priya Sharma' })
  putQuote(sent)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(sent.pagePath)
    await page.getByText('Decline quote', { exact: true }).click()
    await expect(page.getByText('Are you sure?')).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `sideways scrolling at ${width}px`).toBeLessThanOrEqual(0)
    await picture(page, `quote-answer-${width}.png`, { fullPage: true })
    await picture(page.getByTestId('quote'), `quote-answer-panel-${width}.png`)
  }
})
