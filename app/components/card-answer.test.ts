import { expect, test } from 'vitest'
import { answerFor, cardAction, cardAnswerId } from './card-answer.ts'

const saved = { ok: true, intent: 'save-balance-due', message: 'Saved.' }

test('an answer belongs to the card whose forms post its intent, and to no other', () => {
  expect(answerFor(saved, { intents: ['save-balance-due'] })).toBe(saved)
  expect(answerFor(saved, { intents: ['save-proof-rounds', 'save-change-policy'] })).toBeUndefined()
})

test('a page with nothing posted, or an answer naming no form, answers in no card', () => {
  for (const posted of [undefined, null, 'Saved.', { ok: false, error: 'Not understood.' }]) {
    expect(answerFor(posted, { intents: ['save-balance-due'] })).toBeUndefined()
  }
  expect(answerFor({ ok: false, intent: 7, error: 'x' }, { intents: ['7'] })).toBeUndefined()
})

test('of several cards of one kind, only the one the answer names gets it', () => {
  const deactivated = { ok: true, intent: 'deactivate', id: 3 }
  const card = (id: number) => ({ intents: ['move', 'deactivate'], subject: { id } })
  expect(answerFor(deactivated, card(3))).toBe(deactivated)
  expect(answerFor(deactivated, card(4))).toBeUndefined()
  // An answer that does not say which product is for none of them.
  expect(answerFor({ ok: true, intent: 'deactivate' }, card(3))).toBeUndefined()
})

test('a page whose answers name their form by section is asked by section', () => {
  const identity = { section: 'identity', status: 'refused', error: 'Check the name.' }
  expect(answerFor(identity, { intents: ['identity'], by: 'section' })).toBe(identity)
  expect(answerFor(identity, { intents: ['words'], by: 'section' })).toBeUndefined()
  expect(answerFor(identity, { intents: ['identity'] })).toBeUndefined()
})

test('a card’s forms post to its answer, keeping what the page needs open', () => {
  expect(cardAnswerId('payments')).toBe('payments-answer')
  expect(cardAction('payments')).toBe('#payments-answer')
  expect(cardAction('product-3', '?edit=3')).toBe('?edit=3#product-3-answer')
})
