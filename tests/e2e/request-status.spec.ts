import type { APIRequestContext, Page } from '@playwright/test'
import type { AddressObject, ParsedMail } from 'mailparser'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { expect, test } from './fixtures.ts'
import { receivedMail } from './inbox.ts'
import { picture } from './shots.ts'

/**
 * Dates of their own, 150 to 170 days ahead: inside the booking horizon
 * (180 days) and away from the days other journeys fill.
 */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** A YYYY-MM-DD date as the page writes it, e.g. 'Saturday, December 12, 2026'. */
const readable = formatCalendarDate

let addressCounter = 0
/** Each send from an address of its own, so the order form's rate limit never decides a test. */
const freshAddress = () => `198.51.100.${(++addressCounter % 200) + 20}`

interface Customer {
  name: string
  email: string
}

/**
 * One send for two customers, posted as the cart posts it, from this site's
 * own page. Each test's send has days of its own (`offset`), so no day fills.
 */
async function sendForTwo(request: APIRequestContext, baseURL: string, offset: number) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const priya: Customer = { name: 'Priya Sharma', email: `priya.${stamp}@example.com` }
  const sam: Customer = { name: 'Sam Ortiz', email: `sam.${stamp}@example.com` }
  const dates = {
    cakePops: daysFromNow(150 + offset),
    cupcakes: daysFromNow(151 + offset),
    bombs: daysFromNow(152 + offset),
  }
  const base = { phone_number: '416-555-0199', hear_about_us: 'Instagram' }
  const orders = [
    {
      ...priya,
      ...base,
      product_type: 'Cake Pops',
      event_theme: `Unicorn birthday ${stamp}`,
      due_date: dates.cakePops,
      servings: '24',
      allergies: 'No nuts, please',
      fulfilment: 'pickup',
      comments: 'Pastel rainbow colours.',
    },
    {
      ...sam,
      ...base,
      product_type: 'Cupcakes',
      event_theme: `Office farewell ${stamp}`,
      due_date: dates.cupcakes,
    },
    {
      ...priya,
      // The same customer, whatever the case of her address.
      email: priya.email.toUpperCase(),
      ...base,
      product_type: 'Hot Chocolate Bombs',
      event_theme: `Unicorn birthday ${stamp}`,
      due_date: dates.bombs,
    },
  ]
  const response = await request.post('/ordernow', {
    headers: {
      origin: baseURL,
      'content-type': 'application/json',
      'x-forwarded-for': freshAddress(),
    },
    data: JSON.stringify({ orders, accept_policies: true, website: '' }),
  })
  expect(response.status(), await response.text()).toBe(200)
  return { priya, sam, dates, stamp }
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/** The confirmation the sink received for this customer, once it has arrived. */
async function confirmationFor(customer: Customer): Promise<ParsedMail> {
  const find = async () =>
    (await receivedMail()).filter((mail) => addressesOf(mail.to).includes(customer.email))
  await expect.poll(async () => (await find()).length, { timeout: 15_000 }).toBe(1)
  return (await find())[0]!
}

/** The one private link in an email, the same in its text and its HTML. */
function privateLink(mail: ParsedMail): string {
  const links = mail.text?.match(/http:\/\/localhost:\d+\/requests\/[A-Za-z0-9_-]+/g) ?? []
  expect(links).toHaveLength(1)
  const link = links[0]!
  expect(new URL(link).pathname).toMatch(/^\/requests\/[A-Za-z0-9_-]{24}$/)
  expect(mail.html || '').toContain(`href="${link}"`)
  return link
}

async function expectPrivateHeaders(page: Page, link: string) {
  const response = await page.goto(new URL(link).pathname)
  expect(response?.status()).toBe(200)
  const headers = response!.headers()
  expect(headers['x-robots-tag']).toBe('noindex, nofollow')
  expect(headers['referrer-policy']).toBe('no-referrer')
  expect(headers['cache-control']).toBe('private, no-store')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
}

test('each customer in a send gets a confirmation of their own requests with their own private page', async ({
  signInOwner,
  page,
  request,
  baseURL,
}) => {
  const { priya, sam, dates, stamp } = await sendForTwo(request, baseURL!, 0)

  const priyaMail = await confirmationFor(priya)
  expect(priyaMail.subject).toBe('We got your orders — Butter & Bloom Bakery')
  expect(priyaMail.to).toMatchObject({ value: [{ name: 'Priya Sharma', address: priya.email }] })
  expect(priyaMail.from?.value).toEqual([
    { name: 'Butter & Bloom website', address: 'website@butterandbloom.test' },
  ])
  expect(priyaMail.replyTo?.value).toEqual([{ name: '', address: 'owner@butterandbloom.test' }])
  expect(priyaMail.text).toContain('Hi Priya,')
  expect(priyaMail.text).toContain(`1. Cake Pops\n   Date: ${readable(dates.cakePops)}`)
  expect(priyaMail.text).toContain('Servings/Quantity: 24')
  expect(priyaMail.text).toContain('Pickup or delivery: Pickup')
  expect(priyaMail.text).toContain(`2. Hot Chocolate Bombs\n   Date: ${readable(dates.bombs)}`)
  expect(priyaMail.text).not.toContain('Cupcakes')
  expect(priyaMail.text).not.toContain('Office farewell')
  expect(priyaMail.text).toContain('keep it private')

  const samMail = await confirmationFor(sam)
  expect(samMail.subject).toBe('We got your order — Butter & Bloom Bakery')
  expect(samMail.replyTo?.value).toEqual([{ name: '', address: 'owner@butterandbloom.test' }])
  expect(samMail.text).toContain(`Cupcakes\n   Date: ${readable(dates.cupcakes)}`)
  expect(samMail.text).not.toContain('Cake Pops')
  expect(samMail.text).not.toContain('Unicorn birthday')

  const priyaLink = privateLink(priyaMail)
  const samLink = privateLink(samMail)
  expect(priyaLink).not.toBe(samLink)

  // Priya's page: her two requests, where they stand, and nothing of Sam's.
  await expectPrivateHeaders(page, priyaLink)
  await expect(page).toHaveTitle('Your orders | Butter & Bloom Bakery')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi Priya, here are your orders')
  const priyaRequests = page.getByRole('list', { name: 'Your orders' }).getByRole('article')
  await expect(priyaRequests).toHaveCount(2)
  const cakePops = page.getByRole('article', { name: '1. Cake Pops' })
  await expect(cakePops.getByText('Status: Received')).toBeVisible()
  await expect(cakePops).toContainText('We’ll reply within 2 days')
  await expect(cakePops).toContainText(`Date${readable(dates.cakePops)}`)
  await expect(cakePops).toContainText(`Event/Theme${`Unicorn birthday ${stamp}`}`)
  await expect(cakePops).toContainText('Servings/Quantity24')
  await expect(cakePops).toContainText('Allergies/Dietary needsNo nuts, please')
  await expect(cakePops).toContainText('Pickup or deliveryPickup')
  await expect(cakePops).toContainText('CommentsPastel rainbow colours.')
  await expect(page.getByRole('article', { name: '2. Hot Chocolate Bombs' })).toContainText(
    readable(dates.bombs),
  )
  const main = page.getByRole('main')
  await expect(main.getByText('Cupcakes', { exact: true })).toHaveCount(0)
  await expect(main.getByText(/Office farewell/)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'The order policies you accepted' })).toBeVisible()
  // The terms from the bakery's rules, laid out, then her words.
  await expect(page.getByRole('heading', { name: 'What every order follows' })).toBeVisible()
  await expect(page.getByText(/^Notice: /)).toBeVisible()
  await expect(
    page.getByRole('main').getByRole('link', { name: 'hello@butterandbloom.ca', exact: true }),
  ).toBeVisible()

  // Sam's page: his one request.
  await expectPrivateHeaders(page, samLink)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi Sam, here’s your order')
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('article', { name: 'Cupcakes' })).toContainText('Status: Received')
  await expect(page.getByRole('main').getByText(/Cake Pops|Unicorn birthday/)).toHaveCount(0)

  // The owner's order book lists each request once; each shows its customer's confirmation.
  await signInOwner(page)
  for (const [customer, count, product] of [
    [priya, 2, 'Cake Pops'],
    [sam, 1, 'Cupcakes'],
  ] as const) {
    await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
    const rows = page.getByRole('list', { name: 'Order requests' }).getByRole('listitem')
    await expect(rows).toHaveCount(count)
    await expect(rows.first()).toContainText(stamp)
    await page.getByRole('link', { name: product }).click()
    const emails = page.getByTestId('emails').getByRole('listitem')
    await expect(emails).toHaveCount(1)
    await expect(emails).toContainText(`Request received · to ${customer.email}`)
    await expect(emails).toContainText('Sent')
  }
})

test.describe('a private link nobody holds', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] })

  test('is the site’s usual 404 page, unindexed and never cached', async ({ page, request }) => {
    for (const path of [
      '/requests/AAAAAAAAAAAAAAAAAAAAAAAA',
      '/requests/not-a-token',
      '/Requests/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page).toHaveTitle('404 | Butter & Bloom Bakery')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops!')
      const headers = response!.headers()
      expect(headers['cache-control']).toBe('private, no-store')
      expect(headers['x-robots-tag']).toBe('noindex, nofollow')
      expect(headers['referrer-policy']).toBe('no-referrer')
    }
    // The page a made-up link gets reads exactly as any unknown page's.
    const unknown = await request.get('/no-such-page')
    const madeUp = await request.get('/requests/AAAAAAAAAAAAAAAAAAAAAAAA')
    const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1]
    expect(mainOf(await madeUp.text())).toBe(mainOf(await unknown.text()))
  })
})

test('the private page and the confirmation read well on a phone and on a desktop', async ({
  page,
  request,
  baseURL,
}) => {
  const { priya } = await sendForTwo(request, baseURL!, 12)
  const mail = await confirmationFor(priya)
  const link = privateLink(mail)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(new URL(link).pathname)
    await expect(page.getByRole('article')).toHaveCount(2)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `sideways scrolling at ${width}px`).toBeLessThanOrEqual(0)
    await picture(page, `request-status-${width}.png`, { fullPage: true })

    // The email as a mail program shows it: its own HTML, nothing of the site's.
    await page.goto('about:blank')
    await page.setContent(mail.html || '')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, Priya! We got your 2 orders.',
    )
    await expect(page.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', link)
    const emailOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(emailOverflow, `the email scrolls sideways at ${width}px`).toBeLessThanOrEqual(0)
    await picture(page, `confirmation-email-${width}.png`, { fullPage: true })
  }
})
