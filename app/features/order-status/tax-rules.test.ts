import { describe, expect, test } from 'vitest'
import { type Money, amountsOwed, chargesAfterPrice, totalOf } from './money-owed.ts'
import { lowerPrice } from './money-rules.ts'
import { orderTaxes, ratePercent, taxCents, taxesColumn, taxesOfColumn } from './tax-rules.ts'

const HST = { name: 'HST', ppm: 130_000 }
const GST = { name: 'GST', ppm: 50_000 }
const QST = { name: 'QST', ppm: 99_750 }

function money(over: Partial<Money> = {}): Money {
  return {
    priceCents: 4500,
    deliveryFeeCents: 0,
    depositCents: 0,
    paidCents: 0,
    depositWaived: false,
    discount: null,
    taxes: orderTaxes([{ cents: 4500, taxes: [HST] }]),
    ...over,
  }
}

describe('the one tax rule', () => {
  test('a rate is written as people write it', () => {
    expect(ratePercent(130_000)).toBe('13%')
    expect(ratePercent(99_750)).toBe('9.975%')
    expect(ratePercent(50_000)).toBe('5%')
    expect(ratePercent(70_001)).toBe('7.0001%')
  })

  test('a $45 cake with 13% HST comes to $50.85, its tax on a line of its own', () => {
    expect(totalOf(money())).toBe(5085)
    expect(chargesAfterPrice(money())).toEqual([{ label: 'HST 13%', cents: 585 }])
  })

  test('half a cent is rounded up, once per rate, never line by line', () => {
    // 5% of $0.10 is half a cent: up to 1 cent.
    expect(taxCents({ ...GST, under: 10, of: 10 }, 10)).toBe(1)
    // 5% of $0.09 is 0.45 cents: down to none.
    expect(taxCents({ ...GST, under: 9, of: 9 }, 9)).toBe(0)
    // Quebec: GST and QST each on $19.99, each rounded once.
    const quebec = money({
      priceCents: 1999,
      taxes: orderTaxes([{ cents: 1999, taxes: [GST, QST] }]),
    })
    expect(chargesAfterPrice(quebec)).toEqual([
      { label: 'GST 5%', cents: 100 },
      { label: 'QST 9.975%', cents: 199 },
    ])
    expect(totalOf(quebec)).toBe(2298)
  })

  test('a code comes off before tax; a delivery is taxed as the goods it carries', () => {
    const coded = money({ discount: { code: 'SPRING', cents: 500 }, deliveryFeeCents: 1000 })
    // ($45 − $5 + $10) × 13% = $6.50
    expect(chargesAfterPrice(coded)).toEqual([
      { label: 'Delivery fee', cents: 1000 },
      { label: 'Code SPRING', cents: -500 },
      { label: 'HST 13%', cents: 650 },
    ])
    expect(totalOf(coded)).toBe(5650)
  })

  test('a rate that applies to part of the order is charged on its share', () => {
    // $30 of taxable cookies and $60 of a zero-rated cake, delivered for $9:
    // the fee is taxed in the goods' proportion, a third.
    const taxes = orderTaxes([
      { cents: 3000, taxes: [HST] },
      { cents: 6000, taxes: [] },
    ])
    expect(taxes).toEqual([{ name: 'HST', ppm: 130_000, under: 3000, of: 9000 }])
    const mixed = money({ priceCents: 9000, deliveryFeeCents: 900, taxes })
    // ($90 + $9) / 3 × 13% = $4.29
    expect(chargesAfterPrice(mixed).at(-1)).toEqual({ label: 'HST 13%', cents: 429 })
  })

  test('nothing taxable, or nothing to pay, carries no tax line', () => {
    expect(orderTaxes([{ cents: 4500, taxes: [] }])).toEqual([])
    expect(orderTaxes([{ cents: 0, taxes: [HST] }])).toEqual([])
    expect(chargesAfterPrice(money({ discount: { code: 'FREE', cents: 4500 } }))).toEqual([
      { label: 'Code FREE', cents: -4500 },
    ])
  })

  test('what is owed counts the tax: a $20 deposit on $50.85 leaves $30.85', () => {
    expect(amountsOwed(money({ depositCents: 2000 }))).toEqual({
      depositOwed: 2000,
      balanceOwed: 3085,
      stillOwed: 5085,
    })
  })

  test('the kept taxes read back as written, and what is not a tax is left out', () => {
    const taxes = orderTaxes([{ cents: 4500, taxes: [GST, QST] }])
    expect(taxesOfColumn(taxesColumn(taxes))).toEqual(taxes)
    const numbered = orderTaxes([{ cents: 4500, taxes: [{ ...HST, number: '123456789 RT0001' }] }])
    expect(taxesOfColumn(taxesColumn(numbered))).toEqual(numbered)
    expect(chargesAfterPrice(money({ taxes: numbered }))).toEqual([
      { label: 'HST 13%', cents: 585, detail: 'Registration no. 123456789 RT0001' },
    ])
    expect(taxesOfColumn('[]')).toEqual([])
    expect(taxesOfColumn('not json')).toEqual([])
    expect(taxesOfColumn('[{"name":"HST","ppm":-1,"under":1,"of":1},{"name":"GST"}]')).toEqual([])
  })

  test('a refund that lowers the price takes its tax with it, to the cent or not at all', () => {
    // Paid $50.85 on a $45 cake with HST; $11.30 back lowers the price by $10.
    const paid = money({ paidCents: 5085 })
    expect(lowerPrice('confirmed', paid, 1130)).toEqual({
      ok: true,
      priceCents: 3500,
      totalCents: 3955,
      depositCents: 0,
    })
    // No price leaves a total $9.95 lower ($40.89 is between $36.18's $40.88 and
    // $36.19's $40.90): the two nearest refunds are offered.
    expect(lowerPrice('confirmed', paid, 995)).toEqual({
      ok: false,
      error:
        'With its tax rounded to the cent, no price leaves exactly that: refund $9.94 or $9.96.',
    })
    expect(lowerPrice('confirmed', paid, 5086)).toMatchObject({
      ok: false,
      error: 'The price is $50.85 with its tax, so a refund can lower it by no more than that.',
    })
  })
})
