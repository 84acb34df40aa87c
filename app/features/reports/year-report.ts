import { bakeryToday, calendarDayFormat } from '#app/utils/dates.ts'

/**
 * Her year's numbers (decision 108), as the page, the PDF and the
 * spreadsheets of the year-end pack all say them. Pure; the browser may load it.
 */

/** How an order came: a custom request, a drop, or a treat bought now. */
export type SaleChannel = 'custom' | 'drop' | 'buy-now'

export const CHANNEL_WORDS: Record<SaleChannel, string> = {
  custom: 'Custom orders',
  drop: 'Drops',
  'buy-now': 'Buy now',
}

/**
 * The one rule for an order's channel: a treat bought now keeps its treat,
 * a drop's order is a set-price order without one (decision 100), and
 * everything else came as a request.
 */
export function channelOf(setPrice: { productId: number | null } | null): SaleChannel {
  if (!setPrice) return 'custom'
  return setPrice.productId === null ? 'drop' : 'buy-now'
}

/** Money in and out over a stretch: payments received, refunds given, and what stayed. */
export interface Takings {
  salesCents: number
  refundsCents: number
  /** Sales less refunds. */
  netCents: number
}

export interface MonthNumbers extends Takings {
  /** YYYY-MM. */
  month: string
  /** Ingredients and packaging of the orders due this month (MADE_STATUSES), at today's prices. */
  materialsCents: number
  /** What Stripe kept of the month's card payments (decision 110), as far as Stripe has said. */
  cardFeesCents: number
  /** The tax in the month's payments less that in its refunds (decision 113): hers to pay over. */
  taxCents: number
  /** Net less tax, materials and card fees. */
  marginCents: number
}

/** A channel's or a treat's share: its takings and how many orders brought them. */
export interface ShareNumbers extends Takings {
  label: string
  orders: number
}

export interface YearReport {
  year: number
  /** January to December, each present. */
  months: MonthNumbers[]
  total: Omit<MonthNumbers, 'month'>
  channels: ShareNumbers[]
  /** By treat, the largest net first. */
  products: ShareNumbers[]
  /** Orders due this year that hold something no recipe costs: the materials are too low by them. */
  uncostedOrders: number
  /** Card payments and gift cards sold whose fee Stripe has not given yet: the card fees are too low by them. */
  feesToCome: number
  /** The gift cards bought this year: not sales until spent, but their fees are in the card fees. */
  giftCardsSold: { count: number; cents: number }
  /** The years her book has money in, oldest first, with this one: the page's year links. */
  years: number[]
}

/** One payment or refund of the year: a line of the year-end pack's ledger. */
export interface LedgerLine {
  /** YYYY-MM-DD. */
  on: string
  kind: 'Payment' | 'Refund'
  requestId: number
  reference: string | null
  customer: string
  product: string
  channel: SaleChannel
  method: string
  /** Positive for a payment, negative for a refund. */
  cents: number
  /** What Stripe kept of a card payment; 0 for any other line; null while Stripe has not said. */
  feeCents: number | null
  /** Its part of its order's tax (decision 113); negative for a refund. */
  taxCents: number
}

export function takingsOf(salesCents: number, refundsCents: number): Takings {
  return { salesCents, refundsCents, netCents: salesCents - refundsCents }
}

/** The whole year's column: each month's figures added. */
export function yearTotal(months: readonly MonthNumbers[]): YearReport['total'] {
  const sum = (pick: (month: MonthNumbers) => number) =>
    months.reduce((total, month) => total + pick(month), 0)
  const materialsCents = sum((month) => month.materialsCents)
  const cardFeesCents = sum((month) => month.cardFeesCents)
  const taxCents = sum((month) => month.taxCents)
  const takings = takingsOf(
    sum((month) => month.salesCents),
    sum((month) => month.refundsCents),
  )
  return {
    ...takings,
    materialsCents,
    cardFeesCents,
    taxCents,
    marginCents: marginOf(takings.netCents, { taxCents, materialsCents, cardFeesCents }),
  }
}

/**
 * What stayed with her: net sales less the tax in them (never hers), what
 * making cost and what the card processor kept.
 */
export function marginOf(
  netCents: number,
  costs: { taxCents: number; materialsCents: number; cardFeesCents: number },
): number {
  return netCents - costs.taxCents - costs.materialsCents - costs.cardFeesCents
}

/** The years a report may be asked for: those of her calendar's dates. */
export const REPORT_YEARS = { first: 2000, last: 2100 } as const

/**
 * The year a report's address asks for (`?year=`; this year without one) and
 * this year, in the bakery's time; null for anything but a year of the
 * calendar's window (the page answers 404).
 */
export function askedReportYear(
  url: URL,
  today: string = bakeryToday(),
): { year: number; thisYear: number } | null {
  const thisYear = Number(today.slice(0, 4))
  const value = url.searchParams.get('year')
  if (value === null || value === '') return { year: thisYear, thisYear }
  if (!/^\d{4}$/.test(value)) return null
  const year = Number(value)
  return year >= REPORT_YEARS.first && year <= REPORT_YEARS.last ? { year, thisYear } : null
}

/** The pack's address for a year. */
export function yearEndPackPath(year: number): string {
  return `/admin/reports/year-end.zip?year=${year}`
}

/** 'January' for 2026-01, in the bakery's words; `short` gives 'Jan'. */
export function monthName(month: string, width: 'long' | 'short' = 'long'): string {
  return calendarDayFormat({ month: width }).format(new Date(`${month}-01T00:00:00Z`))
}
