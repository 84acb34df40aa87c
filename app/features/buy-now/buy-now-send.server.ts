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
import type { AppliedCode } from '#app/features/discount-codes/discount-rules.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { type PriceLine, optionsOf } from '#app/features/menu/option-prices.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { unbookableMessage, windowMessage } from '#app/features/orders/order-send.server.ts'
import { cardTerms } from '#app/features/payments/card-payments.server.ts'
import {
  type PaymentTerms,
  paymentRefusal,
} from '#app/features/set-price-orders/payment-choices.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { type PostFailure, readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { bookBuyNow } from './buy-now-book.server.ts'
import { type BuyNowPrice, type Sale, priceBuyNow, readSale } from './buy-now-pricing.server.ts'

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
  const read = await readBuyNowForm({ db, request, clientIp, now })
  if ('refused' in read) return read.refused
  const { form, values } = read
  // A robot that fills every field is shown the page again and nothing is kept.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return { location: `/ordernow/${productId}` }
  const sale = await readSale(db, productId)
  if (!sale) {
    return refuserFor(values)(404, [
      {
        field: 'product',
        message: 'That treat is not sold at a set price now: ask us for a quote.',
      },
    ])
  }
  const options = optionsOf(form)
  if (!options) {
    return refuserFor(values)(400, [
      { field: 'options', message: 'Too many options, or one too long.' },
    ])
  }
  const price = await priceBuyNow(db, { form, sale, options, productId, today: bakeryToday(now) })
  const refuse = refuserFor(values, price.appliedCode)
  if (form.get('intent') === 'apply_code') return answerCodeCheck(price, refuse)
  const { parsed, priced } = price
  const payment = form.get('payment')
  const problems = [
    ...price.problems,
    ...policyAndPaymentProblems({ form, payment, priced, treat: sale.treat, env }),
  ]
  if (!parsed.success || problems.length > 0 || !priced) return refuse(400, problems, priced)
  const unconfirmed = unconfirmedRefusal({ form, priced, typedCode: price.typedCode, refuse })
  if (unconfirmed) return unconfirmed
  if (priced.quoteNeeded) {
    // Her choices, kept where a request keeps its event and named as what they are.
    const asked = { ...parsed.data, event_theme_holds: 'choices' as const }
    return sendForQuote(db, asked, { products: sale.products, siteUrl: env.SITE_URL, now })
  }
  return bookBuyNow(db, {
    ...bookingOf({ form, order: parsed.data, sale, options, price, shownCents: priced.totalCents }),
    payment: payment === 'card' ? 'card' : 'pickup',
    productId,
    now: now.getTime(),
    env,
    refuse,
  })
}

/** Her post read once, bounded and rate-limited, with each field as she wrote it. */
async function readBuyNowForm({
  db,
  request,
  clientIp,
  now,
}: {
  db: Db
  request: Request
  clientIp: string
  now: Date
}): Promise<
  { refused: Reply<PostFailure> } | { form: URLSearchParams; values: Record<string, string> }
> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'buy-now',
    now: now.getTime(),
    maxBytes: MAX_BUY_NOW_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) return post
  const form = new URLSearchParams(post.text)
  // As she wrote it, to fill the form again: each field cut far beyond what it takes.
  const values = Object.fromEntries(
    [...form].filter(([name]) => name !== HONEYPOT_FIELD).map(([k, v]) => [k, v.slice(0, 2000)]),
  )
  return { form, values }
}

type Problem = { field: string; message: string }

/** Answers her form with its problems and the form as she filled it, her usable code with it. */
function refuserFor(values: Record<string, string>, appliedCode?: AppliedCode) {
  return (
    status: 400 | 404 | 409 | 502 | 503,
    problems: Problem[],
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
}

type Refuse = ReturnType<typeof refuserFor>

/**
 * Only the code and the total it makes are answered, beside the code:
 * the rest of the form is hers to finish.
 */
function answerCodeCheck(
  { typedCode, beforeCode, coded, priced, appliedCode, problems }: BuyNowPrice,
  refuse: Refuse,
) {
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

/** Her policies confirmed, and a way to pay this treat and total allows. */
function policyAndPaymentProblems({
  form,
  payment,
  priced,
  treat,
  env,
}: {
  form: URLSearchParams
  payment: string | null
  priced: BuyNowPrice['priced']
  treat: Sale['treat']
  env: BuyNowEnv
}): Problem[] {
  const problems: Problem[] = []
  if (form.get('accept_policies') !== 'on') {
    problems.push({
      field: 'accept_policies',
      message: 'Please confirm that you have read our order policies.',
    })
  }
  const paymentProblem =
    priced && !priced.quoteNeeded
      ? paymentRefusal(buyNowTerms(treat, env), priced.totalCents, payment, 'This treat')
      : null
  if (paymentProblem) problems.push({ field: 'payment', message: paymentProblem })
  return problems
}

/** Sent at the total her page showed, and sent for a quote only when it said so; else refused. */
function unconfirmedRefusal({
  form,
  priced,
  typedCode,
  refuse,
}: {
  form: URLSearchParams
  priced: NonNullable<BuyNowPrice['priced']>
  typedCode: string
  refuse: Refuse
}) {
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
  return null
}

/** What the order is made of: her request, code and gift card, her choices by name, the price. */
function bookingOf({
  form,
  order,
  sale,
  options,
  price,
  shownCents,
}: {
  form: URLSearchParams
  order: OrderRequest
  sale: Sale
  options: Record<string, string>
  price: BuyNowPrice
  shownCents: number
}) {
  const giftCard = (form.get('gift_card') ?? '').trim().slice(0, 64)
  return {
    order,
    ...(price.appliedCode ? { code: price.appliedCode.code } : {}),
    ...(giftCard ? { giftCard } : {}),
    sendId: sendIdOf(form),
    treatName: sale.product.name,
    choices: choicesOf(sale.treat, options),
    priced: price.beforeCode!,
    shownCents,
    effort: demandOf(sale.product.name, sale.products).effort,
    products: sale.products,
  }
}

/** What she chose of each group of choices, by key and by its name as sold, for the kitchen to bake and label. */
function choicesOf(treat: Sale['treat'], options: Record<string, string>) {
  return treat.groups.flatMap((group) => {
    const chosen = group.choices.find((choice) => choice.key === options[group.key])
    return group.kind === 'choice' && chosen
      ? [{ group: group.key, choice: chosen.key, label: chosen.label }]
      : []
  })
}

/** The form's send id as its page made it (newSendId); anything else is no id. */
function sendIdOf(form: URLSearchParams): string | undefined {
  const id = form.get('send_id') ?? ''
  return /^[\w-]{16,64}$/.test(id) ? id : undefined
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
