/**
 * The one rule of what tax an order carries (docs/decisions/113). The
 * browser may load this file.
 *
 * An order keeps, from the moment it is priced, each tax that applies to
 * any of it: its name, its rate and the share of the order it applies to
 * (what of the goods is of a class that carries it). The amount is worked
 * out from that and the order's money wherever it is read, so a code used
 * later, or a price lowered by a refund, changes the tax with it:
 *
 * - A rate is charged once per order, on its share of what the order comes
 *   to before tax: the goods less a code, and a delivery fee, which is
 *   taxed as the goods it carries (its share is theirs).
 * - It is rounded once, half up, to the cent: never line by line, so the
 *   lines of an order and its total always agree.
 */

/** A tax an order carries, as it was when the order was priced. */
export interface OrderTax {
  /** As she named it: 'HST', 'GST', 'QST'. */
  name: string
  /** Its rate in parts per million: 13% is 130000, 9.975% is 99750. */
  ppm: number
  /** The cents of the goods it applies to, of `of`: all of them when equal. */
  under: number
  /** What the goods came to when the order was priced; never 0. */
  of: number
  /** Her registration number for it, for receipts; absent for none. */
  number?: string
}

/** The longest registration number kept: Canada's are 15 characters. */
export const TAX_NUMBER_MAX = 40

/** The most a rate may be: 100%. */
export const MAX_TAX_PPM = 1_000_000

/** A rate as written beside its name: '13%', '9.975%'. */
export function ratePercent(ppm: number): string {
  return `${(ppm / 10_000).toFixed(4).replace(/\.?0+$/, '')}%`
}

/** A tax's line wherever the charges are listed: 'HST 13%'. */
export function taxLabel(tax: Pick<OrderTax, 'name' | 'ppm'>): string {
  return `${tax.name} ${ratePercent(tax.ppm)}`
}

/**
 * What each tax comes to on `beforeTaxCents` (the goods less a code, and a
 * delivery fee), rounded half up to the cent once per tax. Exact: the
 * product is taken in whole numbers, never in floating point.
 */
export function taxCents(tax: OrderTax, beforeTaxCents: number): number {
  if (beforeTaxCents <= 0 || tax.under <= 0 || tax.of <= 0 || tax.ppm <= 0) return 0
  const numerator = BigInt(beforeTaxCents) * BigInt(tax.under) * BigInt(tax.ppm)
  const denominator = BigInt(tax.of) * 1_000_000n
  return Number((numerator * 2n + denominator) / (denominator * 2n))
}

/**
 * The taxes an order priced now carries: for each tax, the share of the
 * goods whose class carries it. Lines are what the order is made of (its
 * treat, each of a party's treats, each of a drop's items), each with the
 * taxes of its class.
 */
export function orderTaxes(
  lines: readonly {
    cents: number
    taxes: readonly Pick<OrderTax, 'name' | 'ppm' | 'number'>[]
  }[],
): OrderTax[] {
  const of = lines.reduce((sum, line) => sum + Math.max(0, line.cents), 0)
  if (of === 0) return []
  const byLabel = new Map<string, OrderTax>()
  for (const line of lines) {
    for (const { name, ppm, number } of line.taxes) {
      const key = taxLabel({ name, ppm })
      const tax = byLabel.get(key) ?? { name, ppm, under: 0, of, ...(number ? { number } : {}) }
      tax.under += Math.max(0, line.cents)
      byLabel.set(key, tax)
    }
  }
  return [...byLabel.values()].filter((tax) => tax.under > 0)
}

/** An order's taxes as its quote keeps them: JSON, '[]' for none. */
export function taxesColumn(taxes: readonly OrderTax[]): string {
  return JSON.stringify(
    taxes.map(({ name, ppm, under, of, number }) => ({
      name,
      ppm,
      under,
      of,
      ...(number ? { number } : {}),
    })),
  )
}

/** The taxes a quote keeps, read back; what is not a tax is left out, never guessed. */
export function taxesOfColumn(column: string | null | undefined): OrderTax[] {
  if (!column) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(column)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  return parsed.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { name, ppm, under, of, number } = item as Record<string, unknown>
    const whole = [ppm, under, of].every((n) => Number.isSafeInteger(n) && (n as number) >= 0)
    if (typeof name !== 'string' || !whole || (of as number) <= 0) return []
    const tax = { name, ppm: ppm as number, under: under as number, of: of as number }
    return [
      typeof number === 'string' && number && number.length <= TAX_NUMBER_MAX
        ? { ...tax, number }
        : tax,
    ]
  })
}

/**
 * A set price with its taxes added, each on a line of its own after
 * everything else (a code included), by the one rule: what her buy-now page
 * shows as she chooses, the price lookup answers and the order is made at.
 * `taxes` are those of the one treat's class, so each applies to all of it.
 */
export function withTaxes<
  P extends { totalCents: number; lines: { label: string; cents: number }[] },
>(price: P, taxes: readonly Pick<OrderTax, 'name' | 'ppm'>[]): P {
  const beforeTax = price.totalCents
  const lines = taxes.flatMap((tax) => {
    const cents = taxCents({ ...tax, under: 1, of: 1 }, beforeTax)
    return cents > 0 ? [{ label: taxLabel(tax), cents }] : []
  })
  if (lines.length === 0) return price
  return {
    ...price,
    totalCents: beforeTax + lines.reduce((sum, line) => sum + line.cents, 0),
    lines: [...price.lines, ...lines],
  }
}
