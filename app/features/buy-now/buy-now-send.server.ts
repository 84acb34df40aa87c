/**
 * "Buy now" (decision 103): a treat sold at a set price is ordered at once,
 * priced by the one rule (`priceOf`, decision 102), under the same capacity
 * and pickup-time rules as a request, and stored as a set-price order of the
 * book: paid by card through Checkout, or booked to pay at pickup, with no
 * step for the owner. A choice that needs a quote goes down the request's
 * path instead, as the order form would send it.
 */
import { type Env, getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { demandOf } from '#app/features/availability/availability.server.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { readDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { findCode, unknownCode } from '#app/features/discount-codes/discount-codes.server.ts'
import {
  type AppliedCode,
  appliedCodeOf,
  refusalOf,
  withCode,
} from '#app/features/discount-codes/discount-rules.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { type PriceLine, optionsOf, priceOf } from '#app/features/menu/option-prices.ts'
import { readSetPrice } from '#app/features/menu/set-prices.server.ts'
import { withTaxes } from '#app/features/order-status/tax-rules.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { orderRequestSchema } from '#app/features/orders/order-schema.ts'
import { unbookableMessage, windowMessage } from '#app/features/orders/order-send.server.ts'
import { cardTerms } from '#app/features/payments/card-payments.server.ts'
import {
  type PaymentTerms,
  paymentRefusal,
} from '#app/features/set-price-orders/payment-choices.ts'
import { treatTaxes } from '#app/features/taxes/order-taxes.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { bookBuyNow } from './buy-now-book.server.ts'
import { summaryOf } from './buy-now-fields.ts'

/** A buy-now form is a few short fields and a message on top: far below this. */
const MAX_BUY_NOW_BYTES = 16 * 1024

export type BuyNowEnv = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'SITE_URL'
>

/** Why an order was not made, each problem by its field, and the form as she filled it. */
export interface BuyNowRefusal {
  ok: false
  error: string
  problems: { field: string; message: string }[]
  values: Record<string, string>
  /** The total of what she chose, when it could be priced: a form without scripts shows it. */
  priced?: {
    totalCents: number
    lines: PriceLine[]
    quoteNeeded: boolean
    deliveryFeeCents: number
  }
  /** The code she typed, found and usable: her page takes it off as she changes her choices. */
  appliedCode?: AppliedCode
}

/** What the ways to pay for `treat` depend on besides its total (payment-choices.ts). */
export function buyNowTerms(
  treat: { payAtPickup: boolean },
  env: BuyNowEnv = getEnv(),
): PaymentTerms {
  return { ...cardTerms(env), payAtPickup: treat.payAtPickup }
}

/**
 * POST /ordernow/<product id>: reads the form once (bounded, rate-limited as
 * every public form), prices it, and either makes the order (303 to Stripe's
 * page, or to her order's page) or answers with each problem and the form
 * as she filled it. A total that differs from the one her page showed (a
 * form without scripts shows none) is answered with the total to confirm.
 */
export async function receiveBuyNow({
  db,
  productId,
  request,
  clientIp,
  now = new Date(),
  env = getEnv(),
}: {
  db: Db
  productId: number
  request: Request
  clientIp: string
  now?: Date
  env?: BuyNowEnv
}): Promise<Reply<BuyNowRefusal | { ok: false; error: string }> | { location: string }> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'buy-now',
    now: now.getTime(),
    maxBytes: MAX_BUY_NOW_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) return post.refused
  const form = new URLSearchParams(post.text)
  // As she wrote it, to fill the form again: each field cut far beyond what it takes.
  const values = Object.fromEntries(
    [...form].filter(([name]) => name !== HONEYPOT_FIELD).map(([k, v]) => [k, v.slice(0, 2000)]),
  )
  // A robot that fills every field is shown the page again and nothing is kept.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return { location: `/ordernow/${productId}` }
  let appliedCode: AppliedCode | undefined
  const refuse = (
    status: 400 | 404 | 409 | 502 | 503,
    problems: { field: string; message: string }[],
    priced?: BuyNowRefusal['priced'],
  ) =>
    reply(status, {
      ok: false as const,
      error: problems.map((problem) => problem.message).join(' '),
      problems,
      values,
      ...(priced ? { priced } : {}),
      ...(appliedCode ? { appliedCode } : {}),
    })

  const [treat, products, booking] = await Promise.all([
    readSetPrice(db, productId),
    listActiveProducts(db),
    readBookingSettings(db),
  ])
  const product = products.find((candidate) => candidate.id === productId)
  if (!treat || !product) {
    return refuse(404, [
      {
        field: 'product',
        message: 'That treat is not sold at a set price now: ask us for a quote.',
      },
    ])
  }
  const options = optionsOf(form)
  if (!options)
    return refuse(400, [{ field: 'options', message: 'Too many options, or one too long.' }])
  const today = bakeryToday(now)
  const fulfilment = form.get('fulfilment') === 'delivery' ? 'delivery' : 'pickup'
  const parsed = orderRequestSchema({
    today,
    products: products.map((candidate) => candidate.name),
    deliveryEnabled: booking.deliveryEnabled,
  }).safeParse({
    ...requestFields(form),
    product_type: product.name,
    event_theme: summaryOf(treat, options),
    fulfilment,
  })
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: String(issue.path.at(-1) ?? 'form'),
        message: issue.message,
      }))
  const price = priceOf(treat, booking.deliveryEnabled ? await readDeliveryFees(db) : [], {
    options,
    date: form.get('due_date') ?? '',
    today,
    fulfilment,
    postalCode: form.get('delivery_postal_code') ?? '',
  })
  if (!price.ok) {
    for (const problem of price.problems) {
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
  }
  const beforeCode = price.ok
    ? {
        totalCents: price.totalCents,
        lines: price.lines,
        quoteNeeded: price.quoteNeeded,
        deliveryFeeCents: price.deliveryFeeCents,
      }
    : undefined
  // Her code, if she typed one: found and checked now, used as the order is made.
  const typedCode = (form.get('code') ?? '').trim().slice(0, 40)
  if (typedCode && beforeCode && !beforeCode.quoteNeeded) {
    const found = await findCode(db, typedCode)
    const refused = found
      ? refusalOf(found, beforeCode.totalCents - beforeCode.deliveryFeeCents, today)
      : unknownCode(typedCode)
    if (refused) problems.push({ field: 'code', message: refused })
    else if (found) appliedCode = appliedCodeOf(found)
  }
  const coded = beforeCode ? withCode(beforeCode, appliedCode ?? null) : undefined
  // Tax is added after the code, as the order will be made (decision 113).
  const priced =
    coded && !coded.quoteNeeded ? withTaxes(coded, await treatTaxes(db, productId)) : coded
  if (form.get('intent') === 'apply_code') {
    // Only the code and the total it makes are answered, beside the code:
    // the rest of the form is hers to finish.
    const codeRefusal = (message: string) => refuse(400, [{ field: 'code', message }], priced)
    if (!typedCode) return codeRefusal('Type your code first.')
    if (!beforeCode || !priced) {
      return codeRefusal('Choose your options and date first: the code comes off their price.')
    }
    if (beforeCode.quoteNeeded) {
      return codeRefusal('One of your choices needs a quote, so a code cannot come off it here.')
    }
    const codeProblem = problems.find((problem) => problem.field === 'code')
    if (codeProblem) return codeRefusal(codeProblem.message)
    const off = beforeCode.totalCents - coded!.totalCents
    const message = `Code ${appliedCode!.code} takes ${formatMoney(off)} off: your total is ${formatMoney(priced.totalCents)}.`
    return refuse(409, [{ field: 'total', message }], priced)
  }
  if (form.get('accept_policies') !== 'on') {
    problems.push({
      field: 'accept_policies',
      message: 'Please confirm that you have read our order policies.',
    })
  }
  const payment = form.get('payment')
  const paymentProblem =
    priced && !priced.quoteNeeded
      ? paymentRefusal(buyNowTerms(treat, env), priced.totalCents, payment, 'This treat')
      : null
  if (paymentProblem) problems.push({ field: 'payment', message: paymentProblem })
  if (!parsed.success || problems.length > 0 || !priced) return refuse(400, problems, priced)
  const order = parsed.data

  // Sent at the total her page showed, and sent for a quote only when it said so.
  if (form.get('total_cents') !== String(priced.totalCents)) {
    const message = priced.quoteNeeded
      ? 'One of your choices needs a quote: check it, then send it for one.'
      : 'Check your total, then order.'
    return refuse(409, [{ field: 'total', message }], priced)
  }
  if (priced.quoteNeeded && typedCode) {
    // A code comes off a set price; off a quote, it is given as she accepts it. Never dropped unsaid.
    const message =
      'One of your choices needs a quote, so a code cannot come off it here: clear the code, and type it when you accept our quote.'
    return refuse(400, [{ field: 'code', message }], priced)
  }
  if (priced.quoteNeeded) {
    // Her choices, kept where a request keeps its event and named as what they are.
    const asked = { ...order, event_theme_holds: 'choices' as const }
    return sendForQuote(db, asked, { products, siteUrl: env.SITE_URL, now })
  }
  const giftCard = (form.get('gift_card') ?? '').trim().slice(0, 64)
  return bookBuyNow(db, {
    order,
    ...(appliedCode ? { code: appliedCode.code } : {}),
    ...(giftCard ? { giftCard } : {}),
    sendId: sendIdOf(form),
    productId,
    treatName: product.name,
    // What she chose of each group of choices, by key and by its name as sold, for the kitchen to bake and label.
    choices: treat.groups.flatMap((group) => {
      const chosen = group.choices.find((choice) => choice.key === options[group.key])
      return group.kind === 'choice' && chosen
        ? [{ group: group.key, choice: chosen.key, label: chosen.label }]
        : []
    }),
    priced: beforeCode!,
    shownCents: priced.totalCents,
    payment: payment === 'card' ? 'card' : 'pickup',
    effort: demandOf(product.name, products).effort,
    products,
    now: now.getTime(),
    env,
    refuse,
  })
}

/** The form's send id as its page made it (newSendId); anything else is no id. */
function sendIdOf(form: URLSearchParams): string | undefined {
  const id = form.get('send_id') ?? ''
  return /^[\w-]{16,64}$/.test(id) ? id : undefined
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

/** A choice that needs the owner: sent as a request, as the order form would. */
async function sendForQuote(
  db: Db,
  order: Parameters<typeof submitOrderRequests>[1][number],
  context: Parameters<typeof submitOrderRequests>[2],
) {
  const stored = await submitOrderRequests(db, [order], context)
  if (stored.ok) {
    kickDeliveryWorker()
    return { location: `/requests/${stored.links[0]!.token}` }
  }
  if ('window' in stored) {
    return reply(stored.window.reason === 'full' ? 409 : 400, {
      ok: false as const,
      error: windowMessage(order, stored.window),
    })
  }
  if ('unbookable' in stored) {
    return reply(409, { ok: false as const, error: unbookableMessage(order, stored.unbookable) })
  }
  return reply(400, { ok: false as const, error: 'That order could not be sent.' })
}
