import path from 'node:path'
import type {} from '@playwright/test'
import SQLite from 'better-sqlite3'
import type { AddressObject, ParsedMail } from 'mailparser'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { expect, test, expectOrderAnswer } from './fixtures.ts'
import { receivedMail } from './inbox.ts'
import { shoot } from './shots.ts'

/** Due dates of their own, 100 to 110 days ahead, away from the days other journeys use. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/** The one email to `address` with this subject, once it has arrived. */
async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  const find = async () =>
    (await receivedMail()).filter(
      (mail) => mail.subject === subject && addressesOf(mail.to).includes(address),
    )
  await expect.poll(async () => (await find()).length, { timeout: 15_000 }).toBe(1)
  return (await find())[0]!
}

// The quote form's refused first try answers 400, which the browser notes.
test.use({ allowedConsoleErrors: [/status of 400/] })

test('the owner finds a request, quotes it, records the deposit, marks it ready and completed', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  // A long journey: six steps, three emails to wait for and screenshots at two widths.
  test.setTimeout(120_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: 'Olivia Book', email: `olivia.${stamp}@example.com` }
  const due = daysFromNow(100 + Math.floor(Math.random() * 10))
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
          phone_number: '416-555-0177',
          product_type: 'Cakes',
          event_theme: `Garden wedding ${stamp}`,
          due_date: due,
          servings: '40',
          allergies: 'Sesame',
          fulfilment: 'pickup',
          hear_about_us: 'Instagram',
          comments: 'Pressed flowers on top.',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status(), await send.text()).toBe(200)

  // The owner signs in and finds it by the customer's name, typed in any case.
  await signInOwner(page)
  await page.goto('/')
  await page
    .getByRole('navigation', { name: 'Owner' })
    .getByRole('link', { name: 'Orders' })
    .click()
  await expect(page).toHaveURL('/admin/orders')
  await expect(page.getByRole('link', { name: /^New \d+$/ })).toBeVisible()
  await page.getByLabel('Customer name or email').fill(`OLIVIA.${stamp}`)
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`q=OLIVIA.${stamp}`))
  const card = page.getByRole('article', { name: 'Cakes' })
  await expect(card).toHaveCount(1)
  await expect(card).toContainText(formatCalendarDate(due))
  await expect(card).toContainText('Status: New')
  await shoot(page, 'order-book-list', { slices: true })

  await card.getByRole('link', { name: 'Cakes' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cakes')
  const main = page.getByRole('main')
  for (const detail of [
    'Servings/Quantity40',
    'Allergies/Dietary needsSesame',
    'Pickup or deliveryPickup',
    'CommentsPressed flowers on top.',
  ]) {
    await expect(main).toContainText(detail)
  }
  const timeline = page.getByTestId('timeline').getByRole('listitem')
  await expect(timeline).toHaveCount(1)
  await expect(timeline.first()).toContainText('Request sent in')

  // A mistake is named beside its field, and nothing is sent.
  const quote = page.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price ($)').fill('about 12')
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expect(
    quote.getByText('The price must be an amount of money, like $45 or $12.50.'),
  ).toBeVisible()
  await expect(timeline).toHaveCount(1)

  await quote.getByLabel('Price ($)').fill('180')
  await quote.getByLabel('Percent of the price').check()
  await quote.getByLabel('Deposit (%)').fill('50')
  await quote
    .getByLabel('How to pay')
    .fill(`Interac e-Transfer to hello@butterandbloom.ca ${stamp}`)
  await quote.getByLabel('Message to the customer').fill('Three tiers with pressed pansies.')
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expectOrderAnswer(page, 'Quote sent to the customer.')
  await expect(page.getByTestId('order-status').first()).toContainText('Quoted')
  await expect(page.getByTestId('money')).toContainText('Price$180')
  await expect(page.getByTestId('money')).toContainText('Deposit owed$90')

  const quoteMail = await mailTo(
    customer.email,
    'A quote for your cakes order — Butter & Bloom Bakery',
  )
  expect(quoteMail.text).toContain('Price: $180')
  expect(quoteMail.text).toContain('Deposit: $90')
  expect(quoteMail.text).toContain(`Interac e-Transfer to hello@butterandbloom.ca ${stamp}`)
  expect(quoteMail.text).toMatch(/http:\/\/localhost:\d+\/requests\/[A-Za-z0-9_-]{24}/)
  expect(addressesOf(quoteMail.replyTo)).toEqual(['owner@butterandbloom.test'])

  await shoot(page, 'order-book-detail', { slices: true })
  // Marking it ready before it is confirmed is not on offer.
  await expect(page.getByRole('button', { name: 'Mark ready' })).toHaveCount(0)
  // The customer accepts through her link (that page's journey is its own spec).
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  acceptQuote(id)
  await page.reload()
  await expect(page.getByTestId('timeline').getByRole('listitem')).toHaveCount(3)

  const payment = page.getByRole('region', { name: 'Record a payment' })
  await expect(payment.getByLabel('Amount ($)')).toHaveValue('')
  await payment.getByLabel('Amount ($)').fill('90')
  await payment.getByLabel('How it was paid').fill('Interac e-Transfer')
  await payment.getByRole('button', { name: 'Record payment' }).click()
  await expectOrderAnswer(page, 'Payment recorded.')
  await expect(page.getByTestId('order-status').first()).toContainText('Confirmed')
  await expect(page.getByTestId('money')).toContainText('Paid$90')
  await expect(page.getByTestId('money')).toContainText('Balance owed$90')
  const booked = await mailTo(customer.email, 'Your cakes order is booked — Butter & Bloom Bakery')
  expect(booked.text).toContain(`Date booked: ${formatCalendarDate(due)}`)
  expect(booked.text).toContain('Balance owed: $90')

  // What a visitor's calendar shows of the order's day: a booked order holds its share.
  const remainingOnDue = async () => {
    const answer = await page.request.get(`/api/availability?from=${due}&to=${due}&product=Cakes`)
    expect(answer.status()).toBe(200)
    return ((await answer.json()) as { days: { remaining: number }[] }).days[0]!.remaining
  }
  const whileBooked = await remainingOnDue()

  // Months before its date, marking it ready asks first.
  await page.getByRole('button', { name: 'Mark ready' }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Yes, mark ready/ })
    .click()
  await expect(page.getByTestId('order-status').first()).toContainText('Ready')
  const ready = await mailTo(customer.email, 'Your cakes order is ready — Butter & Bloom Bakery')
  expect(ready.text).toContain('is ready for pickup')
  expect(ready.text).toContain('Owed at pickup: $90')
  // Baked for its day, it still holds the day's share: the day is no roomier for another order.
  expect(await remainingOnDue()).toBe(whileBooked)

  await page.getByRole('button', { name: 'Mark completed' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, mark completed' }).click()
  await expect(page.getByTestId('order-status').first()).toContainText('Completed')
  await expect(page.getByText('This request is completed; nothing more to do.')).toBeVisible()
  // Handed over, it lets its day go.
  expect(await remainingOnDue()).toBeGreaterThan(whileBooked)

  const steps = page.getByTestId('timeline').getByRole('listitem')
  await expect(steps).toHaveText([
    /Request sent in.*The customer/,
    /New → Quoted.*You/,
    /Quoted.*The customer.*Accepted the quote\./,
    /Quoted.*You.*Payment received: \$90 by Interac e-Transfer/,
    /Quoted → Confirmed.*You/,
    /Confirmed → Ready.*You/,
    /Ready → Completed.*You/,
  ])
  // Every email this customer got about it, each delivered.
  const emails = page.getByTestId('emails').getByRole('listitem')
  await expect(emails).toHaveCount(4)
  await page.reload()
  await expect(emails.filter({ hasText: 'Sent' })).toHaveCount(4)
  await shoot(page, 'order-book-detail-done', { slices: true })
})

/**
 * The customer's acceptance, as her link records it: written straight into
 * the e2e server's database, the accept button being another page's work.
 */
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
