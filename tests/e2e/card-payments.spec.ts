import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { type FakeStripe, startFakeStripe } from '#tests/support/fake-stripe.ts'
import { seedOpenDrop } from './drops.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photograph, photographTall, takingPhotographs } from './guide-photos.ts'
import {
  addDays,
  mailTo,
  mailsTo,
  openOrderOf,
  sendCakeRequest,
  sendQuote,
} from './money-journey.ts'
import { shoot } from './shots.ts'

// One fake Stripe on its one port: these tests share it, one after the other.
test.describe.configure({ mode: 'serial' })

let fake: FakeStripe
let siteUrl: string

test.beforeAll(async ({ browser: _browser }, testInfo) => {
  siteUrl = String(testInfo.project.use.baseURL)
  fake = await startFakeStripe({
    port: Number(process.env.E2E_FAKE_STRIPE_PORT),
    secretKey: process.env.E2E_STRIPE_SECRET_KEY,
    webhookSecret: process.env.E2E_STRIPE_WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      const response = await fetch(`${siteUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        body: payload,
      })
      return response.status
    },
  })
})

test.afterAll(async () => {
  await fake?.close()
})

test.use({ viewport: { width: 375, height: 812 } })

test('a customer pays her deposit by card on Stripe’s page without scripts and her balance with them: confirmed once, both sides emailed once, replayed or forged events change nothing', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const customer = { name: `Cara Card ${stamp}`, email: `cara.${stamp}@example.com` }
  const today = todayIn(site.timeZone)
  const due = addDays(today, 40 + Math.floor(Math.random() * 20))
  const link = await sendCakeRequest(page, baseURL!, {
    customer,
    stamp,
    due,
    theme: 'Graduation',
  })

  // The owner quotes: $180, a $40 deposit.
  await signInOwner(page)
  await openOrderOf(page, customer.email)
  const orderUrl = page.url()
  const reference =
    (await page.getByTestId('payment-reference').textContent())?.match(/BB-\d{4,8}/)?.[0] ?? ''
  expect(reference).toMatch(/^BB-\d{4,8}$/)
  await sendQuote(page, {
    price: '180',
    deposit: '40',
    depositDue: addDays(today, 3),
    howToPay: 'Interac e-Transfer to hello@butterandbloom.ca',
  })
  const quoteMail = await mailTo(customer.email, /^A quote for your cakes order/)
  expect(quoteMail.text).toContain(`Pay the deposit now: ${link}`)

  // The customer, on her phone with its scripts off (the forms need none): she
  // accepts, then the deposit is offered by card.
  const noScripts = await browser.newContext({
    viewport: { width: 375, height: 812 },
    javaScriptEnabled: false,
  })
  const shopper = await noScripts.newPage()
  await shopper.goto(link!)
  await expect(shopper.getByRole('button', { name: /Pay the deposit now/ })).toHaveCount(0)
  await shopper.getByRole('button', { name: 'Accept quote' }).click()
  await expect(shopper.getByText('Quote accepted')).toBeVisible()
  const schedule = shopper.getByRole('region', { name: 'Your payments' })
  const payButton = schedule.getByRole('button', { name: 'Pay the deposit now: $40' })
  await expect(payButton).toBeVisible()
  const box = await payButton.boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(44)
  await shoot(shopper, 'card-pay-customer-page')

  // Stripe's page (the fake's), for exactly the deposit, in the bakery's currency.
  await payButton.click()
  await shopper.waitForURL(`${fake.url}/pay/**`)
  await expect(shopper.getByTestId('checkout-amount')).toHaveText('$40.00 CAD')
  const created = fake.received.filter((request) => request.path === '/v1/checkout/sessions')
  expect(created).toHaveLength(1)
  expect(created[0]!.authorization).toBe(`Bearer ${process.env.E2E_STRIPE_SECRET_KEY}`)
  expect(created[0]!.idempotencyKey).toMatch(/^checkout-\d+-deposit-4000-0-[\w-]{43}$/)
  expect(Object.fromEntries(created[0]!.form)).toMatchObject({
    'line_items[0][price_data][unit_amount]': '4000',
    'line_items[0][price_data][currency]': 'cad',
    'metadata[payment_reference]': reference,
    'metadata[kind]': 'deposit',
    customer_email: customer.email,
  })

  // She pays: the fake signs and posts the event, then sends her back.
  await shopper.getByRole('button', { name: 'Pay $40.00 CAD' }).click()
  await shopper.waitForURL(`${link}?paid=deposit`)
  await expect(shopper.getByRole('status').filter({ hasText: 'card payment' })).toContainText(
    'Thank you — your card payment for the deposit went through.',
  )
  expect(fake.deliveries.map((delivery) => delivery.status)).toEqual([200])
  await expect(shopper.getByTestId('request-status')).toHaveText('Status: Confirmed')
  const lines = schedule.getByRole('listitem')
  await expect(lines.nth(0)).toContainText('Paid')
  await expect(schedule).toContainText('Paid so far: $40')
  // Booked now: the balance is what she may pay by card next.
  await expect(schedule.getByRole('button', { name: 'Pay the balance: $140' })).toBeVisible()
  await shoot(shopper, 'card-paid-customer-page')

  // Both sides emailed, once.
  const booked = await mailTo(customer.email, /^Your cakes order is booked/)
  expect(booked.text).toContain('(paid, thank you)')
  const ownerMail = await mailTo(
    'owner@butterandbloom.test',
    new RegExp(`^${customer.name} paid the deposit by card: \\$40`),
  )
  expect(ownerMail.text).toContain(reference)

  // The owner's order page: Confirmed, and the card payment on the timeline.
  await page.goto(orderUrl)
  await expect(page.getByTestId('order-status').first()).toContainText('Confirmed')
  await expect(page.getByTestId('timeline')).toContainText('Payment received: $40 by card')
  await expect(page.getByTestId('money')).toContainText('$40')
  await shoot(page, 'card-paid-owner-order')

  // Stripe sends the same event again: 200, nothing changes.
  const session = [...fake.sessions.values()].at(-1)!
  const replay = fake.event(session, { id: fake.deliveries[0]!.eventId })
  const replayed = await page.request.post('/webhooks/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': replay.signature() },
    data: replay.payload,
  })
  expect(replayed.status()).toBe(200)
  expect(await replayed.json()).toEqual({ received: true, outcome: 'replay' })
  // A forged event (signed with another secret) for the balance: 400, nothing changes.
  const forged = fake.event(
    { ...session, id: 'cs_test_forged', amount_total: 14_000 },
    { secret: 'whsec_somebodyelse0000000000' },
  )
  const refused = await page.request.post('/webhooks/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': forged.signature() },
    data: forged.payload,
  })
  expect(refused.status()).toBe(400)
  expect(await refused.json()).toEqual({ error: 'bad signature' })
  await page.reload()
  await expect(page.getByTestId('timeline')).toContainText('Payment received: $40 by card')
  await expect(page.getByTestId('timeline').getByText(/Payment received/)).toHaveCount(1)
  await shopper.reload()
  await expect(schedule).toContainText('Paid so far: $40')
  expect(await mailsTo(customer.email, /^Your cakes order is booked/)).toHaveLength(1)
  expect(
    await mailsTo('owner@butterandbloom.test', new RegExp(`^${customer.name} paid the deposit`)),
  ).toHaveLength(1)
  await noScripts.close()

  // Later, with scripts on: she opens the balance's payment, changes her mind, then pays it.
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(link!)
  const payments = phone.getByRole('region', { name: 'Your payments' })
  await payments.getByRole('button', { name: 'Pay the balance: $140' }).click()
  await phone.waitForURL(`${fake.url}/pay/**`)
  await expect(phone.getByTestId('checkout-amount')).toHaveText('$140.00 CAD')
  await phone.getByRole('link', { name: 'Back' }).click()
  await phone.waitForURL(`${link}?card=cancelled`)
  await expect(phone.getByRole('status').filter({ hasText: 'nothing was charged' })).toHaveText(
    'You left the card payment page, so nothing was charged. You can pay whenever you are ready.',
  )
  await payments.getByRole('button', { name: 'Pay the balance: $140' }).click()
  await phone.waitForURL(`${fake.url}/pay/**`)
  const balanceKeys = fake.received
    .filter((request) => request.path === '/v1/checkout/sessions')
    .map((request) => request.idempotencyKey)
  // The same payment asked for twice is one session: the same key both times.
  expect(balanceKeys.slice(1)).toEqual([balanceKeys[1], balanceKeys[1]])
  expect(balanceKeys[1]).toMatch(/^checkout-\d+-balance-14000-4000-[\w-]{43}$/)
  expect(fake.sessions.size).toBe(2)
  await phone.getByRole('button', { name: 'Pay $140.00 CAD' }).click()
  await phone.waitForURL(`${link}?paid=balance`)
  await expect(payments.getByRole('listitem').nth(1)).toContainText('Paid')
  await expect(phone.getByRole('region', { name: 'Still to pay' })).toHaveText(
    'Paid in full — thank you!',
  )
  await expect(payments.getByRole('button', { name: /Pay the/ })).toHaveCount(0)
  const received = await mailTo(customer.email, /^We received your payment of \$140/)
  expect(received.text).toContain('Still to pay: Nothing: it is all paid.')
  await mailTo(
    'owner@butterandbloom.test',
    new RegExp(`^${customer.name} paid the balance by card: \\$140`),
  )
  await page.reload()
  await expect(page.getByTestId('timeline').getByText(/Payment received/)).toHaveCount(2)
  await expect(page.getByTestId('order-status').first()).toContainText('Confirmed')

  // On her phone, the owner gives $25 of the balance back to the card: asked first.
  const moneyCard = page.getByRole('region', { name: 'Quote and payments' })
  const balanceLine = moneyCard
    .getByTestId('card-payments')
    .getByRole('listitem')
    .filter({ hasText: '$140 by card' })
  const open = balanceLine.getByText('Refund on card', { exact: true }).first()
  expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await open.click()
  const amount = balanceLine.getByLabel('Refund to the card ($)')
  // The whole of what is left of it, unless she says less.
  await expect(amount).toHaveValue('140')
  await amount.fill('25')
  await balanceLine.getByLabel(/Reason/).fill('One tier fewer.')
  await shoot(page, 'card-refund-form', { part: moneyCard })
  await balanceLine.getByRole('button', { name: 'Refund on card' }).click()
  const dialog = page.getByTestId('confirm-dialog')
  await expect(dialog).toContainText('Refund $25 to Cara’s card through Stripe?')
  expect(fake.received.filter((request) => request.path === '/v1/refunds')).toHaveLength(0)
  const yes = dialog.getByRole('button', { name: 'Yes, refund to the card and email Cara' })
  expect((await yes.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await yes.click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Refunded to the card through Stripe; the customer is told.' }),
  ).toBeVisible()
  const refundCalls = fake.received.filter((request) => request.path === '/v1/refunds')
  expect(refundCalls).toHaveLength(1)
  expect(refundCalls[0]!.idempotencyKey).toMatch(/^card-refund-\d+-0-2500-[\w-]{43}$/)
  expect(Object.fromEntries(refundCalls[0]!.form)).toEqual({
    payment_intent: expect.stringMatching(/^pi_test_\w+$/),
    amount: '2500',
    'metadata[request_id]': expect.stringMatching(/^\d+$/),
    'metadata[payment_reference]': reference,
  })
  const money = page.getByTestId('money')
  await expect(money).toContainText('Paid$180')
  await expect(money).toContainText('Refunded$25')
  await expect(money).toContainText('Net paid$155')
  await expect(balanceLine).toContainText('$25 refunded to the card')
  await expect(page.getByTestId('timeline')).toContainText(
    'Refunded to the customer’s card through Stripe: $25',
  )
  await shoot(page, 'card-refunded-money-card', { part: moneyCard })

  // Stripe's own event about it changes nothing: one refund, one email.
  const made = [...fake.refunds.values()].at(-1)!
  expect(await fake.deliver(fake.event(made, { type: 'refund.created' }))).toBe(200)
  const refundMail = await mailTo(customer.email, /^A refund for your cakes order/)
  expect(refundMail.text).toContain('We refunded $25 to your card')
  expect(refundMail.text).toContain('One tier fewer.')
  await phone.reload()
  const ledger = payments.getByTestId('customer-ledger')
  await expect(ledger).toContainText('Refunded to you')
  await expect(ledger).toContainText('to your card')
  await expect(ledger).toContainText('−$25')
  await expect(ledger).toContainText('Paid, after refunds: $155')
  await shoot(phone, 'card-refund-customer-payments', { part: payments })

  // A refund made on Stripe's dashboard, of which only the charge's event came:
  // a note on the order page until she has looked.
  const intent = String(Object.fromEntries(refundCalls[0]!.form).payment_intent)
  fake.refundOnDashboard(intent, 500)
  expect(await fake.deliver(fake.chargeRefundedEvent(intent))).toBe(200)
  await page.reload()
  const note = page.getByTestId('card-looks').getByRole('note')
  await expect(note).toContainText('A card refund of $30 needs a look')
  await expect(note).toContainText('$5 more than the book shows')
  await shoot(page, 'card-look-owner-order', { part: note })
  await note.getByRole('button', { name: 'Mark as looked at' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Marked as looked at.' })).toBeVisible()
  await expect(page.getByTestId('card-looks')).toHaveCount(0)
  await expect(
    page.getByTestId('timeline').getByText(/Refunded to the customer’s card/),
  ).toHaveCount(1)
  expect(await mailsTo(customer.email, /^A refund for your cakes order/)).toHaveLength(1)
  await phone.close()
})

test('a card payment for a request the site does not have is listed on Today for the owner, until she has looked', async ({
  signInOwner,
  page,
}) => {
  const reference = `BB-9${String(Date.now()).slice(-5)}`
  const stranger = {
    id: `cs_test_unknown${Date.now()}`,
    object: 'checkout.session' as const,
    mode: 'payment',
    status: 'complete' as const,
    payment_status: 'paid' as const,
    amount_total: 2_500,
    currency: 'cad',
    client_reference_id: reference,
    customer_email: 'someone@example.com',
    metadata: { request_id: '999999', payment_reference: reference, kind: 'deposit' },
    success_url: '',
    cancel_url: '',
    url: '',
    payment_intent: 'pi_test_unknown',
  }
  expect(await fake.deliver(fake.event(stranger))).toBe(200)

  await signInOwner(page)
  await page.goto('/admin')
  const looks = page.getByRole('region', { name: /Card payments that need a look/ })
  const item = looks.getByRole('listitem').filter({ hasText: reference })
  await expect(item).toContainText(`A card payment of $25 for ${reference} needs a look`)
  await expect(item).toContainText('does not have')
  await shoot(page, 'card-look-owner-today', { part: looks })
  await item.getByRole('button', { name: 'Mark as looked at' }).click()
  await expect(looks.getByRole('listitem').filter({ hasText: reference })).toHaveCount(0)
})

test('on her phone a customer reserves a drop and pays for it by card on Stripe’s page: her order is confirmed and paid, and the owner finds it in her book', async ({
  signInOwner,
  page,
  browser,
}) => {
  const slug = `card-drop-${Date.now()}`
  seedOpenDrop({ slug, items: [{ name: 'Sourdough loaf', priceCents: 900, stock: 5 }] })
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const email = `dora.${stamp}@example.com`
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(`${siteUrl}/drops/${slug}`)
  await waitForHydration(phone)
  await phone.getByLabel('How many Sourdough loaf').fill('2')
  await phone.getByLabel(/10:00/).check()
  await phone.getByLabel('Name').fill(`Dora Drop ${stamp}`)
  await phone.getByLabel('Email').fill(email)
  await phone.getByLabel('Phone Number').fill('416-555-0102')
  await phone.getByRole('button', { name: 'Reserve' }).click()
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Your treats are held')

  // This drop is paid as it is ordered: one way to pay, said rather than offered.
  const order = phone.getByRole('form', { name: 'Order them' })
  await expect(order).toContainText('Pay by card now.')
  await expect(order.getByRole('radio')).toHaveCount(0)
  await order.getByLabel('I have read the order policies').check()
  await order.getByRole('button', { name: 'Order for $18' }).click()

  await phone.waitForURL(`${fake.url}/pay/**`)
  await expect(phone.getByTestId('checkout-amount')).toHaveText('$18.00 CAD')
  const opened = fake.received.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!
  expect(Object.fromEntries(opened.form)).toMatchObject({
    'line_items[0][price_data][unit_amount]': '1800',
    'metadata[kind]': 'deposit',
    customer_email: email,
  })
  // Stripe takes no payment once the stock kept for it is given back.
  expect(Number(opened.form.get('expires_at')) * 1000).toBeGreaterThan(Date.now() + 29 * 60_000)
  await phone.getByRole('button', { name: 'Pay $18.00 CAD' }).click()
  await phone.waitForURL(/\/requests\/[\w-]+\?paid=full$/)
  await expect(phone.getByTestId('request-status')).toHaveText('Status: Confirmed')
  await expect(phone.getByText('2 × Sourdough loaf').first()).toBeVisible()
  await shoot(phone, 'drop-card-paid-customer-page')
  const booked = await mailTo(email, /is booked/)
  expect(booked.text).toContain('$18')
  await phone.close()

  // The owner's book: the drop's order, confirmed, its card payment on the timeline.
  await signInOwner(page)
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
  await page.getByRole('article', { name: 'Saturday bake' }).getByRole('link').first().click()
  await page.waitForURL(/\/admin\/orders\/\d+$/)
  await expect(page.getByTestId('order-status').first()).toContainText('Confirmed')
  await expect(page.getByTestId('timeline')).toContainText('Payment received: $18 by card')
  await shoot(page, 'drop-card-paid-owner-order')
})

test('the owner sells a treat at a set price with options; a customer on her phone sees the total change, pays it by card, and it is on Today’s bake list with no step of the owner’s', async ({
  signInOwner,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const stamp = `${Date.now()}`.slice(-7)
  const treat = takingPhotographs ? 'Party cupcakes' : `Party cupcakes ${stamp}`
  const tomorrow = addDays(todayIn(site.timeZone), 1)

  // The owner adds the treat and sells it now, from her phone.
  await signInOwner(page)
  await page.goto('/admin/settings?add#add-product')
  await waitForHydration(page)
  await page.getByLabel('Name', { exact: true }).fill(treat)
  await page.getByLabel('Notice (days)').fill('0')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByText('Product added.')).toBeVisible()
  await page.getByRole('link', { name: `Buy now and options for ${treat}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${treat}: buy now`)
  await waitForHydration(page)
  await page.getByLabel(`Customers can buy ${treat} now, at a set price`).check()
  await page.getByLabel(/^Price/).fill('36')
  await page.getByLabel(/^Rush: fewer than/).fill('2')
  await page.getByLabel(/^Rush fee/).fill('10')
  const size = page.getByRole('group', { name: 'A new option' })
  await size.getByLabel('Option name').fill('How many')
  await size.getByLabel('They must choose one').check()
  await size.getByLabel('Choice 1', { exact: true }).fill('A dozen')
  await size.getByLabel('Choice 2', { exact: true }).fill('Two dozen')
  await size.getByLabel(/^Adds/).nth(1).fill('32')
  await page.getByRole('button', { name: `Save ${treat}` }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Saved. Customers can buy it now, with its options.',
  )
  // Saved, a spare option waits for the next: her words on top.
  const message = page.getByRole('group', { name: 'A new option' })
  await message.getByLabel('Option name').fill('Message on top')
  await message.getByLabel('write their own words').check()
  await message.getByLabel(/^Their words cost/).fill('3')
  await page.getByRole('button', { name: `Save ${treat}` }).click()
  await expect(page.getByRole('group', { name: 'Message on top' })).toBeVisible()
  await shoot(page, 'buy-now-owner-form')

  // A customer finds it on the order page and chooses.
  const stampMail = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const email = `bo.${stampMail}@example.com`
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(`${siteUrl}/ordernow`)
  await phone.getByRole('link', { name: `${treat}, from $36` }).click()
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(treat)
  await waitForHydration(phone)
  const total = phone.getByRole('region', { name: 'Your total' })
  await expect(total).toContainText('How many: choose one.')
  await phone.getByLabel('Two dozen (+$32)').check()
  await expect(total).toContainText('Total$68')
  await phone.getByLabel('Message on top').fill('Happy 9th, Theo!')
  await expect(total).toContainText('Total$71')
  await phone.getByLabel('Order Date').fill(tomorrow)
  // Tomorrow is inside the rush notice: the fee shows before she sends.
  await expect(total).toContainText('Rush fee$10')
  await expect(total).toContainText('Total$81')
  await photograph(total, '45-buy-now-total', testInfo)
  await phone.getByLabel('Name').fill('Bo Buyer')
  await phone.getByLabel('Email').fill(email)
  await phone.getByLabel('Phone Number').fill('416-555-0177')
  await phone.getByLabel('How did you hear about us?').selectOption('Instagram')
  await expect(phone.getByLabel('Pay by card now')).toBeChecked()
  await phone.getByLabel('I have read the order policies').check()
  await shoot(phone, 'buy-now-customer-form')
  await phone.getByRole('button', { name: 'Order for $81' }).click()

  // Stripe's page asks for exactly the total she was shown.
  await phone.waitForURL(`${fake.url}/pay/**`)
  await expect(phone.getByTestId('checkout-amount')).toHaveText('$81.00 CAD')
  await phone.getByRole('button', { name: 'Pay $81.00 CAD' }).click()
  await phone.waitForURL(/\/requests\/[\w-]+\?paid=full$/)
  await expect(phone.getByTestId('request-status')).toHaveText('Status: Confirmed')
  // Paid whole, it is her full payment, not a deposit.
  await expect(phone.getByRole('status').first()).toHaveText(
    /^Thank you — your card payment went through\./,
  )
  await expect(phone.getByText('Full payment · $81')).toBeVisible()
  await shoot(phone, 'buy-now-paid-customer-page')
  const booked = await mailTo(email, /is booked/)
  expect(booked.text).toContain('$81')
  await phone.close()

  // The owner did nothing: it is on tomorrow's bake list, paid.
  await page.goto('/admin')
  const bake = page.locator('#tomorrow-bake-list')
  await expect(bake).toContainText('Bo Buyer')
  await expect(bake).toContainText(treat)
  await shoot(page, 'buy-now-owner-today')
})

test('a gift card bought on a phone is emailed with its code, pays for her cake, and a refund goes back onto it', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  // The guide's pictures show plain names; a test run's are its own.
  const giver = {
    name: 'Gail Giver',
    email: takingPhotographs ? 'gail@example.com' : `gail.${stamp}@example.com`,
  }
  const customer = takingPhotographs
    ? { name: 'Gia Brooks', email: 'gia@example.com' }
    : { name: `Gia Gift ${stamp}`, email: `gia.${stamp}@example.com` }

  // The owner starts selling gift cards, from her phone.
  await signInOwner(page)
  await page.goto('/admin/gift-cards')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Sell gift cards' }).click()
  await expect(page.getByRole('status')).toHaveText('Your site sells gift cards now.')

  // A friend finds them in the footer and buys one for Gia on her phone.
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(`${siteUrl}/`)
  await phone
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Gift cards' })
    .click()
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Gift cards')
  await waitForHydration(phone)
  await phone.getByLabel('$75').check()
  await phone.getByLabel('Their name').fill(customer.name)
  await phone.getByLabel('Their email').fill(customer.email)
  await phone.getByLabel('Your name').fill(giver.name)
  await phone.getByLabel('Your email').fill(giver.email)
  await phone.getByLabel(/Your message/).fill('For your birthday cake!')
  await photographTall(phone, phone.locator('main form'), '48-gift-card-shop', testInfo)
  await shoot(phone, 'gift-card-shop')
  await phone.getByRole('button', { name: 'Pay $75 by card' }).click()
  await phone.waitForURL(`${fake.url}/pay/**`)
  await expect(phone.getByTestId('checkout-amount')).toHaveText('$75.00 CAD')
  await phone.getByRole('button', { name: 'Pay $75.00 CAD' }).click()
  await phone.waitForURL(/\/gift-cards\?bought=yes$/)
  await expect(phone.getByRole('status')).toContainText('Thank you! Your payment went through.')
  await phone.close()
  const cardMail = await mailTo(customer.email, /^Gail sent you a .+ gift card$/)
  expect(cardMail.text).toContain('For your birthday cake!')
  const code = /Your code: ([A-Z0-9-]{19})/.exec(cardMail.text ?? '')?.[1]
  expect(code).toBeDefined()
  const ending = `····${code!.slice(-4)}`
  expect((await mailTo(giver.email, /^Your gift card for /)).text).toContain('is paid')

  // Gia orders a cake; the owner quotes $120 with a $40 deposit.
  const today = todayIn(site.timeZone)
  const link = await sendCakeRequest(page, baseURL!, {
    customer,
    stamp,
    due: addDays(today, 60 + Math.floor(Math.random() * 20)),
    theme: 'Birthday',
  })
  await openOrderOf(page, customer.email)
  const orderUrl = page.url()
  await sendQuote(page, { price: '120', deposit: '40' })

  // On her phone she accepts and pays with the card: it covers $75 of the $120.
  const shopper = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await shopper.goto(link)
  await waitForHydration(shopper)
  await shopper.getByRole('button', { name: 'Accept quote' }).click()
  await expect(shopper.getByText('Quote accepted')).toBeVisible()
  const gift = shopper.getByTestId('gift-card-pay')
  await expect(gift).toContainText('It pays up to $120, all that is owed')
  await gift.getByLabel('Pay with a gift card').fill(code!.toLowerCase().replaceAll('-', ' '))
  await gift.getByRole('button', { name: 'Use gift card' }).click()
  await expect(shopper.getByRole('status').filter({ hasText: 'gift card' })).toHaveText(
    `Paid $75 with your gift card. $45 is still to pay. Your gift card ${ending} is now spent.`,
  )
  await expect(shopper.getByTestId('request-status')).toHaveText('Status: Confirmed')
  await expect(shopper.getByRole('region', { name: 'Your payments' })).toContainText(
    'Paid so far: $75',
  )
  // Paid, the form is empty again: the code is not left on her screen.
  await expect(gift.getByLabel('Pay with a gift card')).toHaveValue('')
  await shoot(shopper, 'gift-card-paid-customer-page')
  // Her deposit is in: she is booked, and told so once.
  await mailTo(customer.email, /is booked/)

  // The owner puts $25 back on the card: no call to Stripe, and Gia is told.
  await page.goto(orderUrl)
  await waitForHydration(page, { intent: false })
  const line = page
    .getByTestId('card-payments')
    .getByRole('listitem')
    .filter({
      hasText: `$75 with gift card ${ending}`,
    })
  await line.getByText('Refund to the gift card', { exact: true }).first().click()
  await line.getByLabel('Put back on the gift card ($)').fill('25')
  await line.getByRole('button', { name: 'Refund to the gift card' }).click()
  const dialog = page.getByTestId('confirm-dialog')
  await expect(dialog).toContainText(`Put $25 back on gift card ${ending}?`)
  const refundsBefore = fake.received.filter((request) => request.path === '/v1/refunds').length
  await dialog
    .getByRole('button', { name: /^Yes, put it back on the gift card and email Gia/ })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: `Put back on gift card ${ending}` }),
  ).toBeVisible()
  expect(fake.received.filter((request) => request.path === '/v1/refunds')).toHaveLength(
    refundsBefore,
  )
  await shoot(page, 'gift-card-refund-owner', { part: page.getByTestId('card-payments') })
  const refundMail = await mailTo(customer.email, /^A refund for your cakes order/)
  expect(refundMail.text).toContain(`We put $25 back on your gift card ${ending}`)

  // Her page and the owner's list say the same: $25 left on the card, $70 still owed.
  await shopper.reload()
  const payments = shopper.getByRole('region', { name: 'Your payments' })
  await expect(payments).toContainText(`gift card ${ending}−$25`)
  await expect(payments).toContainText('Paid, after refunds: $50')
  await expect(payments).toContainText('$70 to pay')
  await page.goto(`/admin/gift-cards?q=${encodeURIComponent(customer.email)}`)
  const row = page.getByTestId('gift-card-row')
  await expect(row).toContainText('$25 left of $75')
  await expect(row).toContainText(`For ${customer.name}`)
  await expect(row.getByRole('link', { name: /^Refunded back onto it/ })).toHaveAttribute(
    'href',
    new URL(orderUrl).pathname,
  )
  await photograph(row, '49-gift-card-owner', testInfo)
  await shoot(page, 'gift-cards-owner')
  await shopper.close()
})
