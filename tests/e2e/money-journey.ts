import type { Page } from '@playwright/test'
import type { AddressObject, ParsedMail } from 'mailparser'
import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { expect, pageAddress, expectOrderAnswer, waitForHydration } from './fixtures.ts'
import { receivedMail } from './inbox.ts'

/**
 * What the money journeys (payment schedule, refunds and receipts, card
 * payments, her own changes, design proofs) share: a customer and a date of
 * the run's own, her request sent in and its link from her email, the owner
 * (signed in with the worker's saved session, fixtures.ts) on its order page,
 * the quote sent and a payment recorded, the mails each side gets, and
 * screenshots at a phone's and a laptop's width.
 */

/** A day `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * A customer of this run's own: its stamp, `name` with an address no other
 * run has, today, and a date `daysAhead` to `daysAhead + 9` days from today
 * (each journey picks days away from the others').
 */
export function journeyCustomer(name: string, daysAhead: number) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const today = todayIn(site.timeZone)
  return {
    stamp,
    customer: { name, email: `${name.split(' ')[0]!.toLowerCase()}.${stamp}@example.com` },
    today,
    due: addDays(today, daysAhead + Math.floor(Math.random() * 10)),
  }
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/** Every mail to `address` whose subject matches, so far. */
export async function mailsTo(address: string, subject: RegExp): Promise<ParsedMail[]> {
  return (await receivedMail()).filter(
    (mail) => subject.test(mail.subject ?? '') && addressesOf(mail.to).includes(address),
  )
}

/** The one mail to `address` whose subject matches, once it has come (and no second). */
export async function mailTo(
  address: string,
  subject: RegExp,
  { timeout = 15_000 }: { timeout?: number } = {},
): Promise<ParsedMail> {
  await expect.poll(async () => (await mailsTo(address, subject)).length, { timeout }).toBe(1)
  return (await mailsTo(address, subject))[0]!
}

/**
 * Sends in her request for cakes on `due` (as the order form posts it) and
 * returns the private link from the email confirming it.
 */
export async function sendCakeRequest(
  page: Page,
  baseURL: string,
  {
    customer,
    stamp,
    due,
    theme,
    phone = '416-555-0177',
  }: {
    customer: { name: string; email: string }
    /** The run's own number: in her event's theme, and picking her address. */
    stamp: string
    due: string
    theme: string
    phone?: string
  },
): Promise<string> {
  const send = await page.request.post('/ordernow', {
    headers: {
      origin: baseURL,
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${(Number(stamp.slice(-3)) % 200) + 20}`,
    },
    data: JSON.stringify({
      orders: [
        {
          name: customer.name,
          email: customer.email,
          phone_number: phone,
          product_type: 'Cakes',
          event_theme: `${theme} ${stamp}`,
          due_date: due,
          hear_about_us: 'Instagram',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status(), await send.text()).toBe(200)
  const confirmation = await mailTo(customer.email, /^We got your order/)
  const link = confirmation.text?.match(/http:\/\/localhost:\d+\/requests\/[A-Za-z0-9_-]+/)?.[0]
  expect(link).toBeDefined()
  return link!
}

/** The owner finds the customer's request by her email and opens its order page. */
export async function openOrderOf(page: Page, email: string) {
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
  await page.getByRole('article', { name: 'Cakes' }).getByRole('link', { name: 'Cakes' }).click()
  await page.waitForURL(/\/admin\/orders\/\d+$/)
  // A form sent while the page is still starting posts the way it does without
  // scripts; the journeys that use one are the owner's with her phone live.
  await waitForHydration(page, { intent: false })
}

/** The owner sends a quote from the order page: a price and a deposit, and what else is given. */
export async function sendQuote(
  page: Page,
  {
    price,
    deposit,
    depositDue,
    howToPay,
  }: { price: string; deposit: string; depositDue?: string; howToPay?: string },
) {
  const quote = page.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price ($)').fill(price)
  await quote.getByLabel('Deposit ($)').fill(deposit)
  if (depositDue) await quote.getByLabel('Deposit due by').fill(depositDue)
  if (howToPay) await quote.getByLabel('How to pay').fill(howToPay)
  await quote.getByRole('button', { name: 'Send quote' }).click()
  await expectOrderAnswer(page, 'Quote sent to the customer.')
}

/** The owner records a payment of `amount` dollars from the order page. */
export async function recordPayment(page: Page, amount: string) {
  const payment = page.getByRole('region', { name: 'Record a payment' })
  await payment.getByLabel('Amount ($)').fill(amount)
  await payment.getByRole('button', { name: 'Record payment' }).click()
  await expectOrderAnswer(page, 'Payment recorded.')
}

/**
 * The signed-in owner opens the customer's order, sends her a quote and, with
 * `paid`, records that much paid. Returns the order page's address.
 */
export async function quoteOrderOf(
  page: Page,
  email: string,
  { price, deposit, paid }: { price: string; deposit: string; paid?: string },
): Promise<string> {
  await openOrderOf(page, email)
  await sendQuote(page, { price, deposit })
  const orderUrl = pageAddress(page)
  if (paid) await recordPayment(page, paid)
  return orderUrl
}
