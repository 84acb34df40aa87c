import { formatMoney } from '#app/utils/money.ts'
import { type OrderTax, taxCents, taxLabel } from './tax-rules.ts'

/**
 * What a request's money comes to: its total, what is still owed of it and
 * how that splits into deposit and balance. The browser may load this file.
 */

export interface Money {
  /** What the quote asks for the bake, in cents; 0 before a quote. */
  priceCents: number
  /** What a delivery adds to it, in cents; 0 for a pickup (decision 047). */
  deliveryFeeCents: number
  depositCents: number
  /** What is paid: the payments recorded less the refunds (the order book's netPaid). */
  paidCents: number
  depositWaived: boolean
  /** What a discount code took off the total (decision 109); null for none. */
  discount: Discount | null
  /** The taxes it carries, as kept when it was priced (decision 113); none for most. */
  taxes: readonly OrderTax[]
  /**
   * A party's line items, in its members' order: each request's own price,
   * which add up to priceCents (decision 049). Absent for a quote of one.
   */
  lines?: readonly MoneyLine[]
}

/** One line of a party's quote: a request's treat and its own price. */
export interface MoneyLine {
  label: string
  /** Below 0 for what a refund took off the price (decision 060). */
  cents: number
  /** What a receipt prints beside it: a tax's registration number. */
  detail?: string
}

/** A discount code's part of an order: the code as she used it and what it took off. */
export interface Discount {
  code: string
  cents: number
}

/** What a code took off a request, from its row's two columns; null for none. */
export function discountOfRow(row: {
  discount_cents: number
  discount_code: string | null
}): Discount | null {
  const cents = Number(row.discount_cents)
  return cents > 0 ? { code: row.discount_code ?? '', cents } : null
}

/** A discount's line, wherever the charges are listed: 'Code SPRING'. */
export function discountLabel(code: string): string {
  return `Code ${code}`
}

/**
 * What comes between the price and the total, each on a line of its own: a
 * delivery's fee, what a code took off (below 0) and each tax. Every page,
 * email, receipt and export that lists the charges lists these.
 */
export function chargesAfterPrice(money: MoneyBeforeTotal): MoneyLine[] {
  return [
    ...(money.deliveryFeeCents > 0
      ? [{ label: 'Delivery fee', cents: money.deliveryFeeCents }]
      : []),
    ...(money.discount && money.discount.cents > 0
      ? [{ label: discountLabel(money.discount.code), cents: -money.discount.cents }]
      : []),
    ...taxLinesOf(money),
  ]
}

/** What a total is made of: the price, a delivery's fee, a code and the taxes. */
export type MoneyBeforeTotal = Pick<Money, 'priceCents' | 'deliveryFeeCents' | 'discount' | 'taxes'>

/** What the order comes to before tax: the price and the delivery fee, less a code, never below nothing. */
export function beforeTaxOf({
  priceCents,
  deliveryFeeCents,
  discount,
}: Pick<Money, 'priceCents' | 'deliveryFeeCents' | 'discount'>): number {
  return Math.max(0, priceCents + deliveryFeeCents - (discount?.cents ?? 0))
}

/** Each tax's line, 'HST 13%' and its cents, by the one rule (tax-rules.ts); none at 0. */
export function taxLinesOf(money: MoneyBeforeTotal): MoneyLine[] {
  const beforeTax = beforeTaxOf(money)
  return money.taxes.flatMap((tax) => {
    const cents = taxCents(tax, beforeTax)
    if (cents <= 0) return []
    const line = { label: taxLabel(tax), cents }
    return [tax.number ? { ...line, detail: `Registration no. ${tax.number}` } : line]
  })
}

/** What the taxes come to in all, in cents. */
export function taxOf(money: MoneyBeforeTotal): number {
  return taxLinesOf(money).reduce((sum, line) => sum + line.cents, 0)
}

/** A line's amount as written: '$45', or '−$25' for what a refund took off. */
export function formatLine(cents: number): string {
  return cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(cents)
}

/**
 * What the customer owes in all: the price and the delivery fee, less what
 * a code took off (never below nothing), and the taxes on that. The one
 * place they are added; everything that reads what is owed reads it here.
 */
export function totalOf(money: MoneyBeforeTotal): number {
  return beforeTaxOf(money) + taxOf(money)
}

/**
 * The tax in `paidCents` of an order (decision 113): its share of the
 * order's tax, what was paid beyond the total carrying none, rounded half
 * up in BigInt arithmetic. A payment's part is this after it, less what the
 * order's earlier payments and refunds recorded.
 */
export function taxInPaid(paidCents: number, money: MoneyBeforeTotal): number {
  const [taxCents, totalCents] = [taxOf(money), totalOf(money)]
  if (taxCents === 0 || totalCents <= 0) return 0
  const paid = BigInt(Math.min(Math.max(paidCents, 0), totalCents))
  const [tax, total] = [BigInt(taxCents), BigInt(totalCents)]
  return Number((2n * paid * tax + total) / (2n * total))
}

/** What is still owed, split as the quote's schedule splits it. */
export interface AmountsOwed {
  /** What is left of the deposit: payments count towards it first; 0 once waived. */
  depositOwed: number
  /** What is left of the balance, the rest of the total after the deposit. */
  balanceOwed: number
  /** Everything left to pay: the deposit owed and the balance owed together. */
  stillOwed: number
}

/**
 * What is still owed. The one rule for it: the owner's money card and list,
 * the customer's page, every email, the receipt and the CSV say "deposit"
 * and "balance" with these amounts, so a $150 quote with a $60 deposit owes
 * a $60 deposit and a $90 balance everywhere, never a $150 "balance".
 */
export function amountsOwed(money: Money): AmountsOwed {
  const { depositCents, paidCents, depositWaived } = money
  const stillOwed = Math.max(0, totalOf(money) - paidCents)
  // Read without the total too (Today's open quotes know only the deposit).
  const depositOwed = depositWaived ? 0 : Math.max(0, depositCents - paidCents)
  return { depositOwed, balanceOwed: Math.max(0, stillOwed - depositOwed), stillOwed }
}

/** What the quote asks as its deposit: none once waived, never more than the total. */
export function depositOf(money: Money): number {
  return money.depositWaived ? 0 : Math.min(money.depositCents, totalOf(money))
}

/**
 * Whether the deposit is the whole total: an order sold at a set price and
 * paid by card, in one payment (decision 103). Its deposit is then called a
 * full payment, on her page, in her emails and on the owner's money card.
 */
export function paidInOne(money: Money): boolean {
  const deposit = depositOf(money)
  return deposit > 0 && deposit >= totalOf(money)
}

/** What the deposit is called: 'Full payment' when it is the whole total. */
export function depositWord(money: Money): 'Deposit' | 'Full payment' {
  return paidInOne(money) ? 'Full payment' : 'Deposit'
}

/** Whether an accepted quote may become confirmed: its deposit is in, or waived. */
export function depositSettled(money: Money): boolean {
  return amountsOwed(money).depositOwed === 0
}
