import { expect, test } from 'vitest'
import { paymentRefusal, paymentsFor } from './payment-choices.ts'

const cardOnly = { cardsOn: true, payAtPickup: false, cardMinimumCents: 50 }

test('a card is offered for what Stripe will charge; below it, and without cards, she pays at pickup', () => {
  expect(paymentsFor(cardOnly, 3_600)).toEqual(['card'])
  expect(paymentsFor(cardOnly, 50)).toEqual(['card'])
  expect(paymentsFor(cardOnly, 49)).toEqual(['pickup'])
  expect(paymentsFor({ ...cardOnly, payAtPickup: true }, 3_600)).toEqual(['card', 'pickup'])
  expect(paymentsFor({ ...cardOnly, cardsOn: false }, 3_600)).toEqual(['pickup'])
  // Before a total is known, the card is offered as the site takes cards.
  expect(paymentsFor(cardOnly, null)).toEqual(['card'])
})

test('a way that cannot pay is refused in words that say what to do', () => {
  expect(paymentRefusal(cardOnly, 3_600, 'card', 'This treat')).toBeNull()
  expect(paymentRefusal(cardOnly, 3_600, 'pickup', 'This treat')).toBe(
    'This treat is paid by card when you order.',
  )
  expect(paymentRefusal(cardOnly, 40, 'card', 'This drop')).toBe(
    'Card payments start at $0.50: please choose to pay at pickup.',
  )
  expect(paymentRefusal({ ...cardOnly, cardsOn: false }, 3_600, 'card', 'This drop')).toBe(
    'Card payments are not taken here.',
  )
  expect(paymentRefusal(cardOnly, 3_600, null, 'This drop')).toBe('Choose how you will pay.')
  expect(paymentRefusal(cardOnly, 3_600, 'cash', 'This drop')).toBe('Choose how you will pay.')
})
