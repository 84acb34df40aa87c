import { expect, test } from 'vitest'
import { alertDate, firstName, messageAlert, newRequestAlert } from './alert-words.ts'

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
