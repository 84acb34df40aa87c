/**
 * A buy-now form read against its treat: her fields checked as a request's,
 * her choices priced by the one rule (`priceOf`, decision 102), her code
 * taken off and the taxes added, each problem kept by its form's field.
 */
import type { Db } from '#app/db/db.server.ts'
import {
  type BookingSettings,
  readBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { readDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { findCode, unknownCode } from '#app/features/discount-codes/discount-codes.server.ts'
import {
  type AppliedCode,
  appliedCodeOf,
  refusalOf,
  withCode,
} from '#app/features/discount-codes/discount-rules.ts'
import { type Product, listActiveProducts } from '#app/features/menu/menu.server.ts'
import { priceOf } from '#app/features/menu/option-prices.ts'
import { type SetPriceTreat, readSetPrice } from '#app/features/menu/set-prices.server.ts'
import { withTaxes } from '#app/features/order-status/tax-rules.ts'
import { orderRequestSchema } from '#app/features/orders/order-schema.ts'
import { treatTaxes } from '#app/features/taxes/order-taxes.server.ts'
import { summaryOf } from './buy-now-fields.ts'
import type { BuyNowRefusal } from './buy-now-send.server.ts'

type Problem = { field: string; message: string }
type Fulfilment = 'pickup' | 'delivery'
type BeforeCode = NonNullable<BuyNowRefusal['priced']>

/** The treat sold at a set price, with the menu and the booking rules it is ordered under. */
export interface Sale {
  treat: SetPriceTreat
  product: Product
  products: Product[]
  booking: BookingSettings
}

/** The treat `productId` as sold now, or null when it is not sold at a set price. */
export async function readSale(db: Db, productId: number): Promise<Sale | null> {
  const [treat, products, booking] = await Promise.all([
    readSetPrice(db, productId),
    listActiveProducts(db),
    readBookingSettings(db),
  ])
  const product = products.find((candidate) => candidate.id === productId)
  if (!treat || !product) return null
  return { treat, product, products, booking }
}

/** Her form as a request, priced before and after her code, and its problems by field. */
export type BuyNowPrice = Awaited<ReturnType<typeof priceBuyNow>>

/**
 * Checks her fields and prices her choices, her code off and the taxes on,
 * reading the delivery fees, her code and the treat's taxes in that order.
 */
export async function priceBuyNow(
  db: Db,
  {
    form,
    sale,
    options,
    productId,
    today,
  }: {
    form: URLSearchParams
    sale: Sale
    options: Record<string, string>
    productId: number
    today: string
  },
) {
  const fulfilment = form.get('fulfilment') === 'delivery' ? 'delivery' : 'pickup'
  const parsed = parseRequest({ form, sale, options, today, fulfilment })
  const fieldProblems = parsed.success ? [] : issuesOf(parsed.error.issues)
  const choices = await priceChoices(db, { form, sale, options, today, fulfilment })
  const beforeCode = choices.beforeCode
  // Her code, if she typed one: found and checked now, used as the order is made.
  const typedCode = (form.get('code') ?? '').trim().slice(0, 40)
  const code = await checkTypedCode(db, { typedCode, beforeCode, today })
  const problems = withPriceProblems(fieldProblems, choices.problems)
  if (code.refused) problems.push({ field: 'code', message: code.refused })
  const appliedCode = code.applied
  const coded = beforeCode ? withCode(beforeCode, appliedCode ?? null) : undefined
  // Tax is added after the code, as the order will be made (decision 113).
  const priced =
    coded && !coded.quoteNeeded ? withTaxes(coded, await treatTaxes(db, productId)) : coded
  return { parsed, problems, beforeCode, typedCode, appliedCode, coded, priced }
}

/** Her form checked as the order form's request would be, her choices as its event. */
function parseRequest({
  form,
  sale,
  options,
  today,
  fulfilment,
}: {
  form: URLSearchParams
  sale: Sale
  options: Record<string, string>
  today: string
  fulfilment: Fulfilment
}) {
  return orderRequestSchema({
    today,
    products: sale.products.map((candidate) => candidate.name),
    deliveryEnabled: sale.booking.deliveryEnabled,
  }).safeParse({
    ...requestFields(form),
    product_type: sale.product.name,
    event_theme: summaryOf(sale.treat, options),
    fulfilment,
  })
}

/** The schema's issues as problems, each by the field it names. */
function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return issues.map((issue) => ({
    field: String(issue.path.at(-1) ?? 'form'),
    message: issue.message,
  }))
}

/** The request's own fields as the order form names them. */
function requestFields(form: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const name of [
    'name',
    'email',
    'phone_number',
    'due_date',
    'hear_about_us',
    'comments',
    'allergies',
    'pickup_window',
    'delivery_street',
    'delivery_city',
    'delivery_postal_code',
    'delivery_notes',
  ]) {
    const value = form.get(name)
    // A field left empty is a field not given, as the order form sends it.
    if (value !== null && value.trim() !== '') fields[name] = value
  }
  return fields
}

/** Her choices priced before any code, or the price's own problems. */
async function priceChoices(
  db: Db,
  {
    form,
    sale,
    options,
    today,
    fulfilment,
  }: {
    form: URLSearchParams
    sale: Sale
    options: Record<string, string>
    today: string
    fulfilment: Fulfilment
  },
): Promise<{ beforeCode?: BeforeCode; problems: readonly Problem[] }> {
  const deliveryFees = sale.booking.deliveryEnabled ? await readDeliveryFees(db) : []
  const price = priceOf(sale.treat, deliveryFees, {
    options,
    date: form.get('due_date') ?? '',
    today,
    fulfilment,
    postalCode: form.get('delivery_postal_code') ?? '',
  })
  if (!price.ok) return { problems: price.problems }
  const { totalCents, lines, quoteNeeded, deliveryFeeCents } = price
  return { beforeCode: { totalCents, lines, quoteNeeded, deliveryFeeCents }, problems: [] }
}

/** The fields' problems, then the price's under the form's own names where no field spoke first. */
function withPriceProblems(fieldProblems: Problem[], priceProblems: readonly Problem[]): Problem[] {
  const problems = [...fieldProblems]
  for (const problem of priceProblems) {
    // The form's own fields: a delivery's code is the address's, the date is the order's.
    const field =
      problem.field === 'postal_code'
        ? 'delivery_postal_code'
        : problem.field === 'date'
          ? 'due_date'
          : problem.field
    // The date's own check says it first.
    if (problems.some((known) => known.field === field)) continue
    problems.push({ ...problem, field })
  }
  return problems
}

/** Her typed code found and checked against the price before it, on a price with no quote. */
async function checkTypedCode(
  db: Db,
  {
    typedCode,
    beforeCode,
    today,
  }: { typedCode: string; beforeCode: BeforeCode | undefined; today: string },
): Promise<{ applied?: AppliedCode; refused?: string }> {
  if (!typedCode || !beforeCode || beforeCode.quoteNeeded) return {}
  const found = await findCode(db, typedCode)
  const refused = found
    ? refusalOf(found, beforeCode.totalCents - beforeCode.deliveryFeeCents, today)
    : unknownCode(typedCode)
  if (refused) return { refused }
  return found ? { applied: appliedCodeOf(found) } : {}
}
