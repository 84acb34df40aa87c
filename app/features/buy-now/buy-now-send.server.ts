/**
 * "Buy now" (decision 103): a treat sold at a set price is ordered at once,
 * priced by the one rule (`priceOf`, decision 102), under the same capacity
 * and pickup-time rules as a request, and stored as a set-price order of the
 * book: paid by card through Checkout, or booked to pay at pickup, with no
 * step for the owner. A choice that needs a quote goes down the request's
 * path instead, as the order form would send it.
 */
import { type Env, cardPaymentsOn, getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import {
  demandOf,
  findUnbookable,
  lockBookings,
} from '#app/features/availability/availability.server.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { readDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { readAcceptedPolicies } from '#app/features/availability/order-policies.server.ts'
import { findWindowRefusal } from '#app/features/availability/pickup-windows.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { type PriceLine, optionsOf, priceOf } from '#app/features/menu/option-prices.ts'
import { readSetPrice } from '#app/features/menu/set-prices.server.ts'
import { newCustomerToken } from '#app/features/order-book/request-intake.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { type OrderRequest, orderRequestSchema } from '#app/features/orders/order-schema.ts'
import { unbookableMessage, windowMessage } from '#app/features/orders/order-send.server.ts'
import {
  SHORTEST_CHECKOUT_MS,
  openCardCheckout,
} from '#app/features/payments/card-payments.server.ts'
import {
  type SetPricePayment,
  bookAtSetPrice,
} from '#app/features/set-price-orders/set-price-orders.server.ts'
import { bakeryToday, formatCalendarDate } from '#app/utils/dates.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { summaryOf } from './buy-now-fields.ts'

/**
 * How long after its Checkout session ends an unpaid card order still keeps
 * its day: Stripe takes no payment after the session's end, and this is
 * time for its word of one made just before to arrive (as a drop's, 100).
 */
export const PAYMENT_WORD_MS = 10 * 60_000

/** A buy-now form is a few short fields and a message on top: far below this. */
const MAX_BUY_NOW_BYTES = 16 * 1024

type BuyNowEnv = Pick<
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
}

/** The ways a treat bought now may be paid, in the order the page offers them. */
export function buyNowPayments(
  treat: { payAtPickup: boolean },
  env: BuyNowEnv = getEnv(),
): SetPricePayment[] {
  const cards = cardPaymentsOn(env)
  return [
    ...(cards ? (['card'] as const) : []),
    // With no card payments, pickup is the only way to pay, whatever the treat says.
    ...(treat.payAtPickup || !cards ? (['pickup'] as const) : []),
  ]
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
  const values = Object.fromEntries(
    [...form].filter(([name]) => name !== HONEYPOT_FIELD).map(([k, v]) => [k, v.slice(0, 500)]),
  )
  // A robot that fills every field is shown the page again and nothing is kept.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return { location: `/ordernow/${productId}` }
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
      // The date's own check says it first; a delivery's code is the address's field.
      if (problems.some((known) => known.field === problem.field)) continue
      problems.push(
        problem.field === 'postal_code' ? { ...problem, field: 'delivery_postal_code' } : problem,
      )
    }
  }
  const priced = price.ok
    ? {
        totalCents: price.totalCents,
        lines: price.lines,
        quoteNeeded: price.quoteNeeded,
        deliveryFeeCents: price.deliveryFeeCents,
      }
    : undefined
  if (form.get('accept_policies') !== 'on') {
    problems.push({
      field: 'accept_policies',
      message: 'Please confirm that you have read our order policies.',
    })
  }
  const payments = buyNowPayments(treat, env)
  const payment = form.get('payment')
  const chosenPayment = payments.find((way) => way === payment)
  if (priced && !priced.quoteNeeded && !chosenPayment)
    problems.push({ field: 'payment', message: 'Choose how you will pay.' })
  if (!parsed.success || problems.length > 0 || !priced) return refuse(400, problems, priced)
  const order = parsed.data

  if (priced.quoteNeeded) return sendForQuote(db, order, { products, siteUrl: env.SITE_URL, now })
  if (form.get('total_cents') !== String(priced.totalCents)) {
    return refuse(409, [{ field: 'total', message: 'Check your total, then order.' }], priced)
  }
  return orderNow(db, {
    order,
    productId,
    treatName: product.name,
    priced,
    payment: chosenPayment!,
    effort: demandOf(product.name, products).effort,
    products,
    now: now.getTime(),
    env,
    refuse,
  })
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
  order: OrderRequest,
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

/**
 * Makes the order under the booking lock, so two orders racing for a day's
 * last room or a window's last place make one; then sends her to pay by
 * card, or to her order's page.
 */
async function orderNow(
  db: Db,
  {
    order,
    productId,
    treatName,
    priced,
    payment,
    effort,
    products,
    now,
    env,
    refuse,
  }: {
    order: OrderRequest
    productId: number
    treatName: string
    priced: { totalCents: number; lines: PriceLine[]; deliveryFeeCents: number }
    payment: SetPricePayment
    effort: number
    products: Parameters<typeof findUnbookable>[2]['products']
    now: number
    env: BuyNowEnv
    refuse: (
      status: 409 | 502 | 503,
      problems: { field: string; message: string }[],
    ) => Reply<BuyNowRefusal>
  },
) {
  const byCard = payment === 'card'
  const token = newCustomerToken()
  const checkoutEnds = now + SHORTEST_CHECKOUT_MS
  const stored = await db.transaction().execute(async (trx) => {
    await lockBookings(trx)
    const unbookable = await findUnbookable(
      trx,
      [{ dueDate: order.due_date, productType: order.product_type }],
      { products, now: new Date(now) },
    )
    if (unbookable) {
      return {
        ok: false as const,
        field: 'due_date',
        message: unbookableMessage(order, unbookable),
      }
    }
    const window = await findWindowRefusal(trx, [
      { dueDate: order.due_date, window: order.pickup_window },
    ])
    if (window) {
      return { ok: false as const, field: 'pickup_window', message: windowMessage(order, window) }
    }
    const booked = await bookAtSetPrice(
      trx,
      {
        request: {
          name: order.name,
          email: order.email,
          phone_number: order.phone_number,
          product_type: order.product_type,
          event_theme: order.event_theme,
          due_date: order.due_date,
          hear_about_us: order.hear_about_us,
          comments: order.comments?.trim() ? order.comments : null,
          effort,
          servings: null,
          allergies: order.allergies || null,
          fulfilment: order.fulfilment ?? 'pickup',
          pickup_window: order.pickup_window ?? null,
          ...(order.fulfilment === 'delivery'
            ? {
                delivery_street: order.delivery_street ?? null,
                delivery_city: order.delivery_city ?? null,
                delivery_postal_code: order.delivery_postal_code ?? null,
                delivery_notes: order.delivery_notes || null,
              }
            : {}),
        },
        priceCents: priced.totalCents,
        deliveryFeeCents: priced.deliveryFeeCents,
        payment,
        acceptedPolicies: await readAcceptedPolicies(trx),
        pricedBy: `${treatName} at its set price.`,
        lines: priced.lines,
        siteUrl: env.SITE_URL,
        now,
        productId,
        ...(byCard ? { unpaidUntil: checkoutEnds + PAYMENT_WORD_MS } : {}),
      },
      token,
    )
    return { ok: true as const, ...booked }
  })
  if (!stored.ok) return refuse(409, [{ field: stored.field, message: stored.message }])
  const orderPage = `/requests/${token}`
  if (!byCard) {
    // Her "booked" email and the owner's are in the outbox: off they go.
    kickDeliveryWorker()
    return { location: orderPage }
  }
  const opened = await openCardCheckout(db, {
    request: {
      id: stored.requestId,
      email: order.email,
      due_date: order.due_date,
      payment_reference: stored.reference,
    },
    token,
    due: { kind: 'deposit', amountCents: priced.totalCents },
    paidCents: 0,
    endsAt: checkoutEnds,
    inFull: true,
    label: `${treatName}: ${order.event_theme}, ${formatCalendarDate(order.due_date)}`,
    env,
    now,
  })
  if ('redirect' in opened) return { location: opened.redirect }
  // The order stands and waits for its payment: her page offers the card again.
  return { location: orderPage }
}
