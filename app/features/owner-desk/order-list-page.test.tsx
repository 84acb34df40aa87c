import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { DISPLAY_STATES } from '#app/features/order-status/display-state.ts'
import { OrderList } from './order-list-page.tsx'
import type { OrderFilters, OrderRow } from './order-list.ts'

const filters: OrderFilters = { status: null, from: null, to: null, q: '', sort: 'newest', page: 1 }
const counts = Object.fromEntries(DISPLAY_STATES.map((state) => [state, 0])) as NonNullable<
  Parameters<typeof OrderList>[0]['counts']
>

function row(id: number): OrderRow {
  return {
    id,
    productType: 'Cakes',
    eventTheme: 'Unicorn birthday',
    eventThemeLabel: 'Event/Theme',
    name: `Customer ${id}`,
    email: `customer${id}@example.com`,
    dueDate: '2026-12-12',
    status: 'new',
    paymentReference: `BB-${1000 + id}`,
    state: 'new',
    depositOverdue: false,
    effort: 2,
    fulfilment: 'pickup',
    window: null,
    receivedAt: '2026-11-20T15:00:00.000Z',
    money: null,
  }
}

function render(props: Partial<Parameters<typeof OrderList>[0]>) {
  const Stub = createRoutesStub([
    {
      path: '/admin/orders',
      Component: () => (
        <OrderList
          filters={filters}
          rows={[row(1)]}
          counts={{ ...counts, new: 1_204 }}
          total={1_204}
          problems={[]}
          matching={1_204}
          hasMore={false}
          {...props}
        />
      ),
    },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/admin/orders']} />)
}

test('a page of the list says which rows it shows and links to the pages beside it, keeping the filters', () => {
  const rows = Array.from({ length: 50 }, (_, index) => row(100 - index))
  const second = render({ filters: { ...filters, status: 'new', page: 2 }, rows, hasMore: true })
  expect(second).toContain('51–100 of 1,204 order requests.')
  expect(second).toContain('rel="prev" href="/admin/orders?status=new"')
  expect(second).toContain('rel="next" href="/admin/orders?status=new&amp;page=3"')
  expect(second).toContain('New <span class="font-bold">1,204</span>')
  // The chips start a filter from its first page.
  expect(second).toContain('href="/admin/orders?status=quoted"')
  expect(second).not.toMatch(/href="\/admin\/orders\?status=[a-z]+&amp;page=2"/)

  const only = render({ rows: [row(1)], matching: 1, hasMore: false })
  expect(only).toContain('1 order request.')
  expect(only).not.toContain('Pages of order requests')
})

test('a search that finds more than it counts says "more than", and its chips still filter', () => {
  const rows = Array.from({ length: 50 }, (_, index) => row(900 - index))
  const html = render({
    filters: { ...filters, q: 'gmail' },
    rows,
    counts: null,
    total: null,
    matching: null,
    hasMore: true,
  })
  expect(html).toContain(
    '1–50 of more than 200 order requests: type more of the name or email to narrow them.',
  )
  expect(html).toContain('All <span class="font-bold">200+</span>')
  // No number on a chip rather than a wrong one; each still narrows the search.
  expect(html).toMatch(/href="\/admin\/orders\?status=new&amp;q=gmail"[^>]*>New<\/a>/)
  expect(html).toContain('rel="next" href="/admin/orders?q=gmail&amp;page=2"')
})

test('a page past the end says so rather than showing an empty book', () => {
  const past = render({ filters: { ...filters, page: 40 }, rows: [], hasMore: false })
  expect(past).toContain('No order requests on this page: the list ends before it.')
  expect(past).toContain('rel="prev"')
})

test('a card shows the handover window beside the date', () => {
  const html = render({
    rows: [{ ...row(1), fulfilment: 'delivery', window: '14:00-16:00' }, row(2)],
    matching: 2,
  })
  expect(html).toMatch(
    /Saturday, December 12, 2026 · Delivery<span[^>]*> 2:00\u00a0p.m.–4:00\u00a0p.m.<\/span>/,
  )
  // A request on a day without windows shows none.
  expect(html.match(/data-testid="card-window"/g)).toHaveLength(1)
})

test('the balances filter says what it shows, keeps itself in the search, and can be taken off', () => {
  const html = render({ filters: { ...filters, balance: true }, matching: 1 })
  expect(html).toContain('Balances due</span>: overdue or due within 3 days.')
  expect(html).toContain('<input type="hidden" name="balance" value="due"/>')
  expect(html).toMatch(/href="\/admin\/orders"[^>]*>Show every request<\/a>/)
  expect(html).toContain('href="/admin/orders?balance=due&amp;status=new"')
})

test('a payment reference no request has says so, written as the book writes it', () => {
  const html = render({
    filters: { ...filters, q: 'bb 0000' },
    rows: [],
    counts,
    total: 0,
    matching: 0,
  })
  expect(html).toContain('No order request has the payment reference BB-0000.')
})
