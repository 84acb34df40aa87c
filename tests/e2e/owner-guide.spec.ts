import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { site } from '#app/content/site.ts'
import { formatCalendarDate, todayIn } from '#app/utils/dates.ts'
import { type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'
import {
  OWNER,
  expect,
  openSettingsCard,
  pageAddress,
  test,
  waitForHydration,
  expectOrderAnswer,
} from './fixtures.ts'
import { photograph, photographTall, scrollToTop } from './guide-photos.ts'

/**
 * The owner's day on her phone, as docs/owner-guide.md tells it: each step
 * checks what the guide says she sees, and photographs it (guide-photos.ts),
 * so the guide's pictures are remade from the product as it is.
 *
 * It runs on a server of its own, as a new bakery starts: the starting
 * capacity (the shared server's is raised for other journeys) and the demo
 * gallery, so the pictures show what an owner's own site would.
 */
// One long walk with a server of its own; on a busy two-core machine it has taken five minutes.
test.describe.configure({ timeout: 600_000 })

const PORT = Number(process.env.E2E_PORT ?? 3210) + 85
const BASE = `http://localhost:${PORT}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'bakery-owner-guide-'))
let server: ServerProcess | undefined

test.beforeAll(async () => {
  // Starting from the sources and drawing the demo photos takes a while on a busy machine.
  test.setTimeout(150_000)
  server = startServerProcess({
    PORT: String(PORT),
    SITE_URL: BASE,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    MAIL_TO: OWNER.email,
    SEED_DEMO: 'true',
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

test.use({ baseURL: BASE, viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 })

/** YYYY-MM-DD, `days` after the bakery's today. */
function daysFromToday(days: number): string {
  const today = new Date(`${todayIn(site.timeZone)}T12:00:00Z`)
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/** The first Saturday at least `days` after the bakery's today. */
function saturdayFrom(days: number): string {
  const day = new Date(`${daysFromToday(days)}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7))
  return day.toISOString().slice(0, 10)
}

const visitorAddress = () => `198.51.100.${Math.floor(Math.random() * 200) + 20}`

/** Sends one request as the order form does. */
async function sendRequest(
  request: APIRequestContext,
  order: { name: string; product: string; theme: string; servings: string; dueDate: string },
) {
  const email = `${order.name.split(' ')[0]!.toLowerCase()}@example.com`
  const send = await request.post('/ordernow', {
    headers: {
      origin: BASE,
      'content-type': 'application/json',
      'x-forwarded-for': visitorAddress(),
    },
    data: JSON.stringify({
      orders: [
        {
          name: order.name,
          email,
          phone_number: '416-555-0147',
          product_type: order.product,
          event_theme: order.theme,
          due_date: order.dueDate,
          servings: order.servings,
          allergies: order.product === 'Cakes' ? 'No nuts, please' : '',
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
  return { email, dueDate: order.dueDate }
}

/** Sample data the forms cannot make: a confirmed order already due tomorrow. */
function bookForTomorrow(email: string) {
  const db = new SQLite(path.join(dataDir, 'bakery.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare("UPDATE order_request SET due_date = ?, status = 'confirmed' WHERE email = ?").run(
      daysFromToday(1),
      email,
    )
  } finally {
    db.close()
  }
}

/** The customer's private link, as her confirmation email carries it. */
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

/** The customer's phone, open at her private page. */
async function herPhone(page: Page, email: string): Promise<Page> {
  const customer = await page
    .context()
    .browser()!
    .newPage({ baseURL: BASE, viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 })
  await customer.goto(customerLink(email))
  await waitForHydration(customer)
  return customer
}

/** A design sketch as the owner would photograph it: the site's own cupcake drawing, as a JPEG. */
async function designSketch(): Promise<Buffer> {
  const drawing = path.resolve(import.meta.dirname, '../../public/images/treats/cupcakes.svg')
  return sharp(drawing, { density: 200 })
    .resize({ width: 900 })
    .flatten({ background: '#fff8ee' })
    .jpeg({ quality: 85 })
    .toBuffer()
}

/** The answer to her last tap, shown where she is looking. */
async function expectOutcome(page: Page, text: string) {
  const outcome = page.getByTestId('outcome')
  await expect(outcome).toHaveText(text)
  await expect(outcome).toBeInViewport()
}

test('the owner guide’s day on a phone: sign in, Today, an order from quote to pickup, calendar, settings, proofs, changes, reviews, your site, gallery, messages', async ({
  page,
}, testInfo) => {
  // Two requests on one day five months ahead, and one already confirmed for tomorrow.
  const day = daysFromToday(150)
  const amara = await sendRequest(page.request, {
    name: 'Amara Okafor',
    product: 'Cakes',
    theme: 'Garden party, two tiers, pale pink roses',
    servings: '30',
    dueDate: day,
  })
  await sendRequest(page.request, {
    name: 'Lena Fischer',
    product: 'Cupcakes',
    theme: 'Baby shower, lemon and lavender',
    servings: '24',
    dueDate: day,
  })
  const sam = await sendRequest(page.request, {
    name: 'Sam Rivera',
    product: 'Cake Pops',
    theme: 'Dinosaur birthday',
    servings: '18',
    dueDate: daysFromToday(30),
  })
  bookForTomorrow(sam.email)
  const message = await page.request.post('/contact', {
    headers: { origin: BASE, 'x-forwarded-for': visitorAddress() },
    form: {
      name: 'Priya Shah',
      email: 'priya@example.com',
      phone_number: '416-555-0199',
      message: 'Do you make gluten-free cupcakes? We have a party in the spring.',
      website: '',
    },
  })
  expect(message.status()).toBe(200)

  await test.step('signing in', async () => {
    // The fonts are `font-display: optional`: a page that paints before they arrive keeps
    // the fallback. Fetched once here, every page after has them from the cache, as the
    // owner's phone does.
    await page.goto('/')
    await page.evaluate(() => Promise.all([...document.fonts].map((face) => face.load())))
    await page.reload()
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Admin Login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByPlaceholder('Your email address').fill(OWNER.email)
    await dialog.getByPlaceholder('Your password').fill(OWNER.password)
    await expect(dialog.getByRole('button', { name: 'Forgot password?' })).toBeVisible()
    await photograph(page, '01-sign-in', testInfo)
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible({
      timeout: 30_000,
    })
  })

  await test.step('the Today page', async () => {
    await expect(page).toHaveURL('/admin')
    const bar = page.getByRole('navigation', { name: 'Owner' })
    await expect(bar.locator('a, button')).toHaveText([
      'Today',
      'Orders',
      'Calendar',
      'Customers',
      'Drops',
      'Kitchen',
      'Reports',
      'Gallery',
      'Settings',
      'Sign Out',
    ])
    await expect(page.getByRole('heading', { name: /Waiting for your reply/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /Cakes for Amara Okafor/ })).toBeVisible()
    const tomorrow = page.locator('#tomorrow-bake-list')
    await expect(tomorrow).toContainText('Cake Pops')
    await expect(tomorrow).toContainText('Sam Rivera')
    await photograph(page, '02-today', testInfo)
    await tomorrow.evaluate((list) => list.scrollIntoView({ block: 'start' }))
    await photograph(page, '03-today-tomorrow', testInfo)
  })

  await test.step('the order list', async () => {
    await page
      .getByRole('navigation', { name: 'Owner' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Amara Okafor' })).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Lena Fischer' })).toBeVisible()
    await scrollToTop(page.getByRole('list', { name: 'Order requests' }))
    await photograph(page, '04-orders', testInfo)
  })

  await test.step('one order: the quote', async () => {
    await page.goto(`/admin/orders?q=${encodeURIComponent(amara.email)}`)
    await page.getByRole('article').getByRole('link', { name: 'Cakes' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cakes')
    await waitForHydration(page)
    await expect(page.getByTestId('order-status')).toHaveText('Status: New')
    await expect(page.getByText('No nuts, please').first()).toBeVisible()
    await photograph(page, '05-order-new', testInfo)
    const quote = page.getByRole('region', { name: 'Send a quote' })
    await quote.getByLabel('Price ($)').fill('180')
    await quote.getByLabel('Deposit ($)').fill('60')
    await quote.getByLabel('How to pay').fill('Interac e-Transfer to the bakery’s email')
    await quote
      .getByLabel('Message to the customer')
      .fill('Two tiers with pale pink roses, nut-free.')
    await photograph(quote, '06-quote-form', testInfo)
    await quote.getByRole('button', { name: 'Send quote' }).click()
    await expectOutcome(page, 'Quote sent to the customer.')
    await expect(page.getByTestId('order-status')).toHaveText('Status: Quoted')
  })

  await test.step('the customer accepts through her link', async () => {
    const customer = await page
      .context()
      .browser()!
      .newPage({
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
      })
    await customer.goto(customerLink(amara.email))
    await waitForHydration(customer)
    await customer.getByRole('button', { name: 'Accept quote' }).click()
    await expect(customer.getByText('Your accepted quote')).toBeVisible()
    await customer.close()
  })

  await test.step('the deposit, ready and completed', async () => {
    await page.goto(pageAddress(page))
    await waitForHydration(page)
    await expect(page.getByTestId('order-status')).toHaveText(
      'Status: Accepted, awaiting the deposit',
    )
    const payment = page.getByRole('region', { name: 'Record a payment' })
    await expect(payment).toContainText('Deposit owed: $60')
    await payment.getByLabel('Amount ($)').fill('60')
    await photograph(payment, '07-record-payment', testInfo)
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await expectOutcome(page, 'Payment recorded.')
    await expect(page.getByTestId('order-status')).toHaveText('Status: Confirmed')
    await expect(payment).toContainText('Balance owed: $120')

    // Months before the date, Mark ready asks first and names who is emailed.
    await page.getByRole('button', { name: 'Mark ready' }).click()
    const ask = page.getByRole('alertdialog')
    await expect(ask).toContainText(`Amara Okafor (${amara.email}) will be emailed`)
    await photograph(page, '08-mark-ready-asks', testInfo)
    await ask.getByRole('button', { name: 'Yes, mark ready and email Amara' }).click()
    await expectOutcome(page, 'Marked ready; the customer is told.')
    await expect(page.getByTestId('order-status')).toHaveText('Status: Ready')
  })

  await test.step('the calendar and its bake list', async () => {
    await page.goto(`/admin/calendar?month=${amara.dueDate.slice(0, 7)}&day=${amara.dueDate}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
    await expect(page.getByRole('table')).toBeVisible()
    await expect(page.getByRole('link', { name: /Download CSV/ })).toBeVisible()
    await scrollToTop(page.getByRole('navigation', { name: 'Months' }))
    await photograph(page, '09-calendar', testInfo)
    const bakeList = page.locator('section').filter({ hasText: 'Amara Okafor' }).last()
    await expect(bakeList).toContainText('No nuts, please')
    await bakeList.scrollIntoViewIfNeeded()
    await photograph(page, '10-bake-list', testInfo)
  })

  await test.step('settings: the menu, opening days and the phone feed', async () => {
    await page.goto('/admin/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Cakes', exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Edit Cakes' }).click()
    await expect(page.getByRole('button', { name: 'Save Cakes' })).toBeVisible()
    await scrollToTop(page.getByRole('heading', { level: 2, name: 'The menu' }))
    await photograph(page, '11-menu', testInfo)
    // Folded, a booking card shows what is set; its link opens the form.
    const capacity = page.getByRole('region', { name: 'Weekly capacity' })
    await expect(capacity.getByRole('link', { name: 'Change weekly capacity' })).toBeVisible()
    await photograph(capacity, '12-weekly-capacity', testInfo)
    const closed = await openSettingsCard(page, 'Closed dates')
    await expect(closed.getByRole('button', { name: 'Add closed dates' })).toBeVisible()
    await photograph(closed, '13-closed-dates', testInfo)
    const feed = page.getByRole('region', { name: 'Calendar on your phone' })
    await expect(feed.getByLabel('Calendar address')).toHaveValue(/\/admin\/calendar\.ics\?key=/)
    await expect(feed.getByRole('link', { name: 'Add to my calendar' })).toHaveAttribute(
      'href',
      /^webcal:\/\//,
    )
    await photograph(feed, '14-phone-calendar', testInfo)
    const erase = page.getByRole('region', { name: 'Erase a customer’s data' })
    await expect(erase).toContainText('It cannot be undone.')
    await photograph(erase, '15-erase-customer', testInfo)
  })

  await test.step('settings: pickup times and address, delivery, payments', async () => {
    const times = await openSettingsCard(page, 'Pickup times')
    await scrollToTop(times)
    await times.getByLabel('Day').selectOption('Saturday')
    await times.getByLabel('From').fill('10:00')
    await times.getByLabel('Until').fill('12:00')
    await times.getByLabel('Requests it takes').fill('3')
    await times.getByRole('button', { name: 'Add pickup time' }).click()
    await expect(
      times.getByText('Saturday 10:00\u00a0a.m.–12:00\u00a0p.m. added, taking 3 requests.'),
    ).toBeVisible()
    await photographTall(page, times, '20-pickup-times', testInfo)
    // The pickup address is the street of her bakery's one address, in Your site.
    await times.getByRole('link', { name: 'change it in Your site › Address' }).click()
    const address = page.getByRole('region', { name: 'Address', exact: true })
    await address.getByLabel('Street address').fill('12 Rosewood Crescent, Unit B')
    await address.getByRole('button', { name: 'Save address' }).click()
    await expect(address.getByText('Saved. The site shows it now.')).toBeVisible()
    await page.goto('/admin/settings')
    const delivery = await openSettingsCard(page, 'Delivery')
    await delivery.getByRole('checkbox', { name: 'We deliver' }).check()
    await delivery.getByLabel('Delivery area and fee').fill('Within 10 km of the bakery, $15')
    await delivery.getByRole('button', { name: 'Save delivery' }).click()
    await expect(delivery.getByText('Delivery saved: customers can choose it.')).toBeVisible()
    await page.getByRole('link', { name: 'Payments, changes and design proofs' }).click()
    await expect(page).toHaveURL(/\/admin\/settings\/payments$/)
    const payments = page.getByRole('region', { name: 'Payments' })
    await expect(payments.getByLabel(/Balance due/)).toHaveValue('7')
    await photograph(payments, '21-payments', testInfo)
  })

  await test.step('a delivery quoted with its fee', async () => {
    const saturday = saturdayFrom(40)
    const send = await page.request.post('/ordernow', {
      headers: {
        origin: BASE,
        'content-type': 'application/json',
        'x-forwarded-for': visitorAddress(),
      },
      data: JSON.stringify({
        orders: [
          {
            name: 'Noah Patel',
            email: 'noah@example.com',
            phone_number: '416-555-0163',
            product_type: 'Cupcakes',
            event_theme: 'Office party, vanilla and chocolate',
            due_date: saturday,
            servings: '36',
            allergies: '',
            fulfilment: 'delivery',
            pickup_window: '10:00-12:00',
            delivery_street: '88 King Street West, 5th floor',
            delivery_city: 'Toronto',
            delivery_postal_code: 'M5K 1A1',
            delivery_notes: 'Ask for Noah at reception.',
            hear_about_us: 'Instagram',
            comments: '',
          },
        ],
        accept_policies: true,
        website: '',
      }),
    })
    expect(send.status(), await send.text()).toBe(200)
    await page.goto('/admin/orders?q=noah%40example.com')
    const card = page.getByRole('article').filter({ hasText: 'Noah Patel' })
    await expect(card).toContainText('Delivery 10:00\u00a0a.m.–12:00\u00a0p.m.')
    await card.getByRole('link', { name: 'Cupcakes' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cupcakes')
    await waitForHydration(page)
    const quote = page.getByRole('region', { name: 'Send a quote' })
    await quote.getByLabel('Price ($)').fill('96')
    await quote.getByLabel('Delivery fee ($)').fill('15')
    await quote.getByLabel('Deposit ($)').fill('40')
    await quote.getByLabel('How to pay').fill('Interac e-Transfer to the bakery’s email')
    await photographTall(page, quote, '22-quote-delivery-fee', testInfo)
    await quote.getByRole('button', { name: 'Send quote' }).click()
    await expectOutcome(page, 'Quote sent to the customer.')
    const money = page.getByTestId('money')
    await expect(money).toContainText('Delivery fee$15')
    await expect(money).toContainText('Total$111')
    // A $40 deposit and the $71 after it: the split her page and emails show too.
    await expect(money).toContainText('Deposit owed$40')
    await expect(money).toContainText('Balance owed$71')
    await scrollToTop(page.getByRole('region', { name: 'Quote and payments' }))
    await photograph(
      page.getByRole('region', { name: 'Quote and payments' }),
      '23-quote-and-payments',
      testInfo,
    )
  })

  await test.step('a design proof, sent and approved', async () => {
    // Noah accepts his quote first: his order is accepted, waiting for the deposit.
    const noah = await herPhone(page, 'noah@example.com')
    await noah.getByRole('button', { name: 'Accept quote' }).click()
    await expect(noah.getByText('Your accepted quote')).toBeVisible()
    await noah.close()

    await page.goto('/admin/orders?q=noah%40example.com')
    await page.getByRole('article').getByRole('link', { name: 'Cupcakes' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cupcakes')
    await waitForHydration(page)
    await expect(page.getByTestId('order-status')).toHaveText(
      'Status: Accepted, awaiting the deposit',
    )
    const card = page.getByRole('region', { name: 'Design proof' })
    await expect(card).toContainText('No proof sent yet. 2 rounds of changes included.')
    await card
      .getByLabel('Images of the design')
      .setInputFiles([
        { name: 'cupcakes.jpg', mimeType: 'image/jpeg', buffer: await designSketch() },
      ])
    await card
      .getByLabel(/Note to the customer/)
      .fill('Vanilla and chocolate, with the office logo piped on the pink ones.')
    await photographTall(page, card, '24-proof-form', testInfo)
    await card.getByRole('button', { name: 'Send a proof' }).click()
    await expect(card).toContainText('Proof 1 sent; the customer is emailed a link to see it.')

    // On his page he sees the picture and the note, and approves.
    const customer = await herPhone(page, 'noah@example.com')
    const proof = customer.getByTestId('customer-proof')
    await expect(proof).toContainText('Your design proof · proof 1')
    await expect(proof).toContainText('the office logo piped on the pink ones')
    await proof.getByRole('button', { name: 'Approve this design' }).click()
    await expect(customer.getByTestId('customer-proof')).toContainText(
      'You approved this design, and we have let the bakery know.',
    )
    await customer.close()

    await page.reload()
    await waitForHydration(page)
    const approved = card.getByTestId('approved-proof')
    await expect(approved).toContainText(`Approved ${formatCalendarDate(todayIn(site.timeZone))}`)
    await expect(approved.getByRole('img')).toBeVisible()
    await expect(card.getByRole('button', { name: 'Send a proof' })).toHaveCount(0)
    await photographTall(page, card, '25-proof-approved', testInfo)
  })

  await test.step('a change the customer asks for', async () => {
    // Lena's cupcakes, quoted; she asks on her page to move them a day (never onto a
    // Saturday, which has pickup times now) and to change the flavour in her comments.
    await page.goto('/admin/orders?q=lena%40example.com')
    await page.getByRole('article').getByRole('link', { name: 'Cupcakes' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cupcakes')
    await waitForHydration(page)
    const orderUrl = page.url()
    const quote = page.getByRole('region', { name: 'Send a quote' })
    await quote.getByLabel('Price ($)').fill('72')
    await quote.getByLabel('Deposit ($)').fill('24')
    await quote.getByLabel('How to pay').fill('Interac e-Transfer to the bakery’s email')
    await quote.getByRole('button', { name: 'Send quote' }).click()
    await expectOutcome(page, 'Quote sent to the customer.')

    const next = new Date(`${day}T12:00:00Z`)
    next.setUTCDate(next.getUTCDate() + (next.getUTCDay() === 5 ? 2 : 1))
    const moved = next.toISOString().slice(0, 10)
    const lena = await herPhone(page, 'lena@example.com')
    const panel = lena.getByTestId('self-service')
    await panel.getByText('Ask for a change', { exact: true }).click()
    await panel.getByLabel('Date', { exact: true }).fill(moved)
    await panel.getByLabel(/Comments/).fill('Lemon and raspberry, please.')
    await panel.getByLabel(/Anything else to tell us/).fill('My sister is allergic to chocolate.')
    await panel.getByRole('button', { name: 'Send my request' }).click()
    await expect(
      panel.getByRole('status').filter({ hasText: 'we have your request for a change' }),
    ).toBeVisible()
    await lena.close()

    await page.goto(orderUrl)
    await waitForHydration(page)
    const change = page.getByTestId('pending-change')
    await expect(change.getByRole('heading', { name: 'She asked for a change' })).toBeVisible()
    await expect(change.getByTestId('change-parts')).toContainText(
      `from ${formatCalendarDate(day)} to ${formatCalendarDate(moved)}`,
    )
    await expect(change.getByTestId('change-parts')).toContainText(
      'to “Lemon and raspberry, please.”',
    )
    await expect(change).toContainText('Her words: My sister is allergic to chocolate.')
    await expect(change.getByRole('button', { name: 'Accept the change' })).toBeVisible()
    await expect(change.getByRole('button', { name: 'Decline the change' })).toBeVisible()
    await photographTall(page, change, '26-change-asked', testInfo)
    await change.getByRole('button', { name: 'Accept the change' }).click()
    await expectOrderAnswer(page, 'Change accepted; the customer is told.')
    await expect(page.getByTestId('pending-change')).toHaveCount(0)
    await expect(page.getByText(`For Lena Fischer, ${formatCalendarDate(moved)}`)).toBeVisible()
  })

  await test.step('a review, and showing it on the site', async () => {
    // Amara's cake is picked up: completed, with the balance taken at pickup.
    await page.goto(`/admin/orders?q=${encodeURIComponent(amara.email)}`)
    await page.getByRole('article').getByRole('link', { name: 'Cakes' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cakes')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Mark completed' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, mark completed' }).click()
    await expect(page.getByTestId('order-status')).toHaveText('Status: Completed')

    const customer = await herPhone(page, amara.email)
    const panel = customer.getByRole('region', { name: 'How was your order?' })
    await expect(panel.getByLabel('Your name as it should appear')).toHaveValue('Amara')
    await panel
      .getByRole('group', { name: 'Your stars' })
      .getByRole('radio', { name: '5 out of 5 stars' })
      .check()
    await panel
      .getByLabel('Your words')
      .fill('The roses looked real and the cake was gone in minutes. Thank you!')
    await panel.getByLabel('You may show this on the bakery’s site').check()
    await panel.getByRole('button', { name: 'Send your review' }).click()
    await expect(
      customer.getByRole('region', { name: 'Your review' }).getByRole('status'),
    ).toContainText('Thank you! Your review is saved')
    await customer.close()

    await page.goto('/admin/settings')
    await page.getByRole('link', { name: 'Reviews from your customers' }).click()
    await expect(page).toHaveURL(/\/admin\/reviews$/)
    const review = page.getByRole('article', { name: 'Amara' })
    await expect(review).toContainText('5 out of 5 stars')
    await expect(review).toContainText('The roses looked real')
    await expect(review).toContainText('She gave permission to show it.')
    const show = review.getByRole('button', { name: /Show on your site/ })
    await expect(show).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
    await expect(show).toBeInViewport()
    await photograph(page, '27-reviews', testInfo)
    await show.click()
    await expect(review.getByText('Shown on your site')).toBeVisible()
    await expect(review.getByRole('button', { name: /Hide/ })).toBeVisible()
  })

  await test.step('settings: your site’s words, pictures and local settings', async () => {
    await page.goto('/admin/settings')
    await page.getByRole('link', { name: /Your site/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your site' })).toBeVisible()
    const words = page.getByRole('region', { name: 'Words', exact: true })
    await expect(words.getByLabel('Home page story')).toBeVisible()
    await expect(words.getByRole('button', { name: 'Preview' })).toBeVisible()
    await expect(words.getByRole('button', { name: 'Publish' })).toBeVisible()
    await photographTall(page, words, '28-site-words', testInfo)

    const pictures = page.getByRole('region', { name: 'Pictures', exact: true })
    for (const title of ['Home page photo', 'About photo', 'Logo']) {
      await expect(pictures.getByRole('heading', { level: 3, name: title })).toBeVisible()
    }
    await expect(pictures.getByLabel('Describe it')).toHaveCount(3)
    await expect(pictures.getByRole('button', { name: 'Save home page photo' })).toBeVisible()
    await expect(pictures.getByText('The picture the site came with is showing.')).toHaveCount(3)
    await photographTall(page, pictures, '29-site-pictures', testInfo)

    const local = page.getByRole('region', { name: 'Local settings' })
    await expect(local.getByLabel('Time zone')).toHaveValue(site.timeZone)
    await expect(local.getByLabel('Currency')).toHaveValue('CAD')
    // Her quotes are in dollars now: the currency stays.
    await expect(local).toContainText('Fixed now that quotes or payments are recorded')
    await expect(local.getByLabel('Dates and amounts written in')).toBeVisible()
    await expect(local.getByRole('button', { name: 'Save local settings' })).toBeVisible()
    await photographTall(page, local, '30-local-settings', testInfo)
  })

  await test.step('the gallery', async () => {
    await page
      .getByRole('navigation', { name: 'Owner' })
      .getByRole('link', { name: 'Gallery' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible()
    await waitForHydration(page)
    const add = page.getByRole('button', { name: 'Add New Image' })
    // The demo photos a new site starts with, each with the owner's delete cross.
    await expect(page.getByRole('button', { name: /^Delete image/ }).first()).toBeVisible()
    await scrollToTop(add)
    await photograph(page, '16-gallery', testInfo)
    await add.click()
    const upload = page.getByRole('dialog')
    await expect(upload).toBeVisible()
    await photograph(page, '17-gallery-upload', testInfo)
    await page.keyboard.press('Escape')
    await expect(upload).toHaveCount(0)
  })

  await test.step('messages', async () => {
    await page.goto('/admin/orders?view=messages')
    await expect(page.getByText('Priya Shah').first()).toBeVisible()
    await expect(page.getByRole('button', { name: /Mark handled/ }).first()).toBeVisible()
    await page
      .getByText('Do you make gluten-free cupcakes?')
      .evaluate((text) => text.scrollIntoView({ block: 'center' }))
    await photograph(page, '18-messages', testInfo)
  })

  await test.step('forgot password', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible()
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Admin Login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(dialog).toContainText('It works once, for 15 minutes.')
    await photograph(page, '19-forgot-password', testInfo)
  })
})
