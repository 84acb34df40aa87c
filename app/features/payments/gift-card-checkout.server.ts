import Stripe from 'stripe'
import type { z } from 'zod'
import { cardPaymentsOn, type Env, getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { giftCardsOn } from '#app/features/gift-cards/gift-card-book.server.ts'
import {
  type GiftCardPurchaseField,
  giftCardPurchaseSchema,
  purchaseCents,
} from '#app/features/gift-cards/gift-card-rules.ts'
import { keepGiftCardOrder } from '#app/features/gift-cards/gift-card-sales.server.ts'
import { type FieldErrors, fieldErrorsOf } from '#app/utils/field-errors.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type StripeSettings,
  cardCurrency,
  stripeClient,
  stripeIdempotencyKey,
} from './card-payments.server.ts'

/** A gift card that could not be bought: why, beside the field it is about, with what she wrote. */
export interface GiftCardBuyFailure {
  ok: false
  error: string
  errors?: FieldErrors<GiftCardPurchaseField>
  values?: Record<string, string>
}

const MAX_BYTES = 4 * 1024

const UNREACHABLE =
  'We could not reach our card payment service just now, so nothing was charged. Please try again in a few minutes.'
const REFUSED =
  'Our card payment service could not open a payment just now, so nothing was charged. Please try again later.'

/** A gift card purchase as its form's one schema reads it. */
type GiftCardPurchase = z.output<typeof giftCardPurchaseSchema>

/** The answer when the card is not bought, with what she wrote for the form to show again. */
function refuseGiftCardBuy(
  status: number,
  error: string,
  more: Partial<GiftCardBuyFailure> = {},
): Reply<GiftCardBuyFailure> {
  return reply<GiftCardBuyFailure>(status, { ok: false, error, ...more })
}

/** Her form, bounded and read with its one schema and the amount's own reading; what she wrote. */
async function readGiftCardPurchase({
  request,
  clientIp,
  db,
  now,
}: {
  request: Request
  clientIp: string
  db: Db
  now: number
}): Promise<
  | { ok: true; form: GiftCardPurchase; cents: number; values: Record<string, string> }
  | { ok: false; answer: Reply<GiftCardBuyFailure> }
> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'gift-card',
    now,
    maxBytes: MAX_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) {
    return { ok: false, answer: refuseGiftCardBuy(post.refused.status, post.refused.body.error) }
  }
  const values = Object.fromEntries(new URLSearchParams(post.text))
  const parsed = giftCardPurchaseSchema.safeParse(values)
  const amount = purchaseCents({ amount: values.amount ?? '', other_amount: values.other_amount })
  const errors: FieldErrors<GiftCardPurchaseField> = {
    ...(amount.ok ? {} : { [amount.field]: amount.error }),
    ...(parsed.success ? {} : fieldErrorsOf<GiftCardPurchaseField>(parsed.error)),
  }
  if (!parsed.success || !amount.ok) {
    const answer = refuseGiftCardBuy(400, 'Please check the fields marked below.', {
      errors,
      values,
    })
    return { ok: false, answer }
  }
  return { ok: true, form: parsed.data, cents: amount.cents, values }
}

/**
 * POST /gift-cards: a gift card bought by card (decision 114). Her form is
 * read with its one schema; Stripe's Checkout is opened for exactly the
 * amount, and the card is kept with its session, without a code until the
 * webhook tells of the payment (checkout-settlement.server.ts). A double
 * click is one session: the idempotency key is the form's own content.
 */
export async function startGiftCardCheckout({
  request,
  clientIp,
  db,
  env = getEnv(),
  now = Date.now(),
}: {
  request: Request
  clientIp: string
  db: Db
  env?: StripeSettings & Pick<Env, 'SITE_URL'>
  now?: number
}): Promise<Reply<GiftCardBuyFailure> | { redirect: string }> {
  if (!cardPaymentsOn(env) || !(await giftCardsOn(db))) {
    return refuseGiftCardBuy(404, 'Gift cards are not sold here.')
  }
  const read = await readGiftCardPurchase({ request, clientIp, db, now })
  if (!read.ok) return read.answer
  const { form, cents, values } = read
  const params = giftCardSessionParams({ form, cents, siteUrl: env.SITE_URL })
  const created = await createGiftCardSession(env, { params, form, values, now })
  if ('answer' in created) return created.answer
  const { session } = created
  if (!session.url) return refuseGiftCardBuy(502, REFUSED, { values })
  await keepGiftCardOrder(
    db,
    {
      amountCents: cents,
      buyerName: form.buyer_name,
      buyerEmail: form.buyer_email,
      recipientName: form.recipient_name,
      recipientEmail: form.recipient_email,
      message: form.message,
    },
    { sessionId: session.id, currency: cardCurrency(), now },
  )
  return { redirect: session.url }
}

/** The Checkout session asked of Stripe: one line for the card's amount, back to the shop. */
function giftCardSessionParams({
  form,
  cents,
  siteUrl,
}: {
  form: GiftCardPurchase
  cents: number
  siteUrl: string
}): Stripe.Checkout.SessionCreateParams {
  const label = `${formatMoney(cents)} gift card for ${form.recipient_name}`
  const metadata = { gift_card: 'yes' }
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: cardCurrency(),
          unit_amount: cents,
          product_data: { name: label },
        },
      },
    ],
    metadata,
    payment_intent_data: { metadata },
    customer_email: form.buyer_email,
    success_url: `${siteUrl}/gift-cards?bought=yes`,
    cancel_url: `${siteUrl}/gift-cards?card=cancelled`,
  }
}

/** Asks Stripe for the session under its idempotency key; a failure is what she is told. */
async function createGiftCardSession(
  env: StripeSettings,
  {
    params,
    form,
    values,
    now,
  }: {
    params: Stripe.Checkout.SessionCreateParams
    form: GiftCardPurchase
    values: Record<string, string>
    now: number
  },
): Promise<{ session: Stripe.Checkout.Session } | { answer: Reply<GiftCardBuyFailure> }> {
  try {
    const session = await stripeClient(env).checkout.sessions.create(params, {
      // The page's own attempt: a double click is one session, a second card bought later another.
      idempotencyKey: stripeIdempotencyKey('gift-card', {
        ...params,
        attempt: /^[\w-]{8,64}$/.test(values.attempt ?? '') ? values.attempt : String(now),
        recipient: form.recipient_email,
        message: form.message,
        buyer: form.buyer_name,
      }),
    })
    return { session }
  } catch (error) {
    const connection = error instanceof Stripe.errors.StripeConnectionError
    // Its type only: Stripe's message can quote the buyer's address.
    console.warn(
      `gift card checkout: ${error instanceof Stripe.errors.StripeError ? error.type : 'not reached'}`,
    )
    return {
      answer: connection
        ? refuseGiftCardBuy(503, UNREACHABLE, { values })
        : refuseGiftCardBuy(502, REFUSED, { values }),
    }
  }
}
