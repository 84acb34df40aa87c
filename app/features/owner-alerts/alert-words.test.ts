import { expect, test } from 'vitest'
import {
  ALERT_QUOTE_MAX,
  alertDate,
  cancelledAlert,
  changeAskedAlert,
  firstName,
  messageAlert,
  depositOverdueAlert,
  newRequestAlert,
  paymentAlert,
  quoteAnswerAlert,
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

test('an alert about a party names every treat, in the send order, on its lead’s day', () => {
  // Priya's cake is on Saturday, her cupcakes and cake pops on Sunday.
  const two = { ...priya, productType: 'Cake', party: ['Cake', 'Cupcakes'] }
  const three = { ...two, party: ['Cake', 'Cupcakes', 'Cake Pops'] }
  expect(quoteAnswerAlert(two, 'accept', 4)).toEqual({
    kind: 'quote-answer',
    event: 'quote-answer:4',
    title: 'Quote accepted',
    body: 'Cake and Cupcakes for Priya, Sat, Dec 12',
    url: '/admin/orders/7',
  })
  expect(quoteAnswerAlert(three, 'decline', 5).body).toBe(
    'Cake, Cupcakes and Cake Pops for Priya, Sat, Dec 12',
  )
  expect(cancelledAlert(three, { totalCents: 0, cardCents: 0 }).body).toBe(
    'Cake, Cupcakes and Cake Pops for Priya, Sat, Dec 12: nothing to refund',
  )
  expect(paymentAlert(two, { amountCents: 5_000, kind: 'deposit', reference: 'cs_1' }).body).toBe(
    '$50 deposit by card: Cake and Cupcakes for Priya, Sat, Dec 12',
  )
  expect(depositOverdueAlert(two, '2026-12-01').body).toBe(
    'Cake and Cupcakes for Priya, Sat, Dec 12: the deposit was due Tue, Dec 1',
  )
  expect(
    changeAskedAlert(three, { id: 6, newDate: null, window: null, details: 'No nuts' }).body,
  ).toBe('Cake, Cupcakes and Cake Pops for Priya, Sat, Dec 12: “No nuts”')
})

test('a big party keeps its alert short: two treats named and the rest counted', () => {
  const four = { ...priya, party: ['Cakes', 'Cupcakes', 'Cake Pops', 'Cookies'] }
  expect(quoteAnswerAlert(four, 'accept', 1).body).toBe(
    'Cakes, Cupcakes and 2 more for Priya, Sat, Dec 12',
  )
  const twenty = { ...priya, party: Array.from({ length: 20 }, (_, index) => `Treat ${index + 1}`) }
  expect(cancelledAlert(twenty, { totalCents: 0, cardCents: 0 }).body).toBe(
    'Treat 1, Treat 2 and 18 more for Priya, Sat, Dec 12: nothing to refund',
  )
})

test('a request on its own, or a party of one, is named by its own treat as before', () => {
  const alone = cancelledAlert(priya, { totalCents: 0, cardCents: 0 })
  expect(alone.body).toBe('Cakes for Priya, Sat, Dec 12: nothing to refund')
  expect(cancelledAlert({ ...priya, party: ['Cakes'] }, { totalCents: 0, cardCents: 0 })).toEqual(
    alone,
  )
  expect(quoteAnswerAlert(priya, 'accept', 2).body).toBe('Cakes for Priya, Sat, Dec 12')
})
