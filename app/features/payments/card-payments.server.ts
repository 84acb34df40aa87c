import { createHash } from 'node:crypto'
import Stripe from 'stripe'
import { cardPaymentsOn, type Env, getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { currentQuote } from '#app/features/order-book/quotes.server.ts'
import { cardMinimumCents } from '#app/features/order-status/card-minimum.ts'
import { type Money, paidInOne } from '#app/features/order-status/money-owed.ts'
import type { PaymentTerms } from '#app/features/set-price-orders/payment-choices.ts'
import { setPriceCardWindow } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { localSettings } from '#app/utils/local-settings.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type CardKind, cardDueOf } from './card-due.ts'
import type { CardCheckoutFailure, CardNotice, CustomerCardOffer } from './card-offer.ts'
import {
  type CheckoutRequest,
  checkoutParams,
  checkoutWords,
} from './checkout-session-params.server.ts'

const ownTables = tablesFor('payments')

/**
 * Card payments through the owner's own Stripe account (decision 045): on
 * only when both keys are set. Checkout is Stripe's hosted page, so no card
 * number ever reaches this server; the site opens a session for exactly
 * what is due and hears of the payment through the webhook
 * (stripe-webhook.server.ts).
 */
export { type CardKind, cardDueOf } from './card-due.ts'

export type StripeSettings = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'
>

/** What Stripe charges in: the bakery's currency (Settings), lower-case. */
export function cardCurrency(): string {
  return localSettings().currency.toLowerCase()
}

let cached: { key: string; apiUrl: string | undefined; client: Stripe } | undefined

/**
 * The Stripe client, made on first use from the validated environment and
 * kept while the keys stay the same. STRIPE_API_URL (tests only) points it
 * at a local fake of Stripe's API.
 */
export function stripeClient(env: StripeSettings = getEnv()): Stripe {
  const key = env.STRIPE_SECRET_KEY
  if (!key) throw new Error('Card payments are off: STRIPE_SECRET_KEY is not set.')
  if (cached?.key === key && cached.apiUrl === env.STRIPE_API_URL) return cached.client
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined
  const client = new Stripe(key, {
    // One retry, with the same idempotency key, then the customer hears of it.
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  })
  cached = { key, apiUrl: env.STRIPE_API_URL, client }
  return client
}

/**
 * The idempotency key of a request to Stripe: what it is (`name`, for
 * whoever reads Stripe's logs) and a digest of its exact parameters. Stripe
 * keeps a key a day for the whole account and refuses it with other
 * parameters, so a name alone ("request 12's deposit") is refused on
 * another install on the same account, or after a restore has handed the
 * id to another request. The parameters name what is unique to this
 * request (the customer's private page; Stripe's payment intent), so they
 * differ wherever the request does, and are the same when the same request
 * is asked again: a double click, a retry, the same request after a
 * restore, each gets back what Stripe made the first time (decision 077).
 */
export function stripeIdempotencyKey(name: string, params: object): string {
  return `${name}-${createHash('sha256').update(JSON.stringify(params)).digest('base64url')}`
}

/** The card payment a request's page offers, as it shows it; null for none. */
export function cardOfferOf(
  status: RequestStatus,
  quoteAccepted: boolean,
  money: Money,
): CustomerCardOffer | null {
  const due = cardDueOf(status, quoteAccepted, money)
  return due && { ...due, amount: formatMoney(due.amountCents), inFull: isInFull(due, money) }
}

/** Whether a deposit due is the whole price, paid in one (paidInOne): a set-price order's. */
function isInFull(due: { kind: CardKind; amountCents: number }, money: Money): boolean {
  return due.kind === 'deposit' && paidInOne(money)
}

/** What the page says on coming back from Stripe: `?paid=deposit`, `?card=cancelled`. */
export function cardNoticeOf(url: URL): CardNotice | null {
  const paid = url.searchParams.get('paid')
  if (paid === 'deposit' || paid === 'balance' || paid === 'full') return `paid-${paid}`
  return url.searchParams.get('card') === 'cancelled' ? 'cancelled' : null
}

const MAX_PAY_BYTES = 512

const UNREACHABLE =
  'We could not reach our card payment service just now, so nothing was charged. Please try again in a few minutes, or pay by e-Transfer as shown below.'
const REFUSED =
  'Our card payment service could not open a payment just now, so nothing was charged. Please try again later, or pay by e-Transfer as shown below.'

/** Her page's choice: which request, deposit or balance, and the cents it showed; null when unreadable. */
function readPayChoice(
  text: string,
): { position: number; kind: CardKind; shownCents: number | undefined } | null {
  const form = new URLSearchParams(text)
  const position = linkPosition(form)
  const kind = form.get('kind')
  const shownCents = /^\d{1,9}$/.test(form.get('amount') ?? '')
    ? Number(form.get('amount'))
    : undefined
  if (position === undefined || (kind !== 'deposit' && kind !== 'balance')) return null
  return { position, kind, shownCents }
}

/** The request she pays for: her link's party lead, still under her token. */
async function readPayingRequest(db: Db, { token, position }: { token: string; position: number }) {
  // A party is paid once, on its lead: the session's metadata names the lead (decision 049).
  const leadId = await leadOfLink(db, { token, position })
  if (leadId === undefined) return undefined
  return ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'status', 'email', 'product_type', 'due_date', 'payment_reference'])
    .where('id', '=', leadId)
    .where('customer_token', '=', token)
    .executeTakeFirst()
}

/**
 * The customer's "Pay the deposit now" / "Pay the balance", posted from her
 * private page (`request` = the request's position in its send, `kind` =
 * deposit | balance, `amount` = the cents the page showed). Opens a Stripe
 * Checkout session for exactly what is owed now, records it, and answers
 * with where to send her: Stripe's page. A double click opens one session:
 * the idempotency key is the request, the kind, the amount and what is paid
 * so far, with a digest of the session's parameters (stripeIdempotencyKey),
 * so Stripe answers a repeat with the session it made. Nothing is stored
 * unless Stripe made the session.
 */
export async function startCardCheckout({
  request,
  token,
  clientIp,
  db,
  env = getEnv(),
  now = Date.now(),
}: {
  request: Request
  token: string
  clientIp: string
  db: Db
  env?: StripeSettings & Pick<Env, 'SITE_URL'>
  now?: number
}): Promise<Reply<CardCheckoutFailure> | { redirect: string }> {
  const fail = (status: number, error: string, more: Partial<CardCheckoutFailure> = {}) =>
    reply<CardCheckoutFailure>(status, { ok: false, card: true, error, ...more })
  if (!cardPaymentsOn(env))
    return fail(404, 'Card payments are not taken here.', { notFound: true })
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'card-checkout',
    now,
    maxBytes: MAX_PAY_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) return fail(post.refused.status, post.refused.body.error)
  const choice = readPayChoice(post.text)
  if (!choice) {
    return fail(400, 'Please reload your order’s page and choose the payment again.')
  }
  const { position, kind, shownCents } = choice
  const row = await readPayingRequest(db, { token, position })
  if (!row) return fail(404, 'We could not find that request.', { notFound: true })
  const [quote, money] = await Promise.all([currentQuote(db, row.id), moneyOf(db, row.id)])
  const due = quote && cardDueOf(row.status, quote.accepted_at !== null, money)
  if (!due) {
    return fail(409, 'Nothing is due by card on this order just now.', { position })
  }
  if (due.kind !== kind || (shownCents !== undefined && shownCents !== due.amountCents)) {
    return fail(
      409,
      `What is due has changed since this page was opened: it is now ${formatMoney(due.amountCents)} (${due.kind}). Please check it and pay again.`,
      { position },
    )
  }

  // A set-price order waiting for its card payment is given up at a set time (decision 103).
  const window = await setPriceCardWindow(db, {
    requestId: Number(row.id),
    now,
    shortestMs: SHORTEST_CHECKOUT_MS,
  })
  if (window && 'refused' in window) return fail(409, window.refused, { position })
  const opened = await openCardCheckout(db, {
    request: row,
    token,
    due,
    paidCents: money.paidCents,
    inFull: isInFull(due, money),
    ...(window ? { endsAt: window.endsAt } : {}),
    env,
    now,
  })
  return 'redirect' in opened ? opened : fail(opened.status, opened.error, { position })
}

/** The `request` her page's payment forms post: the request's position in its send. */
export function linkPosition(form: URLSearchParams): number | undefined {
  const typed = form.get('request') ?? ''
  return /^[1-9]\d{0,5}$/.test(typed) ? Number(typed) : undefined
}

/**
 * The request her private link names at `position`, as the party it pays
 * for: its lead's id (a party is paid once, on its lead; decision 049).
 */
export async function leadOfLink(
  db: Db,
  { token, position }: { token: string; position: number },
): Promise<number | undefined> {
  const named = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'party_lead_id'])
    .where('customer_token', '=', token)
    .where('position', '=', position)
    .executeTakeFirst()
  return named && Number(named.party_lead_id ?? named.id)
}

/** Stripe takes a Checkout session's own end no sooner than 30 minutes ahead. */
export const SHORTEST_CHECKOUT_MS = 31 * 60_000

/**
 * Opens a Stripe Checkout session for exactly `due` of a request, records it,
 * and answers with Stripe's page. Her private page's "Pay now" comes here
 * (startCardCheckout), and so does an order sold at a set price, paid in full
 * as it is made: that one passes `endsAt`, so Stripe takes no payment after
 * the stock kept for it is given back. Nothing is stored unless Stripe made
 * the session.
 */
export async function openCardCheckout(
  db: Db,
  {
    request: row,
    token,
    due,
    paidCents,
    endsAt,
    label,
    inFull = false,
    giftCardCents = 0,
    env = getEnv(),
    now = Date.now(),
  }: {
    request: CheckoutRequest
    token: string
    due: { kind: CardKind; amountCents: number }
    paidCents: number
    /** When the session stops taking the payment (epoch ms), at least SHORTEST_CHECKOUT_MS ahead. */
    endsAt?: number
    /** What Stripe's page says it is for, when not a deposit or balance ("Your order of …"). */
    label?: string
    /** The whole price at once (a set-price order): her page thanks her for it, not a deposit. */
    inFull?: boolean
    /** What a gift card paid of it as it was ordered: Stripe's page says the charge is the rest. */
    giftCardCents?: number
    env?: StripeSettings & Pick<Env, 'SITE_URL'>
    now?: number
  },
): Promise<{ redirect: string } | { status: 502 | 503; error: string }> {
  const what = await checkoutWords(db, { row, kind: due.kind, label, inFull, giftCardCents })
  const params = checkoutParams({
    row,
    token,
    due,
    what,
    inFull,
    endsAt,
    siteUrl: env.SITE_URL,
    currency: cardCurrency(),
  })
  const created = await createCheckoutSession(env, {
    requestId: row.id,
    params,
    name: `checkout-${row.id}-${due.kind}-${due.amountCents}-${paidCents}`,
  })
  if ('error' in created) return created
  const { session } = created
  if (!session.url) return { status: 502, error: REFUSED }
  await ownTables(db)
    .insertInto('card_checkout')
    .values({
      request_id: row.id,
      session_id: session.id,
      kind: due.kind,
      amount_cents: due.amountCents,
      currency: cardCurrency(),
      created_at: now,
    })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute()
  return { redirect: session.url }
}

/** Asks Stripe for the session under its idempotency key; a failure is what she is told. */
async function createCheckoutSession(
  env: StripeSettings,
  {
    requestId,
    params,
    name,
  }: { requestId: number; params: Stripe.Checkout.SessionCreateParams; name: string },
): Promise<{ session: Stripe.Checkout.Session } | { status: 502 | 503; error: string }> {
  try {
    const session = await stripeClient(env).checkout.sessions.create(params, {
      idempotencyKey: stripeIdempotencyKey(name, params),
    })
    return { session }
  } catch (error) {
    const connection = error instanceof Stripe.errors.StripeConnectionError
    // Handled (she is told, nothing is stored); kept in the log for the owner.
    console.warn(
      `card checkout for request ${requestId}: ${error instanceof Error ? error.message : String(error)}`,
    )
    return connection ? { status: 503, error: UNREACHABLE } : { status: 502, error: REFUSED }
  }
}

/** What the site's cards add to an order's ways to pay: taken at all, and from how much. */
export function cardTerms(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'> = getEnv(),
): Omit<PaymentTerms, 'payAtPickup'> {
  return { cardsOn: cardPaymentsOn(env), cardMinimumCents: cardMinimumCents() }
}
