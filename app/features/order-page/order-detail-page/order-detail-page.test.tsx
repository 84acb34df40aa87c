import { renderToStaticMarkup } from 'react-dom/server'
import {
  RouterProvider,
  createMemoryRouter,
  createRoutesStub,
  useActionData,
  useLoaderData,
} from 'react-router'
import { expect, test, vi } from 'vitest'
import type { RequestStatus } from '#app/db/schema.ts'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import type { OrderIntent } from '#app/features/order-status/owner-intents.ts'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import { OrderDetailPage } from './order-detail-page.tsx'

/** Priya's cake, quoted at $120 with a $60 deposit that is paid, standing at `status`. */
function detailAt(status: RequestStatus): OrderDetail {
  return {
    version: 4,
    state: status,
    depositOverdue: false,
    balanceOverdue: false,
    taxesNow: [],
    request: {
      id: 7,
      batchId: 3,
      status,
      name: 'Priya Sharma',
      email: 'priya@example.com',
      phoneNumber: '416-555-0199',
      productType: 'Cakes',
      eventTheme: 'Unicorn birthday',
      eventThemeLabel: 'Event/Theme',
      dueDate: '2026-12-12',
      hearAboutUs: 'Instagram',
      comments: null,
      servings: null,
      allergies: null,
      fulfilment: null,
      window: null,
      delivery: { street: null, city: null, postalCode: null, notes: null },
      effort: 2,
      declineReason: null,
      paymentReference: 'BB-4821',
      receivedLabel: 'Nov 23, 2026, 3:00 p.m.',
    },
    party: null,
    partyChoices: [],
    ownPriceCents: 12000,
    quote: {
      priceCents: 12000,
      deliveryFeeCents: 0,
      depositCents: 6000,
      depositDue: null,
      balanceDue: '2026-12-05',
      paymentInstructions: 'Interac e-Transfer',
      message: '',
      expiresAt: Date.parse('2026-11-26T20:00:00Z'),
      expiresLabel: 'Nov 26, 2026, 3:00 p.m.',
      acceptedLabel: 'Nov 24, 2026, 3:00 p.m.',
    },
    money: {
      priceCents: 12000,
      deliveryFeeCents: 0,
      depositCents: 6000,
      paidCents: 6000,
      depositWaived: false,
      discount: null,
      taxes: [],
      depositOwed: 0,
      balanceOwed: 6000,
      stillOwed: 6000,
      receivedCents: 6000,
      refundedCents: 0,
    },
    receipt: null,
    card: { refundsOn: false, payments: [], looks: [] },
    pendingChange: null,
    selfCancellation: null,
    photos: [],
    timeline: [],
    emails: [],
    quoteExpiryDays: 3,
    balanceDueDays: 7,
    defaultBalanceDue: '2026-12-05',
  }
}

function render(
  detail: OrderDetail,
  result: OrderActionResult | undefined,
  path = '/admin/orders/7',
) {
  const Stub = createRoutesStub([
    {
      path: '/admin/orders/:id',
      Component: () => <OrderDetailPage detail={detail} result={result} today="2026-11-25" />,
    },
  ])
  return renderToStaticMarkup(<Stub initialEntries={[path]} />)
}

const doneCases: [OrderIntent, RequestStatus, string][] = [
  ['payment', 'confirmed', 'Payment recorded.'],
  ['ready', 'ready', 'Marked ready; the customer is told.'],
  ['complete', 'completed', 'Marked completed.'],
  ['cancel', 'cancelled', 'Request cancelled; the customer is told.'],
]

test.each(doneCases)(
  'after %s the owner reads the answer once, on the page as it now stands',
  (intent, status, message) => {
    const html = render(detailAt(status), { ok: true, intent, message })
    expect(html.split(message)).toHaveLength(2)
  },
)

test('a question from the server is a dialog in the page, whose Yes posts the fields again', () => {
  const html = render(detailAt('new'), {
    ok: false,
    intent: 'decline',
    error: 'Decline Priya’s request? Priya Sharma (priya@example.com) will be emailed your reason.',
    ask: {
      question:
        'Decline Priya’s request? Priya Sharma (priya@example.com) will be emailed your reason.',
      yes: 'Yes, decline and email Priya',
      fields: { reason: 'Fully booked.' },
    },
  })
  // Open without JavaScript, so the question shows and both buttons work as they are; the
  // page's posts open the next page at it.
  expect(html).toMatch(/<dialog id="order-answer" open="" role="alertdialog"/)
  const posts = html.match(/<form[^>]*method="post"[^>]*>/g) ?? []
  expect(posts.length).toBeGreaterThan(1)
  for (const form of posts) expect(form).toMatch(/ action="\/admin\/orders\/\d+#order-answer"/)
  expect(html).toContain('Priya Sharma (priya@example.com) will be emailed your reason.')
  expect(html).toMatch(/<form[^>]*method="dialog"[^>]*><button[^>]*>No, keep it</)
  for (const field of [
    'name="reason" value="Fully booked."',
    'name="version" value="4"',
    'name="confirm" value="yes"',
  ]) {
    expect(html).toContain(field)
  }
  expect(html).toMatch(/<button type="submit" value="decline"[^>]*>Yes, decline and email Priya/)
})

test('an accepted quote with its deposit owed reads so, with payment first and its amount empty', () => {
  const detail = detailAt('quoted')
  const html = render(
    {
      ...detail,
      state: 'accepted',
      depositOverdue: true,
      money: { ...detail.money, paidCents: 0, depositOwed: 6000, balanceOwed: 12000 },
    },
    { ok: true, intent: 'payment', message: 'Payment recorded.' },
  )
  expect(html).toContain('Accepted, awaiting the deposit')
  expect(html).toContain('Deposit overdue')
  expect(html.indexOf('Record a payment')).toBeLessThan(html.indexOf('Send a new quote'))
  expect(html).toContain('Deposit owed: $60')
  expect(html).toMatch(/<input[^>]*name="amount"[^>]*value=""/)
})

test('an order sold at a set price is paid in one: its card says "Full payment" and what is still owed, as her page does', () => {
  const detail = detailAt('quoted')
  const money = {
    ...detail.money,
    priceCents: 4_050,
    depositCents: 4_050,
    paidCents: 0,
    depositOwed: 4_050,
    balanceOwed: 0,
    stillOwed: 4_050,
    receivedCents: 0,
  }
  const html = render({ ...detail, state: 'accepted', money }, undefined)
  expect(html).toContain('Full payment')
  expect(html).toContain('Still owed')
  expect(html).not.toContain('Balance owed')
  expect(html).toContain('Full payment owed: $40.50')
})

test('a delivery’s quote form asks its fee and its money card adds it up; a pickup’s does neither', () => {
  const pickup = detailAt('quoted')
  const delivery: OrderDetail = {
    ...pickup,
    request: { ...pickup.request, fulfilment: 'delivery', window: '14:00-16:00' },
    quote: { ...pickup.quote!, deliveryFeeCents: 1_550 },
    money: { ...pickup.money, deliveryFeeCents: 1_550, balanceOwed: 7_550 },
  }
  const shown = render(delivery, {
    ok: true,
    intent: 'quote',
    message: 'Quote sent to the customer.',
  })
  expect(shown).toMatch(/<label[^>]*for="field-delivery_fee"[^>]*>Delivery fee \(\$\)/)
  expect(shown).toMatch(/name="delivery_fee"[^>]*value="15.50"/)
  expect(shown).toContain('Percent of the total')
  for (const [label, value] of [
    ['Price', '$120'],
    ['Delivery fee', '$15.50'],
    ['Total', '$135.50'],
    ['Balance owed', '$75.50'],
  ]) {
    expect(shown).toMatch(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>\\${value}`))
  }
  const plain = render(pickup, {
    ok: true,
    intent: 'quote',
    message: 'Quote sent to the customer.',
  })
  expect(plain).not.toContain('delivery_fee')
  expect(plain).not.toMatch(/<dt[^>]*>(Delivery fee|Total)</)
  expect(plain).toContain('Percent of the price')
})

test('a quoted request folds its new-quote form to a link that opens it in place', () => {
  const html = render(detailAt('quoted'), undefined)
  expect(html).toContain('Send a new quote')
  expect(html).toContain('A new quote replaces the one sent')
  expect(html).toMatch(
    /<a[^>]*href="\/admin\/orders\/7\?requote#quote-heading"[^>]*>Write a new quote<\/a>/,
  )
  expect(html).not.toMatch(/<input[^>]*name="price"/)

  const opened = render(detailAt('quoted'), undefined, '/admin/orders/7?requote')
  expect(opened).toMatch(/<input[^>]*name="price"[^>]*value="120"/)
  expect(opened).not.toContain('Write a new quote')
})

test('a new quote refused stays open with its reasons; a new request shows its form', () => {
  const refused = render(detailAt('quoted'), {
    ok: false,
    intent: 'quote',
    error: 'Please fix the price.',
    fieldErrors: { price: 'Enter a price, e.g. 120 or 120.50.' },
  })
  expect(refused).toMatch(/<input[^>]*name="price"/)
  expect(refused).toContain('Enter a price, e.g. 120 or 120.50.')
  const fresh = render({ ...detailAt('new'), quote: null }, undefined)
  expect(fresh).toContain('Send a quote')
  expect(fresh).toMatch(/<input[^>]*name="price"/)
})

test('a new quote whose balance would fall due today says so beside the date, not in the error colour', () => {
  const soon = {
    ...detailAt('new'),
    quote: null,
    defaultBalanceDue: '2026-11-25',
    request: { ...detailAt('new').request, dueDate: '2026-11-28' },
  }
  const html = render(soon, undefined)
  expect(html).toContain(
    'Set from Settings: 7 days before the order date. This order is sooner than that, so the balance would be due today, the day the quote goes out',
  )
  // Weeks away: the rule alone.
  const later = render({ ...detailAt('new'), quote: null }, undefined)
  expect(later).toContain(
    'Set from Settings: 7 days before the order date. Change it for this quote if you like.',
  )
  expect(later).not.toContain('would be due today')
})

test('the quote’s deposit is offered in the bakery’s own currency, by name', () => {
  const asQuoted = () => render(detailAt('new'), undefined).replace(/<!-- -->/g, '')
  expect(asQuoted()).toMatch(/value="amount"[^>]*\/>In Canadian dollars<\/label>/)
  const inEuros = runWithLocalSettings(
    { timeZone: 'Europe/Dublin', currency: 'EUR', locale: 'en-IE' },
    asQuoted,
  )
  expect(inEuros).toMatch(/value="amount"[^>]*\/>In euros<\/label>/)
  expect(inEuros).not.toContain('dollars')
})

test('a quote’s answer waits for the page it belongs to, the button saying it is sending till then', async () => {
  // The server has answered the post; the page as it now stands is still on its way.
  const router = createMemoryRouter(
    [
      {
        path: '/admin/orders/:id',
        loader: () => new Promise<never>(() => {}),
        action: () => ({ ok: true, intent: 'quote', message: 'Quote sent to the customer.' }),
        Component: () => (
          <OrderDetailPage
            detail={(useLoaderData() as { detail: OrderDetail }).detail}
            result={useActionData() as OrderActionResult | undefined}
            today="2026-11-25"
          />
        ),
      },
    ],
    {
      initialEntries: ['/admin/orders/7'],
      hydrationData: { loaderData: { 0: { detail: detailAt('new') } } },
    },
  )
  const form = new FormData()
  form.set('intent', 'quote')
  void router.navigate('/admin/orders/7', { formMethod: 'post', formData: form })
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('loading'))
  const html = renderToStaticMarkup(<RouterProvider router={router} />)
  expect(html).not.toContain('Quote sent to the customer.')
  expect(html).toContain('Sending…')
  router.dispose()
})

test('the quote form says what tax a quote sent now adds to its price, as the customer will pay it', () => {
  const taxed = { ...detailAt('new'), quote: null, taxesNow: [{ name: 'HST', ppm: 130_000 }] }
  // Her price of $120 with 13% HST: $135.60.
  expect(render(taxed, undefined)).toContain(
    'With HST 13% the customer pays $135.60, before any delivery fee or code.',
  )
  const untaxed = render({ ...detailAt('new'), quote: null }, undefined)
  expect(untaxed).not.toContain('quote-tax-note')
})
