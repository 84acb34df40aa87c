import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { TodayPage } from './today-page.tsx'
import type { BalanceDue, TodayPage as TodayData } from './today.server.ts'

const empty = { items: [], total: 0 }

function balance(id: number): BalanceDue {
  return {
    id,
    name: `Customer ${id}`,
    productType: 'Cakes',
    dueDate: '2026-12-12',
    owedCents: 7_500,
    balanceDue: '2026-12-05',
    overdue: false,
  }
}

function render(data: TodayData) {
  const Stub = createRoutesStub([
    { path: '/admin', Component: () => <TodayPage data={data} messages={[]} /> },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/admin']} />)
}

test('“See all” under Balances due opens the list filtered to the balances it counted', () => {
  const html = render({
    today: '2026-12-05',
    days: [],
    waiting: empty,
    awaitingAnswer: empty,
    deposits: empty,
    balances: { items: Array.from({ length: 10 }, (_, index) => balance(index + 1)), total: 12 },
  })
  expect(html).toMatch(
    /<a class="text-link inline-block py-3" href="\/admin\/orders\?balance=due&amp;sort=due"[^>]*>See all 12 in Orders<\/a>/,
  )
})
