import { expect, test } from 'vitest'
import { changedParts, partsSentence, partyParts } from './change-parts.ts'

const NOW = {
  dueDate: '2026-12-12',
  window: null,
  delivery: false,
  details: { event_theme: 'Garden party', servings: '20', allergies: '', comments: '' },
}

test('a change names each detail as the order form does, and only what differs', () => {
  const parts = changedParts(NOW, {
    date: null,
    window: null,
    details: { event_theme: 'Tea party', servings: '20 ', allergies: 'Nuts' },
  })
  expect(parts).toEqual([
    { label: 'Event/Theme', from: '“Garden party”', to: '“Tea party”' },
    { label: 'Allergies', from: 'none', to: '“Nuts”' },
  ])
  expect(partsSentence(parts)).toBe(
    'event/theme from “Garden party” to “Tea party”; allergies from none to “Nuts”',
  )
  expect(
    partsSentence(
      partyParts([
        { treat: 'Cupcakes', parts },
        { treat: 'Cakes', parts: [] },
      ]),
    ),
  ).toBe(
    'Cupcakes: event/theme from “Garden party” to “Tea party”; Cupcakes: allergies from none to “Nuts”',
  )
})
