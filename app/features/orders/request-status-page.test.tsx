import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import type { RequestStatus } from '#app/db/schema.ts'
import { RequestStatusPage } from './request-status-page.tsx'
import { type RequestStatusView, STATUS_COPY } from './request-status.ts'

const statuses = Object.keys(STATUS_COPY) as RequestStatus[]

function viewWith(overrides: Partial<RequestStatusView> = {}): RequestStatusView {
  return {
    token: 'AbCdEfGhIjKlMnOpQrStUvWx',
    customerName: 'Priya Sharma',
    sentAt: '2026-11-21T15:00:00.000Z',
    sentLabel: 'November 21, 2026',
    requests: statuses.map((status, index) => ({
      id: 100 + index,
      position: index + 1,
      productType: `Treat ${index + 1}`,
      dueDate: '2026-12-12',
      eventTheme: 'Unicorn birthday',
      servings: null,
      allergies: null,
      fulfilment: null,
      comments: null,
      status,
    })),
    acceptedPolicies: 'Deposits: half.\n\nAllergens: a home kitchen.',
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
  // The policies as paragraphs, as the owner wrote them.
  expect(html).toContain('>Deposits: half.</p>')
  expect(html).toContain('>Allergens: a home kitchen.</p>')
})

test('a request’s inspiration photos appear under it, served from its private link', () => {
  const photos = [
    { key: 'p1', requestId: 100, width: 800, height: 600, preview: 'data:image/webp;base64,AAAA' },
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
  expect(html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;, here’s your request')
})
