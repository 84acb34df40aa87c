import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { RequestStatus } from '#app/db/schema.ts'
import { RequestStatusPage } from './request-status-page.tsx'
import { type CustomerQuote, type RequestStatusView, STATUS_COPY } from './request-status.ts'

const statuses = Object.keys(STATUS_COPY) as RequestStatus[]

function viewWith(overrides: Partial<RequestStatusView> = {}): RequestStatusView {
  return {
    token: 'AbCdEfGhIjKlMnOpQrStUvWx',
    customerName: 'Priya Sharma',
    sentAt: '2026-11-21T15:00:00.000Z',
    sentLabel: 'November 21, 2026',
    requests: statuses.map((status, index) => ({
      position: index + 1,
      productType: `Treat ${index + 1}`,
      dueDate: '2026-12-12',
      eventTheme: 'Unicorn birthday',
      eventThemeLabel: 'Event/Theme',
      servings: null,
      allergies: null,
      fulfilment: null,
      window: null,
      deliveryAddress: null,
      pickupAddress: null,
      comments: null,
      status,
    })),
    acceptedPoliciesHtml: '<h2>Deposits</h2>\n<p>Half, <strong>always</strong>.</p>',
    photos: [],
    ...overrides,
  }
}

const render = (view: RequestStatusView) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RequestStatusPage view={view} />
    </MemoryRouter>,
  )

test('every status shows its plain label and what it means', () => {
  const html = render(viewWith())
  expect(statuses).toEqual([
    'new',
    'quoted',
    'confirmed',
    'ready',
    'completed',
    'declined',
    'cancelled',
    'expired',
  ])
  for (const status of statuses) {
    const copy = STATUS_COPY[status]
    const escaped = (text: string) => text.replace(/&/g, '&amp;')
    expect(html).toContain(`<span class="sr-only">Status: </span>${escaped(copy.label)}</p>`)
    expect(html).toContain(escaped(copy.explanation))
  }
  expect(html).toContain('Saturday, December 12, 2026')
  // The policies as rendered when the owner saved them: her headings and emphasis, not her ##.
  expect(html).toContain(
    '<div class="card markdown-page mt-4 p-6 sm:p-7"><h2>Deposits</h2>\n<p>Half, <strong>always</strong>.</p></div>',
  )
})

test('what happens next is told while a request waits for its first reply, and not after', () => {
  const withStatuses = (...list: RequestStatus[]) =>
    viewWith({ requests: viewWith().requests.filter((request) => list.includes(request.status)) })
  expect(render(withStatuses('new', 'completed'))).toContain('What happens next')
  expect(render(withStatuses('new', 'completed'))).toContain('We read every order ourselves')
  for (const status of statuses.filter((status) => status !== 'new')) {
    expect(render(withStatuses(status)), status).not.toContain('What happens next')
  }
})

test('a request’s inspiration photos appear under it, served from its private link', () => {
  const photos = [
    {
      key: 'p1',
      requestPosition: 1,
      width: 800,
      height: 600,
      preview: 'data:image/webp;base64,AAAA',
    },
  ]
  const html = render(viewWith({ photos }))
  expect(html.match(/<img /g)).toHaveLength(1)
  expect(html).toContain('src="/requests/AbCdEfGhIjKlMnOpQrStUvWx/photos/p1"')
  expect(html).toContain('width="800" height="600"')
  // Under the first request, before the second one's card.
  expect(html.indexOf('photos/p1')).toBeLessThan(html.indexOf('Treat 2'))
  expect(render(viewWith())).not.toContain('<img ')
})

test('what the customer typed is shown as text, never as markup', () => {
  const html = render(
    viewWith({
      customerName: '<b>Eve</b>',
      requests: [
        {
          ...viewWith().requests[0]!,
          productType: '<script>alert(1)</script>',
          comments: '<img src=x onerror=alert(1)>',
        },
      ],
    }),
  )
  expect(html).not.toContain('<script>alert')
  expect(html).not.toContain('<img src=x')
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  expect(html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;, here’s your order')
})

/** The page inside a data router, as the site serves it: its forms need one. */
function renderWithRouter(
  view: RequestStatusView,
  props: Omit<Parameters<typeof RequestStatusPage>[0], 'view'>,
) {
  const Stub = createRoutesStub([
    { path: '/requests/:token', Component: () => <RequestStatusPage view={view} {...props} /> },
  ])
  return renderToStaticMarkup(<Stub initialEntries={[`/requests/${view.token}`]} />)
}

const quotedView = () =>
  viewWith({
    requests: [{ ...viewWith().requests[1]!, position: 3, status: 'quoted', productType: 'Cakes' }],
  })

const quote: CustomerQuote = {
  number: 2,
  price: '$120',
  deposit: '$60',
  depositLabel: 'Deposit',
  depositDue: 'Tuesday, December 1, 2026',
  paymentInstructions:
    'Interac e-Transfer to hello@butterandbloom.ca\nor pay here: https://pay.example/bb?x=1.\njavascript:alert(1)',
  message: 'Two tiers, <b>lemon</b> and raspberry.',
  expiresAt: '2026-11-26T20:00:00.000Z',
  expiresLabel: 'Thursday, November 26, 2026 at 3:00 p.m.',
  expired: false,
  accepted: false,
}

test('a quote waiting for an answer shows its money, how to pay, its expiry and both answers', () => {
  const html = renderWithRouter(quotedView(), {
    book: { 3: { quote, owed: null, declinedByCustomer: false } },
  })
  expect(html).toContain('$120')
  expect(html).toContain('Deposit due by')
  expect(html).toContain('Tuesday, December 1, 2026')
  expect(html).toContain('Thursday, November 26, 2026 at 3:00 p.m.')
  // When the date is held, in the same words as the quote email.
  expect(html).toContain(
    'Your date is held for you until <time dateTime="2026-11-26T20:00:00.000Z" class="font-bold">Thursday, November 26, 2026 at 3:00 p.m.</time> After that the quote expires and the date may go to someone else.',
  )
  expect(html).toContain('Your date is held for you until the quote expires')
  // The owner's words as text, never markup; only the web address is a link.
  expect(html).toContain('Two tiers, &lt;b&gt;lemon&lt;/b&gt; and raspberry.')
  expect(html).toContain(
    '<a href="https://pay.example/bb?x=1" class="text-link break-all" rel="noopener noreferrer" target="_blank">https://pay.example/bb?x=1</a>',
  )
  expect(html).not.toContain('href="javascript')
  expect(html.match(/method="post"/g)).toHaveLength(2)
  expect(html).toMatch(/<button type="submit" value="accept"[^>]*name="intent">Accept quote</)
  expect(html).toMatch(/<button type="submit" value="decline"[^>]*name="intent">Yes, decline/)
  expect(html).toContain('<summary class="button-secondary')
  // The answer names the request by its place in the send and the quote it
  // answers; no database id, which would tell how many orders the bakery takes.
  expect(html.match(/name="request" value="3"/g)).toHaveLength(2)
  expect(html.match(/name="quote" value="2"/g)).toHaveLength(2)
  expect(html).toContain('Are you sure?')
})

test('after an answer the page says where the request stands', () => {
  const accepted = renderWithRouter(quotedView(), {
    book: {
      3: {
        quote: { ...quote, accepted: true },
        owed: { deposit: '$60', depositLabel: 'Deposit', balance: '$120' },
        declinedByCustomer: false,
      },
    },
    answer: { ok: true, position: 3, outcome: 'accepted' },
  })
  expect(accepted).toContain('Quote accepted — we’ll confirm once your deposit arrives')
  expect(accepted).toContain('Deposit still to pay')
  expect(accepted).not.toContain('value="accept"')

  const refused = renderWithRouter(quotedView(), {
    book: { 3: { quote: { ...quote, expired: true }, owed: null, declinedByCustomer: false } },
    answer: { ok: false, position: 3, error: 'This quote has expired.' },
  })
  expect(refused).toContain('This quote expired on')
  expect(refused).toContain('This quote has expired.')
  expect(refused).not.toContain('value="accept"')
})

test('a booked request shows her payment reference and each payment with its date and what is left', () => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <RequestStatusPage
        view={viewWith()}
        book={{
          3: {
            quote: null,
            owed: { deposit: null, depositLabel: 'Deposit', balance: '$80' },
            declinedByCustomer: false,
            schedule: {
              reference: 'BB-4821',
              paid: '$40',
              lines: [
                {
                  label: 'Deposit',
                  amount: '$40',
                  due: 'Tuesday, December 1, 2026',
                  state: 'paid',
                  owed: null,
                },
                {
                  label: 'Balance',
                  amount: '$80',
                  due: 'Saturday, December 5, 2026',
                  state: 'overdue',
                  owed: '$80',
                },
              ],
            },
          },
        }}
      />
    </MemoryRouter>,
  )
  expect(html).toContain('Your payments')
  expect(html).toContain('>BB-4821</strong>')
  expect(html).toContain('Put it in the e-Transfer message, so we know the payment is yours.')
  expect(html).toContain('Deposit · $40')
  expect(html).toContain('Due Tuesday, December 1, 2026')
  expect(html).toContain('>Paid</span>')
  expect(html).toContain('Balance · $80')
  expect(html).toContain('Due Saturday, December 5, 2026')
  expect(html).toContain('>Overdue: $80</span>')
  expect(html).toContain('Paid so far:</span> $40')
})

/** The text of the page in reading order, without markup. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

test('what waits on her comes first, before the details, each in its card with its form and id', () => {
  const view = viewWith({
    requests: [
      { ...viewWith().requests[1]!, position: 1, status: 'quoted', productType: 'Cakes' },
      { ...viewWith().requests[2]!, position: 2, status: 'confirmed', productType: 'Cupcakes' },
    ],
  })
  const html = renderWithRouter(view, {
    book: {
      1: { quote, owed: null, declinedByCustomer: false },
      2: {
        quote: null,
        owed: { deposit: null, depositLabel: 'Deposit', balance: '$45' },
        declinedByCustomer: false,
        card: { kind: 'balance', amountCents: 4500, amount: '$45', inFull: false },
      },
    },
    proofs: { 2: <section id="proof-2">Your design proof</section> },
    proofsWaiting: [2],
  })
  const text = textOf(html)
  const waiting = text.indexOf('Waiting on you')
  expect(waiting).toBeGreaterThan(-1)
  // Each thing to do, in the order of her requests, before any request's details.
  const order = [
    'Accept or decline your quote',
    'Accept quote',
    'Pay your balance',
    'Pay the balance: $45',
    'Approve your design, or ask for a change',
    'Your design proof',
    'Event/Theme',
  ].map((words) => text.indexOf(words, waiting))
  expect(order.every((at) => at > waiting)).toBe(true)
  expect(order).toEqual([...order].sort((a, b) => a - b))
  // Stable ids the emails link to, each on its card, each form once on the page.
  expect(html).toContain('id="waiting-quote-1"')
  expect(html).toContain('id="waiting-payment-2"')
  expect(html).toContain('id="waiting-proof-2"')
  expect(html.match(/value="accept"/g)).toHaveLength(1)
  expect(html.match(/Pay the balance: \$45/g)).toHaveLength(1)
  expect(html.match(/id="proof-2"/g)).toHaveLength(1)
  // The request's own card points up to them.
  expect(html).toContain('href="#waiting-quote-1"')
})

test('with nothing waiting on her, the page has no empty card', () => {
  const html = renderWithRouter(viewWith(), {
    book: {
      3: {
        quote: null,
        owed: { deposit: null, depositLabel: 'Deposit', balance: null },
        declinedByCustomer: false,
      },
    },
    proofs: { 4: <section id="proof">Your approved design</section> },
  })
  expect(html).not.toContain('Waiting on you')
  expect(html).not.toContain('data-testid="waiting"')
  expect(html).not.toContain('id="waiting-')
  expect(html).toContain('Your approved design')
})
