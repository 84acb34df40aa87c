import type { Db } from '#app/db/db.server.ts'
import { readDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { optionsOf, priceOf } from '#app/features/menu/option-prices.ts'
import { readSetPrice } from '#app/features/menu/set-prices.server.ts'
import { withTaxes } from '#app/features/order-status/tax-rules.ts'
import { treatTaxes } from '#app/features/taxes/order-taxes.server.ts'
import { OUTSIDE_DATE_WINDOW, bakeryToday, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import { localSettings } from '#app/utils/local-settings.ts'
import { limitLookups } from '#app/utils/rate-limit.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'

export interface PriceAnswerBody {
  total_cents: number
  currency: string
  lines: { label: string; cents: number }[]
  quote_needed: boolean
}

export interface PriceRefusal {
  error: string
  problems?: { field: string; message: string }[]
}

/** Lookups one address may make a minute: the form asks once per choice she changes. */
export const PRICES_PER_MINUTE = 300

/**
 * GET /api/price?product=<id>&date=<YYYY-MM-DD>&fulfilment=pickup|delivery
 * &postal_code=…&option.<group>=<choice>: the exact total of what she chose
 * (decision 102), line by line, in the bakery's currency, and whether it
 * needs a quote. The same `priceOf` prices the order when it is sent.
 */
export async function answerPrice({
  db,
  url,
  clientIp,
  now = new Date(),
}: {
  db: Db
  url: URL
  clientIp: string
  now?: Date
}): Promise<Reply<PriceAnswerBody | PriceRefusal>> {
  const limited = await limitLookups({
    db,
    key: `price:${clientIp}`,
    max: PRICES_PER_MINUTE,
    now: now.getTime(),
    what: 'price lookups',
  })
  if (limited) return limited
  const params = url.searchParams
  const productParam = params.get('product') ?? ''
  if (!/^[1-9]\d{0,8}$/.test(productParam))
    return reply(400, { error: 'Name the treat: product=<its number>.' })
  const date = params.get('date') ?? ''
  if (!isRealDate(date)) return reply(400, { error: 'Give the date as date=YYYY-MM-DD.' })
  if (!isCalendarDate(date)) return reply(400, { error: OUTSIDE_DATE_WINDOW })
  const fulfilment = params.get('fulfilment') ?? 'pickup'
  if (fulfilment !== 'pickup' && fulfilment !== 'delivery')
    return reply(400, { error: 'Choose fulfilment=pickup or fulfilment=delivery.' })
  const options = optionsOf(params)
  if (!options) return reply(400, { error: 'Too many options, or one too long.' })
  const setPrice = await readSetPrice(db, Number(productParam))
  if (!setPrice)
    return reply(404, { error: 'That treat is not sold at a set price: ask us for a quote.' })
  const answer = priceOf(setPrice, await readDeliveryFees(db), {
    options,
    date,
    today: bakeryToday(now),
    fulfilment,
    postalCode: (params.get('postal_code') ?? '').slice(0, 12),
  })
  if (!answer.ok) {
    return reply(400, {
      error: answer.problems.map((problem) => problem.message).join(' '),
      problems: answer.problems,
    })
  }
  // A quote is taxed when it is priced; a set price is taxed now, after everything else.
  const taxed = answer.quoteNeeded
    ? answer
    : withTaxes(answer, await treatTaxes(db, setPrice.productId))
  return reply(200, {
    total_cents: taxed.totalCents,
    currency: localSettings().currency,
    lines: taxed.lines,
    quote_needed: taxed.quoteNeeded,
  })
}
