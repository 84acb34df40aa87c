import { expect, test } from 'vitest'
import {
  type DeliveryFee,
  type SetPrice,
  deliveryFeeFor,
  everyCombination,
  priceOf,
} from './option-prices.ts'

const layerCake: SetPrice = {
  name: 'Layer cake',
  basePriceCents: 4_500,
  rush: { withinDays: 3, feeCents: 1_500 },
  groups: [
    {
      key: 'size',
      label: 'Size',
      kind: 'choice',
      required: true,
      priceCents: 0,
      choices: [
        { key: 'six-inch', label: '6-inch', priceCents: 0, quoteNeeded: false },
        { key: 'eight-inch', label: '8-inch', priceCents: 2_000, quoteNeeded: false },
        { key: 'tiered', label: 'Two tiers', priceCents: 6_500, quoteNeeded: true },
      ],
    },
    {
      key: 'flavour',
      label: 'Flavour',
      kind: 'choice',
      required: true,
      priceCents: 0,
      choices: [
        { key: 'vanilla', label: 'Vanilla', priceCents: 0, quoteNeeded: false },
        { key: 'chocolate', label: 'Chocolate', priceCents: 0, quoteNeeded: false },
        { key: 'pistachio', label: 'Pistachio', priceCents: 650, quoteNeeded: false },
      ],
    },
    {
      key: 'filling',
      label: 'Filling',
      kind: 'choice',
      required: false,
      priceCents: 0,
      choices: [
        { key: 'raspberry', label: 'Raspberry jam', priceCents: 300, quoteNeeded: false },
        { key: 'no-buttercream', label: 'No buttercream', priceCents: -250, quoteNeeded: false },
      ],
    },
    {
      key: 'message',
      label: 'Message on top',
      kind: 'text',
      required: false,
      priceCents: 500,
      choices: [],
    },
  ],
}

const fees: DeliveryFee[] = [
  { prefix: 'M', feeCents: 1_500 },
  { prefix: 'M4C', feeCents: 800 },
]

const ask = {
  today: '2026-11-29',
  date: '2026-12-12',
  fulfilment: 'pickup' as const,
  options: { size: 'eight-inch', flavour: 'pistachio' },
}

test('a cake priced line by line: its options, a message on top, a rush fee inside the notice and delivery by postal code', () => {
  expect(priceOf(layerCake, fees, ask)).toEqual({
    ok: true,
    totalCents: 7_150,
    quoteNeeded: false,
    deliveryFeeCents: 0,
    lines: [
      { label: 'Layer cake', cents: 4_500 },
      { label: 'Size: 8-inch', cents: 2_000 },
      { label: 'Flavour: Pistachio', cents: 650 },
    ],
  })
  const rushed = priceOf(layerCake, fees, {
    ...ask,
    date: '2026-12-01',
    fulfilment: 'delivery',
    postalCode: 'm4c 1b5',
    options: { ...ask.options, filling: 'no-buttercream', message: 'Happy 40th, Sam!' },
  })
  expect(rushed).toEqual({
    ok: true,
    totalCents: 4_500 + 2_000 + 650 - 250 + 500 + 1_500 + 800,
    quoteNeeded: false,
    // The book keeps a delivery's fee apart from the price.
    deliveryFeeCents: 800,
    lines: [
      { label: 'Layer cake', cents: 4_500 },
      { label: 'Size: 8-inch', cents: 2_000 },
      { label: 'Flavour: Pistachio', cents: 650 },
      { label: 'Filling: No buttercream', cents: -250 },
      { label: 'Message on top: “Happy 40th, Sam!”', cents: 500 },
      { label: 'Rush fee', cents: 1_500 },
      // The longest prefix wins: M4C over M.
      { label: 'Delivery', cents: 800 },
    ],
  })
  // Exactly the notice away: no rush fee.
  expect(priceOf(layerCake, fees, { ...ask, date: '2026-12-02' })).toMatchObject({
    totalCents: 7_150,
  })
})

test('what cannot be priced is named, each problem with its field', () => {
  expect(
    priceOf(layerCake, fees, {
      ...ask,
      date: '2026-11-28',
      fulfilment: 'delivery',
      postalCode: 'K1A 0B1',
      options: { size: 'twelve-inch', message: 'x'.repeat(61) },
    }),
  ).toEqual({
    ok: false,
    problems: [
      { field: 'option.size', message: 'Size: choose one of those offered.' },
      { field: 'option.flavour', message: 'Flavour: choose one.' },
      { field: 'option.message', message: 'Keep it to 60 characters.' },
      { field: 'date', message: 'That date has passed.' },
      { field: 'postal_code', message: 'We do not deliver to K1A0B1.' },
    ],
  })
  expect(deliveryFeeFor(fees, 'l5b 2c9')).toBeNull()
})

test('over every combination of options, dates and handovers, the total is its lines and a quote is needed exactly when a chosen option needs one', () => {
  const combinations = everyCombination(layerCake.groups)
  // Three sizes × three flavours × three fillings (none included) × message or not.
  expect(combinations).toHaveLength(3 * 3 * 3 * 2)
  let priced = 0
  for (const options of combinations) {
    for (const date of ['2026-11-29', '2026-12-01', '2026-12-02', '2027-01-15']) {
      for (const handover of [
        { fulfilment: 'pickup' as const },
        { fulfilment: 'delivery' as const, postalCode: 'M5V 2T6' },
      ]) {
        const answer = priceOf(layerCake, fees, { ...ask, ...handover, date, options })
        if (!answer.ok) throw new Error(JSON.stringify({ options, date, answer }))
        priced += 1
        expect(answer.totalCents).toBe(answer.lines.reduce((sum, line) => sum + line.cents, 0))
        const chosen = layerCake.groups.flatMap((group) =>
          group.choices.filter((choice) => options[group.key] === choice.key),
        )
        expect(answer.quoteNeeded).toBe(chosen.some((choice) => choice.quoteNeeded))
        const expected =
          layerCake.basePriceCents +
          chosen.reduce((sum, choice) => sum + choice.priceCents, 0) +
          (options.message ? 500 : 0) +
          (date < '2026-12-02' ? 1_500 : 0) +
          (handover.fulfilment === 'delivery' ? 1_500 : 0)
        expect(answer.totalCents).toBe(expected)
      }
    }
  }
  expect(priced).toBe(54 * 8)
})
