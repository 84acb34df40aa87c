/**
 * A customer's private page (/requests/<token>) refuses what it does not
 * take: posts other than answers to a quote, made-up links, another
 * customer's request, another site's posts; and no sitemap lists it. The
 * whole app in this process, its mail to a real SMTP server on loopback,
 * asked over HTTP as the customer's browser would.
 */
import type { AddressObject, ParsedMail } from 'mailparser'
import { expect, onTestFinished, test } from 'vitest'
import { type AppInProcess, startAppInProcess } from '#tests/support/app-in-process.ts'
import { openTestConnection } from '#tests/support/database.ts'
import { type SmtpSink, startSmtpSink } from '#tests/support/smtp-sink.ts'

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** The site, mailing through a sink of the test's own. */
async function startSite(): Promise<{ app: AppInProcess; sink: SmtpSink }> {
  const sink = await startSmtpSink()
  onTestFinished(() => sink.close())
  const app = await startAppInProcess({
    SMTP_URL: sink.url,
    MAIL_TO: 'owner@butterandbloom.test',
    MAIL_FROM: 'Butter & Bloom website <website@butterandbloom.test>',
    MAIL_RETRY_MIN_MS: '200',
  })
  return { app, sink }
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/** The one email to `address` whose subject matches, once it has arrived. */
async function mailTo(sink: SmtpSink, address: string, subject: RegExp): Promise<ParsedMail> {
  const find = () =>
    sink.messages.filter(
      (mail) => addressesOf(mail.to).includes(address) && subject.test(mail.subject ?? ''),
    )
  await expect.poll(() => find().length, { timeout: 15_000 }).toBe(1)
  return find()[0]!
}

/** The one private link in an email, the same in its text and its HTML. */
function privateLink(mail: ParsedMail): string {
  const links = mail.text?.match(/http:\/\/127\.0\.0\.1:\d+\/requests\/[A-Za-z0-9_-]+/g) ?? []
  expect(links).toHaveLength(1)
  const link = links[0]!
  expect(new URL(link).pathname).toMatch(/^\/requests\/[A-Za-z0-9_-]{24}$/)
  expect(mail.html || '').toContain(`href="${link}"`)
  return link
}

/** Posts orders as the cart posts them, from the site's own page. */
async function sendOrders(app: AppInProcess, orders: Record<string, string>[]) {
  const response = await app.fetch('/ordernow', {
    method: 'POST',
    headers: { origin: app.siteUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ orders, accept_policies: true, website: '' }),
  })
  expect(response.status, await response.text()).toBe(200)
}

interface Sent {
  pagePath: string
  requestId: number
}

/** One request; its private page from the customer's confirmation, and its id from the database. */
async function sendRequest(
  { app, sink }: { app: AppInProcess; sink: SmtpSink },
  name: string,
): Promise<Sent> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const email = `${name.split(' ')[0]!.toLowerCase()}.${stamp}@example.com`
  await sendOrders(app, [
    {
      name,
      email,
      phone_number: '416-555-0199',
      hear_about_us: 'Instagram',
      product_type: 'Cakes',
      event_theme: `Garden party ${stamp}`,
      due_date: daysFromNow(70),
    },
  ])
  const pagePath = new URL(privateLink(await mailTo(sink, email, /^We got your order/))).pathname
  const db = openTestConnection(app.location)
  const row = await db
    .selectFrom('order_request')
    .select('id')
    .where('customer_token', '=', pagePath.split('/').at(-1)!)
    .executeTakeFirstOrThrow()
  return { pagePath, requestId: row.id }
}

test('the private page takes only answers to a quote, and is in no sitemap', async () => {
  const { app, sink } = await startSite()
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const priya = { name: 'Priya Sharma', email: `priya.${stamp}@example.com` }
  const sam = { name: 'Sam Ortiz', email: `sam.${stamp}@example.com` }
  const base = { phone_number: '416-555-0199', hear_about_us: 'Instagram' }
  // One send for two customers, as the cart posts it.
  await sendOrders(app, [
    {
      ...priya,
      ...base,
      product_type: 'Cake Pops',
      event_theme: `Unicorn birthday ${stamp}`,
      due_date: daysFromNow(156),
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
      due_date: daysFromNow(157),
    },
    {
      ...priya,
      // The same customer, whatever the case of her address.
      email: priya.email.toUpperCase(),
      ...base,
      product_type: 'Hot Chocolate Bombs',
      event_theme: `Unicorn birthday ${stamp}`,
      due_date: daysFromNow(158),
    },
  ])
  const confirmation = await mailTo(sink, priya.email, /./)
  const link = privateLink(confirmation)
  for (const path of [new URL(link).pathname, `${new URL(link).pathname}.data`]) {
    const response = await app.fetch(path, {
      method: 'POST',
      headers: { origin: app.siteUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=accept',
    })
    await response.arrayBuffer()
    expect(response.status, path).toBe(400)
    expect(response.headers.get('cache-control'), path).toBe('private, no-store')
  }
  expect(await (await app.fetch('/sitemap.xml')).text()).not.toContain('/requests')
  // The file's first test: the app's modules load for its first requests.
}, 60_000)

test('a made-up link, another customer’s link or another site’s post changes nothing', async () => {
  const site = await startSite()
  const { app } = site
  const sent = await sendRequest(site, 'Noor Haddad')
  const other = await sendRequest(site, 'Eve Martin')
  // Puts a quote on the request, as the owner's page will: $120, a $60 deposit.
  const db = openTestConnection(app.location)
  const now = Date.now()
  await db
    .insertInto('request_quote')
    .values({
      request_id: sent.requestId,
      created_at: now,
      price_cents: 12000,
      deposit_cents: 6000,
      deposit_due: daysFromNow(50),
      payment_instructions:
        'Interac e-Transfer to hello@butterandbloom.ca\nor pay online: https://pay.example/butter-and-bloom.',
      message: 'Two tiers, lemon and raspberry, with pressed flowers.',
      expires_at: now + 3 * 86_400_000,
    })
    .execute()
  await db
    .updateTable('order_request')
    .set({ status: 'quoted' })
    .where('id', '=', sent.requestId)
    .execute()
  const statusOf = async ({ requestId }: Sent) =>
    (
      await db
        .selectFrom('order_request')
        .select('status')
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow()
    ).status
  const answer = async (
    pagePath: string,
    headers: Record<string, string> = {},
    body = 'intent=accept&request=1&quote=1',
  ) => {
    const response = await app.fetch(pagePath, {
      method: 'POST',
      headers: {
        origin: app.siteUrl,
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body,
    })
    return { response, text: await response.text() }
  }
  const madeUp = await answer('/requests/AAAAAAAAAAAAAAAAAAAAAAAA')
  expect(madeUp.response.status).toBe(404)
  expect(madeUp.response.headers.get('cache-control')).toBe('private, no-store')
  expect(madeUp.text).toContain('Oops!')
  // On another customer's link the same post names that link's own first request, unquoted.
  expect((await answer(other.pagePath)).response.status).toBe(409)
  const beyond = await answer(sent.pagePath, {}, 'intent=accept&request=2&quote=1')
  expect(beyond.response.status).toBe(404)
  const crossSite = await answer(sent.pagePath, { origin: 'https://evil.example' })
  expect(crossSite.response.status).toBe(403)
  expect(
    (await answer(sent.pagePath, { origin: app.siteUrl, 'sec-fetch-site': 'cross-site' })).response
      .status,
  ).toBe(403)
  expect(await statusOf(sent)).toBe('quoted')
  expect(await statusOf(other)).toBe('new')
})
