/**
 * One order's whole life, as its two people live it, in the browser: the
 * customer sends it, the owner quotes it, the customer accepts through the
 * link in her email, the owner records the deposit, marks it ready and
 * completed. Every email goes through a real SMTP server, and nothing is
 * written into the database by the test. The same journey runs on the
 * suite's SQLite server and on a server of its own on PostgreSQL (left out
 * by playwright.config.ts without TEST_DATABASE_URL).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import type { AddressObject, ParsedMail } from 'mailparser'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { createTestSchema } from '#tests/support/pg-schema.ts'
import { startServerProcess } from '#tests/support/server-process.ts'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'
import { addToCart, expect, expectOrderAnswer, OWNER, signInOwnSession, test } from './fixtures.ts'
import { receivedMail } from './inbox.ts'
import { shoot } from './shots.ts'

// PORT + 70 to 79: a port of its own for each copy --repeat-each runs side by side.
const PG_PORT = Number(process.env.E2E_PORT ?? 3210) + 70
const OWNER_INBOX = 'owner@butterandbloom.test'
const BRAND = 'Butter & Bloom Bakery'

/** The site a journey runs on, and every email its mail server has received so far. */
interface Site {
  name: string
  origin: string
  mail(): Promise<ParsedMail[]>
}

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/**
 * A Cakes day the site offers, 120 to 140 days ahead: past any notice, inside
 * the booking horizon, and away from the days other journeys fill. Asked of
 * the site's public calendar, so closed weekdays and dates are skipped.
 */
async function openCakesDay(origin: string): Promise<string> {
  const query = new URLSearchParams({
    from: daysFromNow(120),
    to: daysFromNow(140),
    product: 'Cakes',
  })
  const response = await fetch(`${origin}/api/availability?${query}`)
  expect(response.status).toBe(200)
  const { days } = (await response.json()) as { days: { date: string; status: string }[] }
  const open = days.filter((day) => day.status === 'open')
  expect(open.length, 'open Cakes days 120 to 140 days ahead').toBeGreaterThan(0)
  return open[Math.floor(Math.random() * open.length)]!.date
}

/** Fails the test on an uncaught exception or a console error, as fixtures.ts does for `page`. */
async function watchedPage(browser: Browser, origin: string, problems: string[]): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 900 },
    // Sends from an address of its own, so no per-address limit decides the journey.
    extraHTTPHeaders: {
      'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    },
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  return page
}

async function runJourney(site: Site, browser: Browser) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: `Hazel Journey ${stamp}`, email: `hazel.${stamp}@example.com` }
  const due = await openCakesDay(site.origin)
  const dueLabel = formatCalendarDate(due)
  const depositDue = daysFromNow(30)
  const payBy = `Interac e-Transfer to hello@butterandbloom.ca, reference ${stamp}`

  /** Every email about this customer's request: to her, or to the owner with her as Reply-To. */
  const journeyMail = async () =>
    (await site.mail()).filter(
      (mail) =>
        addressesOf(mail.to).includes(customer.email) ||
        addressesOf(mail.replyTo).includes(customer.email),
    )
  /** The one email with this subject, to `to`, once it has arrived. */
  const arrived = async (subject: string, to: string): Promise<ParsedMail> => {
    const find = async () => (await journeyMail()).filter((mail) => mail.subject === subject)
    await expect
      .poll(async () => (await find()).length, { message: `“${subject}” arrives`, timeout: 15_000 })
      .toBe(1)
    const mail = (await find())[0]!
    expect(addressesOf(mail.to)).toEqual([to])
    return mail
  }
  const privateLinkIn = (mail: ParsedMail): string => {
    const links = mail.text?.match(/https?:\/\/[^\s/]+\/requests\/[A-Za-z0-9_-]+/g) ?? []
    expect(new Set(links).size, 'one private link in the email').toBe(1)
    expect(links[0]!.startsWith(`${site.origin}/requests/`)).toBe(true)
    return links[0]!
  }

  const problems: string[] = []
  const shopper = await watchedPage(browser, site.origin, problems)
  const owner = await watchedPage(browser, site.origin, problems)

  let link = ''
  await test.step('the customer fills the order form, ticks the policies and sends', async () => {
    await shopper.goto('/ordernow')
    await shopper.getByLabel('Name').fill(customer.name)
    await shopper.getByLabel('Email').fill(customer.email)
    await shopper.getByLabel('Phone Number').fill('416-555-0142')
    await shopper.getByLabel('Product Type').selectOption('Cakes')
    await shopper.getByLabel('Event / Theme').fill(`Spring christening ${stamp}`)
    await shopper.getByLabel('Order Date').fill(due)
    await shopper.getByLabel('Servings or quantity').fill('30')
    await shopper.getByLabel('How did you hear about us?').selectOption('Instagram')
    await shopper.getByLabel('Comments').fill('White roses, please.')
    await addToCart(shopper)
    await expect(shopper.getByTestId('cart-count')).toHaveText('1')
    await shopper.getByRole('button', { name: /Your cart/ }).click()
    const cart = shopper.getByRole('region', { name: 'Your Orders' })
    await cart.getByRole('checkbox', { name: 'I have read the order policies' }).check()
    await cart.getByRole('button', { name: 'Send All Orders' }).click()
    await expect(
      shopper.getByRole('region', { name: /Thank you, Hazel/ }).getByRole('status'),
    ).toHaveText('Orders sent successfully!')

    const news = await arrived(`1 new order request from ${customer.name}`, OWNER_INBOX)
    expect(addressesOf(news.replyTo)).toEqual([customer.email])
    expect(news.text).toContain(`Due Date: ${dueLabel}`)
    const thanks = await arrived(`We got your order — ${BRAND}`, customer.email)
    link = privateLinkIn(thanks)
  })

  let detailPath = ''
  await test.step('the owner signs in, finds the request and sends a quote', async () => {
    // A session of its own: the journey also runs on a server of its own.
    await signInOwnSession(owner, site.origin)
    await owner.goto('/admin/orders')
    await owner.getByLabel('Customer name or email').fill(customer.email)
    await owner.getByRole('button', { name: 'Show' }).click()
    const card = owner.getByRole('article', { name: 'Cakes' })
    await expect(card).toHaveCount(1)
    await expect(card).toContainText(dueLabel)
    await expect(card).toContainText('Status: New')
    await card.getByRole('link', { name: 'Cakes' }).click()
    await expect(owner).toHaveURL(/\/admin\/orders\/\d+$/)
    detailPath = new URL(owner.url()).pathname
    await expect(owner.getByRole('main')).toContainText(`For ${customer.name}, ${dueLabel}`)

    const quote = owner.getByRole('region', { name: 'Send a quote' })
    await quote.getByLabel('Price ($)').fill('165.50')
    await quote.getByLabel('In Canadian dollars').check()
    await quote.getByLabel('Deposit ($)').fill('50')
    await quote.getByLabel('Deposit due by').fill(depositDue)
    await quote.getByLabel('How to pay').fill(payBy)
    await quote.getByLabel('Message to the customer').fill('Two tiers with sugar roses.')
    await quote.getByLabel('Expires in (days)').fill('5')
    await quote.getByRole('button', { name: 'Send quote' }).click()
    // The deposit falls due after the quote expires: the owner is asked, and sends it.
    await owner
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Yes, send the quote/ })
      .click()
    await expectOrderAnswer(owner, 'Quote sent to the customer.')
    await expect(owner.getByTestId('money')).toContainText('Price$165.50')
    await expect(owner.getByTestId('money')).toContainText('Deposit owed$50')

    const quoted = await arrived(`A quote for your cakes order — ${BRAND}`, customer.email)
    expect(quoted.text).toContain('Price: $165.50')
    expect(quoted.text).toContain('Deposit: $50')
    expect(quoted.text).toContain(payBy)
    expect(quoted.text).toContain('Two tiers with sugar roses.')
    expect(privateLinkIn(quoted)).toBe(link)
  })

  await test.step('the customer opens her link, sees the quote and accepts it', async () => {
    await shopper.goto(link)
    const status = shopper.getByTestId('request-status')
    await expect(status).toHaveText('Status: Quote sent')
    const quote = shopper.getByTestId('quote')
    await expect(quote).toContainText('Price$165.50')
    await expect(quote).toContainText('Deposit$50')
    await expect(quote).toContainText(`Deposit due by${formatCalendarDate(depositDue)}`)
    await expect(quote).toContainText('Two tiers with sugar roses.')
    await expect(quote).toContainText(payBy)
    await shopper.getByRole('button', { name: 'Accept quote' }).click()
    await expect(
      shopper
        .getByRole('status')
        .filter({ hasText: 'Quote accepted — we’ll confirm once your deposit arrives' }),
    ).toBeVisible()
    await expect(status).toHaveText('Status: Accepted')
    await expect(shopper.getByRole('main')).toContainText(
      'we’ll confirm the booking once your deposit arrives',
    )
    await expect(shopper.getByRole('region', { name: 'Still to pay' })).toContainText(
      'Deposit still to pay$50',
    )

    const answer = await arrived(
      `${customer.name} accepted the quote for Cakes on ${dueLabel}`,
      OWNER_INBOX,
    )
    expect(answer.text).toContain('waits for the deposit')
  })

  await test.step('the owner records the deposit; the request is confirmed', async () => {
    await owner.reload()
    await expect(owner.getByRole('region', { name: 'Quote and payments' })).toContainText(
      'Accepted by the customer',
    )
    const payment = owner.getByRole('region', { name: 'Record a payment' })
    await expect(payment).toContainText('Deposit owed: $50')
    await payment.getByLabel('Amount ($)').fill('50')
    await payment.getByLabel('How it was paid').fill('Interac e-Transfer')
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await expectOrderAnswer(owner, 'Payment recorded.')
    await expect(owner.getByTestId('order-status').first()).toContainText('Confirmed')
    await expect(owner.getByTestId('money')).toContainText('Paid$50')
    await expect(owner.getByTestId('money')).toContainText('Balance owed$115.50')

    const booked = await arrived(`Your cakes order is booked — ${BRAND}`, customer.email)
    expect(booked.text).toContain(`Date booked: ${dueLabel}`)
    expect(booked.text).toContain('Balance owed: $115.50')
    expect(privateLinkIn(booked)).toBe(link)
  })

  await test.step('the owner marks it ready, then completed', async () => {
    await owner.getByRole('button', { name: 'Mark ready' }).click()
    await owner
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Yes, mark ready/ })
      .click()
    await expectOrderAnswer(owner, 'Marked ready; the customer is told.')
    await expect(owner.getByTestId('order-status').first()).toContainText('Ready')
    const ready = await arrived(`Your cakes order is ready — ${BRAND}`, customer.email)
    expect(ready.text).toContain('is ready for pickup')
    expect(ready.text).toContain('Owed at pickup: $115.50')

    await owner.getByRole('button', { name: 'Mark completed' }).click()
    await owner
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Yes, mark completed' })
      .click()
    await expect(owner.getByTestId('order-status').first()).toContainText('Completed')
    await expect(owner.getByText('This request is completed; nothing more to do.')).toBeVisible()
  })

  await test.step('the order page tells the whole story; the customer’s page the outcome', async () => {
    await owner.goto(detailPath)
    await expect(owner.getByTestId('timeline').getByRole('listitem')).toHaveText([
      /^Request sent in.*The customer/,
      /^New → Quoted.*You/,
      /^Quoted.*The customer.*Accepted the quote\./,
      /^Quoted.*You.*Payment received: \$50 by Interac e-Transfer, \w+day, \w+ \d+, \d{4}\./,
      /^Quoted → Confirmed.*You/,
      /^Confirmed → Ready.*You/,
      /^Ready → Completed.*You/,
    ])
    const emails = owner.getByTestId('emails').getByRole('listitem')
    await expect(emails).toHaveText([
      new RegExp(`^We got your order — ${BRAND}Sent.*to ${customer.email}`),
      new RegExp(`^A quote for your cakes order — ${BRAND}Sent.*to ${customer.email}`),
      new RegExp(`^Your cakes order is booked — ${BRAND}Sent.*to ${customer.email}`),
      new RegExp(`^Your cakes order is ready — ${BRAND}Sent.*to ${customer.email}`),
    ])

    await shopper.goto(link)
    await expect(shopper.getByTestId('request-status')).toHaveText('Status: Completed')
    await expect(shopper.getByRole('main')).toContainText(
      'Handed over — we hope it was a hit. Thank you for celebrating with us!',
    )
    await expect(shopper.getByRole('button', { name: 'Accept quote' })).toHaveCount(0)

    await shoot(shopper, `journey-${site.name}-request`)
    await shoot(owner, `journey-${site.name}-order`)
  })

  await test.step('no other email went out about it', async () => {
    // Delivery is asynchronous: a duplicate would follow within moments.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await journeyMail()).map((mail) => mail.subject).sort()).toEqual(
      [
        `1 new order request from ${customer.name}`,
        `${customer.name} accepted the quote for Cakes on ${dueLabel}`,
        `We got your order — ${BRAND}`,
        `Your cakes order is booked — ${BRAND}`,
        `Your cakes order is ready — ${BRAND}`,
        `A quote for your cakes order — ${BRAND}`,
      ].sort(),
    )
  })

  await shopper.context().close()
  await owner.context().close()
  expect(problems, 'console errors or uncaught exceptions').toEqual([])
}

test('an order goes from the form to completed, on SQLite', async ({ browser, baseURL }) => {
  // Six steps in two browsers, six emails to wait for, screenshots at two widths.
  test.setTimeout(120_000)
  await runJourney({ name: 'sqlite', origin: baseURL!, mail: receivedMail }, browser)
})

test(
  'an order goes from the form to completed, on PostgreSQL',
  { tag: '@postgres' },
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000)
    const serverUrl = process.env.TEST_DATABASE_URL
    if (!serverUrl) throw new Error('This journey needs TEST_DATABASE_URL (postgres://…).')
    const schema = await createTestSchema(serverUrl)
    const sink = await startSmtpSink()
    const port = PG_PORT + (testInfo.repeatEachIndex % 10)
    const origin = `http://localhost:${port}`
    const server = startServerProcess({
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bakery-journey-')),
      DATABASE_URL: schema.url,
      SITE_URL: origin,
      SMTP_URL: sink.url,
      MAIL_TO: OWNER_INBOX,
      MAIL_FROM: 'Butter & Bloom website <website@butterandbloom.test>',
      MAIL_RETRY_MIN_MS: '200',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SEED_DEMO: 'false',
    })
    try {
      await server.ready()
      await runJourney({ name: 'postgres', origin, mail: async () => sink.messages }, browser)
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM')
      }
      await server.exited
      await sink.close()
      await schema.drop()
    }
  },
)
