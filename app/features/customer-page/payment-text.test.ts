import { expect, test } from 'vitest'
import { paymentTextParts } from './payment-text.ts'

test('a pasted payment link becomes a link, without the sentence’s full stop', () => {
  expect(paymentTextParts('Pay here: https://pay.example/abc?x=1.\nThanks!')).toEqual([
    { text: 'Pay here: ' },
    { text: 'https://pay.example/abc?x=1', href: 'https://pay.example/abc?x=1' },
    { text: '.\nThanks!' },
  ])
})

test('only web addresses become links: javascript: and data: stay text', () => {
  for (const text of [
    'javascript:alert(1)',
    'data:text/html,<b>hi</b>',
    'Interac e-Transfer to hello@butterandbloom.ca',
  ]) {
    expect(paymentTextParts(text)).toEqual([{ text }])
  }
  expect(paymentTextParts('(see http://a.example)')).toEqual([
    { text: '(see ' },
    { text: 'http://a.example', href: 'http://a.example/' },
    { text: ')' },
  ])
})
