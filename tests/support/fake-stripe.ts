/**
 * A local fake of the part of Stripe's API the site uses, for tests: the
 * real `stripe` package is pointed at it through STRIPE_API_URL. It keeps
 * every request it receives (path, headers, the form-encoded body) for the
 * test to check, answers a repeated Idempotency-Key with the session it made
 * the first time and refuses it with other parameters (as Stripe does, for
 * the whole account: two sites may share one fake), and serves a tiny
 * hosted "checkout" page: paying there posts a `checkout.session.completed`
 * event, signed with the package's own test-header helper, to the site's
 * webhook, then sends the browser on to the session's success_url. Refunds (`POST /v1/refunds`) are
 * weighed against what is left of the paid session's payment intent, as
 * Stripe does; a test can also refund "on the dashboard" and send the
 * signed refund events Stripe would. Events are dated and signed by the
 * fake's clock (the test's, when it injects one into the webhook too).
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export interface ReceivedRequest {
  method: string
  path: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  /** The form-encoded body, as sent. */
  form: URLSearchParams
  /** The query, as a GET sends its parameters. */
  query: URLSearchParams
}

export interface FakeSession {
  id: string
  object: 'checkout.session'
  mode: string
  status: 'open' | 'complete'
  payment_status: 'unpaid' | 'paid'
  amount_total: number
  currency: string
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  success_url: string
  cancel_url: string
  url: string
  payment_intent: string | null
  /** Epoch seconds: Stripe takes no payment on it after this. */
  expires_at?: number
}

export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  charge: string
  status: 'succeeded' | 'pending' | 'failed' | 'canceled'
  metadata: Record<string, string>
  /** Epoch seconds */
  created: number
}

/** A paid session's payment, as Stripe's charge keeps it: what is refunded of it so far. */
export interface FakeCharge {
  id: string
  object: 'charge'
  payment_intent: string
  amount: number
  amount_refunded: number
  currency: string
  refunded: boolean
  metadata: Record<string, string>
  /** What Stripe kept of it, on its balance transaction: 2.9% and 30¢, as a Canadian card. */
  fee: number
}

export interface SignedEvent {
  id: string
  payload: string
  /** The Stripe-Signature header for the payload, signed now. */
  signature: () => string
}

export interface FakeStripe {
  /** The origin to set as STRIPE_API_URL. */
  url: string
  secretKey: string
  webhookSecret: string
  received: ReceivedRequest[]
  sessions: Map<string, FakeSession>
  /** Each refund made, through the API or "on the dashboard", by id. */
  refunds: Map<string, FakeRefund>
  /** The charge of each paid session, by its payment intent. */
  charges: Map<string, FakeCharge>
  /** Each webhook delivery: the event and the site's answer. */
  deliveries: { eventId: string; status: number }[]
  /** While set, the API answers every request with this HTTP status and an error. */
  failWith: number | undefined
  /** The Stripe-Signature header Stripe would send with these exact bytes: signed at `at` (ms; the fake's clock unless given), with the webhook secret unless given. */
  sign(payload: string, options?: { at?: number; secret?: string }): string
  /** An event about a session (or a refund, a charge), signed with the webhook secret (or another, to forge one). */
  event(
    object: FakeSession | FakeRefund | FakeCharge,
    options?: { type?: string; id?: string; secret?: string },
  ): SignedEvent
  /**
   * The owner refunds on Stripe's dashboard, not through the site: the
   * refund is made (and counted against the charge) and its signed
   * `refund.created` event returned, to deliver (or not) when the test says.
   */
  refundOnDashboard(
    paymentIntent: string,
    amount: number,
    /** When it was made, epoch seconds; now unless given. */
    created?: number,
  ): { refund: FakeRefund; event: SignedEvent }
  /** The `charge.refunded` event of a payment intent's charge as it stands (without its refunds' list, as Stripe's current API sends it). */
  chargeRefundedEvent(paymentIntent: string): SignedEvent
  /** Marks the session paid and delivers its completed event; the site's status. */
  pay(sessionId: string): Promise<number>
  /** Posts an event (again) to the site's webhook; the site's status. */
  deliver(event: SignedEvent): Promise<number>
  close(): Promise<void>
}

export async function startFakeStripe({
  secretKey = 'sk_test_fake0000000000000000',
  webhookSecret = 'whsec_fake0000000000000000',
  deliver,
  port = 0,
  clock = Date.now,
}: {
  /** A fixed port (a browser test's server is told it before the fake starts); 0 for any. */
  port?: number
  secretKey?: string
  webhookSecret?: string
  /** How an event reaches the site: a fetch to its webhook, or a direct call in a unit test. */
  deliver: (payload: string, signature: string) => Promise<number>
  /** Stripe's clock, in ms: when its events are made and signed. */
  clock?: () => number
}): Promise<FakeStripe> {
  const received: ReceivedRequest[] = []
  const sessions = new Map<string, FakeSession>()
  const byIdempotencyKey = new Map<string, { body: string; session: FakeSession }>()
  const refunds = new Map<string, FakeRefund>()
  const charges = new Map<string, FakeCharge>()
  const refundsByKey = new Map<string, { body: string; refund: FakeRefund }>()
  const deliveries: FakeStripe['deliveries'] = []
  let count = 0
  let origin = ''

  const sign: FakeStripe['sign'] = (payload, { at = clock(), secret = webhookSecret } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: at / 1000 })

  const event: FakeStripe['event'] = (object, options = {}) => {
    count += 1
    const id = options.id ?? `evt_test_${String(count).padStart(6, '0')}`
    const payload = JSON.stringify(
      {
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(clock() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: options.type ?? 'checkout.session.completed',
        data: { object },
      },
      null,
      2,
    )
    return {
      id,
      payload,
      signature: () => sign(payload, { secret: options.secret ?? webhookSecret }),
    }
  }

  const send = async (signed: SignedEvent) => {
    const status = await deliver(signed.payload, signed.signature())
    deliveries.push({ eventId: signed.id, status })
    return status
  }

  const pay = async (sessionId: string) => {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`)
    if (session.expires_at !== undefined && clock() / 1000 >= session.expires_at) {
      throw new Error(`fake Stripe: session ${sessionId} has expired and takes no payment`)
    }
    session.status = 'complete'
    session.payment_status = 'paid'
    session.payment_intent = `pi_test_${sessionId.slice(-6)}`
    charges.set(session.payment_intent, {
      id: `ch_test_${sessionId.slice(-6)}`,
      object: 'charge',
      payment_intent: session.payment_intent,
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      refunded: false,
      metadata: session.metadata,
      fee: Math.round(session.amount_total * 0.029) + 30,
    })
    return send(event(session))
  }

  /** A refund of a charge, as Stripe makes it; an error's status and body when it refuses. */
  const makeRefund = (
    paymentIntent: string,
    amount: number,
    metadata: Record<string, string>,
    created = Math.floor(clock() / 1000),
  ): FakeRefund | { status: number; error: { type: string; code: string; message: string } } => {
    const charge = charges.get(paymentIntent)
    if (!charge) {
      return {
        status: 404,
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${paymentIntent}'`,
        },
      }
    }
    if (charge.amount_refunded >= charge.amount) {
      return {
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${charge.id} has already been refunded.`,
        },
      }
    }
    if (
      !Number.isInteger(amount) ||
      amount <= 0 ||
      amount > charge.amount - charge.amount_refunded
    ) {
      return {
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((charge.amount - charge.amount_refunded) / 100).toFixed(2)})`,
        },
      }
    }
    count += 1
    const refund: FakeRefund = {
      id: `re_test_${String(count).padStart(6, '0')}`,
      object: 'refund',
      amount,
      currency: charge.currency,
      payment_intent: paymentIntent,
      charge: charge.id,
      status: 'succeeded',
      metadata,
      created,
    }
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount
    refunds.set(refund.id, refund)
    return refund
  }

  const fake: FakeStripe = {
    url: '',
    secretKey,
    webhookSecret,
    received,
    sessions,
    refunds,
    charges,
    deliveries,
    failWith: undefined,
    sign,
    event,
    refundOnDashboard: (paymentIntent, amount, created) => {
      const made = makeRefund(paymentIntent, amount, {}, created)
      if ('error' in made) throw new Error(`fake Stripe: ${made.error.message}`)
      return { refund: made, event: event(made, { type: 'refund.created' }) }
    },
    chargeRefundedEvent: (paymentIntent) => {
      const charge = charges.get(paymentIntent)
      if (!charge) throw new Error(`fake Stripe: no charge for ${paymentIntent}`)
      return event({ ...charge }, { type: 'charge.refunded' })
    },
    pay,
    deliver: send,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${count}` })
    res.end(JSON.stringify(body))
  }

  const idempotencyError = {
    error: {
      type: 'idempotency_error',
      message:
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    },
  }

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin)
    const body = await readBody(req)
    if (url.pathname.startsWith('/v1/')) {
      received.push({
        method: req.method ?? '',
        path: url.pathname,
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        form: new URLSearchParams(body),
        query: url.searchParams,
      })
      if (fake.failWith !== undefined) {
        return json(res, fake.failWith, {
          error: { type: 'api_error', message: 'The fake is failing on purpose.' },
        })
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return json(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        })
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'] as string | undefined
        const again = key ? byIdempotencyKey.get(key) : undefined
        if (again) {
          // As Stripe, for every key on the account for a day: other parameters are refused.
          if (again.body !== body) return json(res, 400, idempotencyError)
          return json(res, 200, again.session)
        }
        const form = new URLSearchParams(body)
        // As Stripe: a session's own end is 30 minutes to 24 hours from now (its default, 24 hours).
        const nowSeconds = Math.floor(clock() / 1000)
        const expiresAt = Number(form.get('expires_at') ?? nowSeconds + 24 * 3600)
        if (
          !Number.isInteger(expiresAt) ||
          expiresAt < nowSeconds + 30 * 60 ||
          expiresAt > nowSeconds + 24 * 3600
        ) {
          return json(res, 400, {
            error: {
              type: 'invalid_request_error',
              param: 'expires_at',
              message:
                'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
            },
          })
        }
        const quantity = Number(form.get('line_items[0][quantity]') ?? 1)
        const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'))
        count += 1
        const id = `cs_test_${String(count).padStart(6, '0')}`
        const metadata: Record<string, string> = {}
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name)
          if (match) metadata[match[1]!] = value
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          mode: form.get('mode') ?? '',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: quantity * unitAmount,
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          client_reference_id: form.get('client_reference_id'),
          customer_email: form.get('customer_email'),
          metadata,
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          url: `${origin}/pay/${id}`,
          payment_intent: null,
          expires_at: expiresAt,
        }
        sessions.set(id, session)
        if (key) byIdempotencyKey.set(key, { body, session })
        return json(res, 200, session)
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = req.headers['idempotency-key'] as string | undefined
        const again = key ? refundsByKey.get(key) : undefined
        if (again) {
          // As Stripe: the same key with other parameters is an error, not a second refund.
          if (again.body !== body) return json(res, 400, idempotencyError)
          return json(res, 200, again.refund)
        }
        const form = new URLSearchParams(body)
        const metadata: Record<string, string> = {}
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name)
          if (match) metadata[match[1]!] = value
        }
        const made = makeRefund(
          form.get('payment_intent') ?? '',
          Number(form.get('amount') ?? Number.NaN),
          metadata,
        )
        if ('error' in made) return json(res, made.status, { error: made.error })
        if (key) refundsByKey.set(key, { body, refund: made })
        return json(res, 200, made)
      }
      const intent = /^\/v1\/payment_intents\/(pi_test_\w+)$/.exec(url.pathname)
      if (req.method === 'GET' && intent) {
        const charge = charges.get(intent[1]!)
        if (!charge) {
          return json(res, 404, {
            error: {
              type: 'invalid_request_error',
              message: `No such payment_intent: '${intent[1]}'`,
            },
          })
        }
        // As Stripe: the charge and its balance transaction are ids unless expanded.
        // stripe-node writes arrays indexed: expand[0]=…
        const expand = [...url.searchParams]
          .filter(([name]) => /^expand\[\d*\]$/.test(name))
          .map(([, value]) => value)
        const transaction = {
          id: `txn_${charge.id.slice(3)}`,
          object: 'balance_transaction',
          amount: charge.amount,
          fee: charge.fee,
          net: charge.amount - charge.fee,
          currency: charge.currency,
        }
        return json(res, 200, {
          id: intent[1],
          object: 'payment_intent',
          amount: charge.amount,
          currency: charge.currency,
          status: 'succeeded',
          latest_charge: expand.includes('latest_charge.balance_transaction')
            ? { ...charge, balance_transaction: transaction }
            : expand.includes('latest_charge')
              ? { ...charge, balance_transaction: transaction.id }
              : charge.id,
        })
      }
      return json(res, 404, { error: { type: 'invalid_request_error', message: 'Unknown path.' } })
    }

    // The hosted page: the amount, a Pay button and a way back.
    const page = /^\/pay\/(cs_test_\d+)$/.exec(url.pathname)
    const session = page ? sessions.get(page[1]!) : undefined
    if (!session) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such checkout session.')
      return
    }
    if (req.method === 'POST') {
      if (session.payment_status !== 'paid') await pay(session.id)
      res.writeHead(303, { Location: session.success_url }).end()
      return
    }
    const amount = `$${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Stripe Checkout</title></head>
<body style="font-family:sans-serif;padding:24px"><h1>Test checkout</h1>
<p data-testid="checkout-amount">${amount}</p><p>${session.customer_email ?? ''}</p>
<form method="post"><button type="submit">Pay ${amount}</button></form>
<p><a href="${session.cancel_url}">Back</a></p></body></html>`)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.url = origin
  return fake
}
