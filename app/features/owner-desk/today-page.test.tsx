import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { TodayPage } from './today-page.tsx'
import type { CustomerAsk } from './today-waiting.server.ts'
import type { BalanceDue, TodayPage as TodayData } from './today.server.ts'

const empty = { items: [], total: 0 }

/** A day with nothing waiting on any list. */
const nothing: TodayData = {
  today: '2026-12-05',
  days: [],
  approvedProofs: {},
  cardLooks: empty,
  waiting: empty,
  asks: empty,
  proofChanges: empty,
  awaitingAnswer: empty,
  deposits: { ...empty, overdue: 0 },
  balances: { ...empty, overdue: 0 },
  reviews: empty,
  messages: empty,
  full: null,
  againThisYear: [],
}

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
  const Stub = createRoutesStub([{ path: '/admin', Component: () => <TodayPage data={data} /> }])
  return renderToStaticMarkup(<Stub initialEntries={['/admin']} />)
}

test('“See all” under Balances due opens the list filtered to the balances it counted', () => {
  const html = render({
    ...nothing,
    balances: {
      items: Array.from({ length: 10 }, (_, index) => balance(index + 1)),
      total: 12,
      overdue: 0,
    },
  })
  expect(html).toMatch(
    /<a class="text-link inline-block py-3" href="\/admin\/orders\?balance=due&amp;sort=due"[^>]*>See all 12 in Orders<\/a>/,
  )
})

function ask(id: number): CustomerAsk {
  return {
    askId: id,
    id,
    name: `Customer ${id}`,
    productType: 'Cakes',
    dueDate: '2026-12-12',
    kind: 'change',
    newDate: '2026-12-13',
    newWindow: '10:00-12:00',
    owedBackCents: 0,
    askedOn: '2026-12-01',
  }
}

test('every list says its count in its heading and links to where she acts on each', () => {
  const html = render({
    ...nothing,
    asks: {
      items: [
        ask(1),
        { ...ask(2), kind: 'cancel', newDate: null, newWindow: null, owedBackCents: 3_000 },
      ],
      total: 2,
    },
    proofChanges: {
      items: [{ ...balance(3), round: 2, answeredOn: '2026-12-02' }],
      total: 1,
    },
    deposits: { ...empty, total: 3, overdue: 1 },
    reviews: {
      items: [{ id: 7, rating: 4, displayName: 'Ed', writtenOn: 'Dec 1, 2026' }],
      total: 1,
    },
    messages: { items: [{ id: 9, name: 'Hana', receivedOn: '2026-12-04' }], total: 1 },
  })
  const heading = (id: string) => new RegExp(`<h2 id="${id}"[^>]*>(.*?)</h2>`).exec(html)?.[1]
  expect(heading('changes-heading')).toContain(
    'Changes and cancellations <span class="today-count">2</span>',
  )
  expect(heading('proof-answers-heading')).toContain('<span class="today-count">1</span>')
  expect(heading('deposits-heading')).toMatch(/<span class="today-count">3<\/span>.*1 overdue/)
  expect(heading('reviews-heading')).toContain('Reviews to approve')
  expect(heading('messages-heading')).toContain('<span class="today-count">1</span>')
  // Each item opens where she answers it.
  expect(html).toContain('href="/admin/orders/1#change-heading"')
  expect(html).toContain(
    'asked Dec 1 to move it to Sunday, December 13, 2026, 10:00\u00a0a.m.–12:00\u00a0p.m.',
  )
  expect(html).toContain('href="/admin/orders/2#money-heading"')
  expect(html).toContain('cancelled Dec 1 · $30 to send back')
  expect(html).toContain('href="/admin/orders/3#proofs-heading"')
  expect(html).toContain('changes asked to proof 2 on Dec 2')
  expect(html).toContain('href="/admin/reviews#review-7"')
  expect(html).toContain('4 out of 5 stars from Ed')
  expect(html).toContain('Changes (2)')
  expect(html).toContain('Deposits due (3, 1 overdue)')
})

test('a list only Today holds links to itself whole, and once whole says what is left beyond it', () => {
  const items = Array.from({ length: 10 }, (_, index) => ask(index + 1))
  const glance = render({ ...nothing, asks: { items, total: 12 } })
  expect(glance).toMatch(
    /<a class="text-link inline-block py-3" href="\/admin\?all=changes#changes-heading"[^>]*>See all 12 \(2 more\)<\/a>/,
  )
  const whole = render({
    ...nothing,
    asks: { items: Array.from({ length: 50 }, (_, index) => ask(index + 1)), total: 53 },
    full: 'changes',
  })
  expect(whole).toContain('3 more after these')
  expect(whole).not.toContain('all=changes')
})

test('“Again this year?” shows only when a customer’s day comes round, each with its email ready', () => {
  expect(render(nothing)).not.toContain('Again this year?')
  const html = render({
    ...nothing,
    againThisYear: [
      {
        requestId: 7,
        name: 'Priya Sharma',
        lastYear: 'Cakes for Unicorn birthday on Friday, December 12, 2025',
        emailHref: 'mailto:priya@example.com?subject=Again',
      },
    ],
  })
  expect(html).toContain('Again this year? <span class="today-count">1</span>')
  expect(html).toContain('Last year: Cakes for Unicorn birthday on Friday, December 12, 2025')
  expect(html).toMatch(
    /<a href="mailto:priya@example.com\?subject=Again" class="button-secondary">Write to them<span class="sr-only"> \(Priya Sharma\)<\/span><\/a>/,
  )
})
