import { expect, test } from 'vitest'
import { readDropForm } from './drop-form.ts'

const TODAY = '2026-11-29'

const complete = {
  name: 'Saturday bake',
  description: 'Loaves and buns.',
  pickup_date: '2026-12-05',
  opens_date: '2026-12-02',
  opens_time: '12:00',
  closes_date: '2026-12-04',
  closes_time: '20:00',
  hold_minutes: '15',
  pay_at_pickup: 'on',
  'item.0.name': 'Sourdough loaf',
  'item.0.price': '9',
  'item.0.stock': '24',
  'item.0.limit': '',
  'item.1.name': '',
  'item.1.price': '',
  'item.1.stock': '',
  'item.2.name': 'Cinnamon buns (6)',
  'item.2.price': '18.50',
  'item.2.stock': '10',
  'item.2.limit': '2',
  'window.0.start': '11:00',
  'window.0.end': '12:00',
  'window.0.cap': '',
  'window.1.start': '09:00',
  'window.1.end': '10:30',
  'window.1.cap': '8',
}

const read = (changes: Record<string, string> = {}) =>
  readDropForm(new URLSearchParams({ ...complete, ...changes }), TODAY)

test('a whole form is a drop: empty rows skipped, prices read as written, pickup times in order', () => {
  expect(read()).toEqual({
    ok: true,
    input: {
      name: 'Saturday bake',
      description: 'Loaves and buns.',
      pickupDate: '2026-12-05',
      opens: { date: '2026-12-02', time: '12:00' },
      closes: { date: '2026-12-04', time: '20:00' },
      holdMinutes: 15,
      payAtPickup: true,
      items: [
        {
          id: null,
          row: 0,
          name: 'Sourdough loaf',
          priceCents: 900,
          stock: 24,
          perCustomerLimit: null,
        },
        {
          id: null,
          row: 2,
          name: 'Cinnamon buns (6)',
          priceCents: 1850,
          stock: 10,
          perCustomerLimit: 2,
        },
      ],
      windows: [
        { start: '09:00', end: '10:30', capacity: 8 },
        { start: '11:00', end: '12:00', capacity: null },
      ],
    },
  })
})

test('every problem is named beside its own field', () => {
  const result = read({
    name: '',
    pickup_date: '2026-11-28',
    closes_date: '2026-12-02',
    closes_time: '11:00',
    hold_minutes: '90',
    'item.0.price': '9,999.999',
    'item.2.stock': '-1',
    'item.2.limit': '0',
    'window.0.end': '10:00',
    'window.1.cap': 'many',
  })
  expect(result).toEqual({
    ok: false,
    errors: {
      name: 'Name the drop: “Saturday bake”.',
      pickup_date: 'The pickup day has passed.',
      closes_time: 'It must close after it opens.',
      hold_minutes: 'Hold time must be a whole number from 1 to 60.',
      'item.0.price': expect.stringMatching(/^The price/),
      'item.2.stock': 'Stock must be a whole number from 0 to 10,000.',
      'item.2.limit': 'The limit must be a whole number from 1 to 10,000.',
      'window.0.end': 'It must end after it starts.',
      'window.1.cap': 'The number of orders must be a whole number from 1 to 10,000.',
    },
  })
})

test('a drop needs an item and a pickup time; times must not overlap; it closes by the pickup day', () => {
  const empty = Object.fromEntries(
    Object.keys(complete)
      .filter((key) => key.startsWith('item.') || key.startsWith('window.'))
      .map((key) => [key, '']),
  )
  expect(read({ ...empty, closes_date: '2026-12-06' })).toEqual({
    ok: false,
    errors: {
      closes_date: 'It must close by the pickup day.',
      'item.0.name': 'Add at least one item.',
      'window.0.start': 'Add at least one pickup time.',
    },
  })
  const overlap = read({ 'window.1.start': '11:30', 'window.1.end': '13:00' })
  expect(overlap.ok === false && overlap.errors).toEqual({
    'window.1.start': expect.stringMatching(
      /^It overlaps 11:00\sa\.m\.–12:00\sp\.m\.; pickup times must not\.$/,
    ),
  })
})
