import { expect, test } from 'vitest'
import {
  ALERT_QUOTE_MAX,
  alertDate,
  cancelledAlert,
  changeAskedAlert,
  firstName,
  messageAlert,
  newRequestAlert,
  quoteOf,
  reviewAlert,
  starsOf,
} from './alert-words.ts'

const cake = { id: 7, name: '  Priya   Sharma ', productType: 'Cakes', dueDate: '2026-12-12' }

test('a send of several requests is one alert that opens the order list', () => {
  const alert = newRequestAlert(12, [
    cake,
    { id: 8, name: 'Priya Sharma', productType: 'Cupcakes', dueDate: '2026-12-13' },
    { id: 9, name: 'Priya Sharma', productType: 'Cookies', dueDate: '2026-12-14' },
  ])
  expect(alert).toEqual({
    kind: 'new-request',
    event: 'new-request:batch:12',
    title: '3 new requests',
    body: 'Cakes from Priya, Sat, Dec 12, and 2 more',
    url: '/admin/orders',
  })
  expect(newRequestAlert(13, [cake]).url).toBe('/admin/orders/7')
})

test('only a first name travels, at most 40 characters, and a date it cannot read as it is', () => {
  expect(firstName('  Priya   Sharma ')).toBe('Priya')
  expect(firstName('Cher')).toBe('Cher')
  expect(firstName('A'.repeat(60))).toHaveLength(40)
  expect(messageAlert(3, 'Sam Reid').body).toBe('From Sam')
  expect(alertDate('2026-12-01')).toBe('Tue, Dec 1')
  expect(alertDate('soon')).toBe('soon')
})

const priya = { id: 7, name: 'Priya Sharma', productType: 'Cakes', dueDate: '2026-12-12' }

test('a change asked says the new day and time, or her words alone, and opens the order', () => {
  const moved = changeAskedAlert(priya, {
    id: 3,
    newDate: '2026-12-19',
    window: '10:00–12:00',
    details: '  ',
  })
  expect(moved).toMatchObject({
    kind: 'change-or-cancel',
    event: 'change-asked:3',
    title: 'Change asked',
    body: 'Cakes for Priya, Sat, Dec 12: move to Sat, Dec 19, 10:00–12:00',
    url: '/admin/orders/7',
  })
  const words = changeAskedAlert(priya, {
    id: 4,
    newDate: null,
    window: null,
    details: 'No nuts,\n please',
  })
  expect(words.body).toBe('Cakes for Priya, Sat, Dec 12: “No nuts, please”')
})

test('a cancellation says what goes back and how much of it is hers to send', () => {
  const back = (totalCents: number, cardCents: number) =>
    cancelledAlert(priya, { totalCents, cardCents }).body.replace(
      'Cakes for Priya, Sat, Dec 12: ',
      '',
    )
  expect(back(0, 0)).toBe('nothing to refund')
  expect(back(5_000, 5_000)).toBe('$50 refunded by card')
  expect(back(2_250, 0)).toBe('$22.50 for you to send back')
  expect(back(5_250, 5_000)).toBe('$52.50 back: $50 by card, $2.50 for you to send')
  expect(cancelledAlert(priya, { totalCents: 0, cardCents: 0 }).title).toBe('Order cancelled')
})

test('a review says its stars in symbols and words; one star is a star', () => {
  expect(reviewAlert({ id: 1, rating: 1, name: 'Sam Reid' }).body).toBe('★☆☆☆☆ 1 star — From Sam')
  expect(starsOf(5)).toBe('★★★★★')
  expect(quoteOf('x'.repeat(200))).toHaveLength(ALERT_QUOTE_MAX + 2)
  expect(quoteOf('x'.repeat(200)).endsWith('…”')).toBe(true)
})
