import { expect, test } from 'vitest'
import { partyName } from './party-name.ts'

test('a party reads as one order, in the order it was sent', () => {
  expect(partyName(['Cakes'])).toBe('Cakes')
  expect(partyName(['Cakes', 'Cupcakes'])).toBe('Cakes and Cupcakes')
  expect(partyName(['Cakes', 'Cupcakes', 'Cake Pops'])).toBe('Cakes, Cupcakes and Cake Pops')
})

test('a treat chosen twice is named once, with how many', () => {
  expect(partyName(['Cakes', 'Cakes'])).toBe('2 Cakes')
  expect(partyName(['Cakes', 'Cupcakes', ' Cakes '])).toBe('2 Cakes and Cupcakes')
  expect(partyName(['', ' '])).toBe('')
})

test('a treat whose name has a comma stays whole in a list', () => {
  expect(partyName(['Cake', 'Cupcakes, a dozen'])).toBe('Cake and Cupcakes, a dozen')
  expect(partyName(['Cake', 'Cupcakes, a dozen', 'Cookies'])).toBe(
    'Cake; Cupcakes, a dozen; and Cookies',
  )
})
