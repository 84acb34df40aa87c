import { expect, test } from 'vitest'
import { formatClockRange } from '#app/utils/clock-times.ts'
import { type DropRules, type Taken, checkBasket, leftOf } from './drop-stock.ts'

// A Saturday of pies and loaves: three pies share a stock of 5 ("any 5 pies").
const rules: DropRules = {
  sections: [{ id: 1, name: 'Pies', stock: 5 }],
  items: [
    { id: 10, name: 'Apple pie', stock: 4, sectionId: 1, perCustomerLimit: null },
    { id: 11, name: 'Cherry pie', stock: 4, sectionId: 1, perCustomerLimit: null },
    { id: 12, name: 'Sourdough loaf', stock: 10, sectionId: null, perCustomerLimit: 2 },
  ],
  windows: [
    { window: '10:00-11:00', capacity: 2 },
    { window: '11:00-12:00', capacity: null },
  ],
}

const taken = (items: [number, number][] = [], windows: [string, number][] = []): Taken => ({
  items: new Map(items),
  windows: new Map(windows),
})

const basket = (quantities: [number, number][], window = '11:00-12:00') => ({
  quantities: new Map(quantities),
  window,
})

test('an item has the smaller of its own stock and its section’s left', () => {
  expect(leftOf(rules, taken([[10, 3]])).items).toEqual([
    { id: 10, left: 1 },
    { id: 11, left: 2 },
    { id: 12, left: 10 },
  ])
  expect(
    leftOf(
      rules,
      taken([
        [10, 2],
        [11, 3],
      ]),
    ).items.slice(0, 2),
  ).toEqual([
    { id: 10, left: 0 },
    { id: 11, left: 0 },
  ])
})

test('a section says what its shared stock has left', () => {
  expect(
    leftOf(
      rules,
      taken([
        [10, 2],
        [11, 1],
        [12, 9],
      ]),
    ).sections,
  ).toEqual([{ id: 1, left: 2 }])
})

test('a window counts holds against its cap; a window without a cap has no count', () => {
  expect(leftOf(rules, taken([], [['10:00-11:00', 1]])).windows).toEqual([
    { window: '10:00-11:00', left: 1 },
    { window: '11:00-12:00', left: null },
  ])
})

test('what is taken beyond the stock (the owner lowered it) leaves 0, never less', () => {
  expect(leftOf(rules, taken([[12, 14]])).items[2]).toEqual({ id: 12, left: 0 })
})

test('a basket that fits is taken', () => {
  expect(
    checkBasket(
      rules,
      taken(),
      basket([
        [10, 2],
        [11, 3],
        [12, 2],
      ]),
    ),
  ).toEqual({ ok: true })
})

test('every problem is named at once, each with what is left', () => {
  const check = checkBasket(
    rules,
    taken(
      [
        [10, 4],
        [11, 0],
        [12, 9],
      ],
      [['10:00-11:00', 2]],
    ),
    basket(
      [
        [10, 1],
        [11, 2],
        [12, 3],
      ],
      '10:00-11:00',
    ),
  )
  expect(check).toEqual({
    ok: false,
    problems: [
      'Apple pie is sold out.',
      'Cherry pie: only 1 left.',
      'Sourdough loaf: only 1 left.',
      'Sourdough loaf: at most 2 per customer.',
      `The ${formatClockRange('10:00', '11:00')} pickup is full.`,
    ],
  })
})

test('items of a section together cannot take more than the section has left', () => {
  expect(
    checkBasket(
      rules,
      taken([[10, 1]]),
      basket([
        [10, 2],
        [11, 3],
      ]),
    ),
  ).toEqual({
    ok: false,
    problems: ['Pies: only 4 left between them.'],
  })
})

test('her own earlier holds count against a per-customer limit', () => {
  expect(checkBasket(rules, taken(), basket([[12, 1]]), new Map([[12, 2]]))).toEqual({
    ok: false,
    problems: ['Sourdough loaf: at most 2 per customer, and you have 2 already.'],
  })
})

test('an empty basket, an item of another drop and a window that is not offered are refused', () => {
  expect(checkBasket(rules, taken(), basket([[99, 1]], '09:00-10:00'))).toEqual({
    ok: false,
    problems: ['One of the items chosen is not in this drop.', 'Choose a pickup time.'],
  })
  expect(checkBasket(rules, taken(), basket([[10, 0]]))).toEqual({
    ok: false,
    problems: ['Choose at least one item.'],
  })
})
