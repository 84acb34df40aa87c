/**
 * A local fake of the part of Stripe's API the site uses, for tests: the
 * real `stripe` package is pointed at it through STRIPE_API_URL. It keeps
 * every request it receives (path, headers, the form-encoded body) for the
 * test to check, answers a repeated Idempotency-Key with the session it made
 * the first time (as Stripe does), and serves a tiny hosted "checkout" page:
 * paying there posts a `checkout.session.completed` event, signed with the
 * package's own test-header helper, to the site's webhook, then sends the
 * browser on to the session's success_url.
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
  /** Each webhook delivery: the event and the site's answer. */
  deliveries: { eventId: string; status: number }[]
  /** While set, the API answers every request with this HTTP status and an error. */
  failWith: number | undefined
  /** An event about a session, signed with the webhook secret (or another, to forge one). */
  event(
    session: FakeSession,
    options?: { type?: string; id?: string; secret?: string },
  ): SignedEvent
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
}: {
  /** A fixed port (a browser test's server is told it before the fake starts); 0 for any. */
  port?: number
  secretKey?: string
  webhookSecret?: string
  /** How an event reaches the site: a fetch to its webhook, or a direct call in a unit test. */
  deliver: (payload: string, signature: string) => Promise<number>
}): Promise<FakeStripe> {
  const received: ReceivedRequest[] = []
  const sessions = new Map<string, FakeSession>()
  const byIdempotencyKey = new Map<string, FakeSession>()
  const deliveries: FakeStripe['deliveries'] = []
  let count = 0
  let origin = ''

  const event: FakeStripe['event'] = (session, options = {}) => {
    count += 1
    const id = options.id ?? `evt_test_${String(count).padStart(6, '0')}`
    const payload = JSON.stringify(
      {
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: options.type ?? 'checkout.session.completed',
        data: { object: session },
      },
      null,
      2,
    )
    return {
      id,
      payload,
      signature: () =>
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? webhookSecret,
        }),
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
    session.status = 'complete'
    session.payment_status = 'paid'
    session.payment_intent = `pi_test_${sessionId.slice(-6)}`
    return send(event(session))
  }

  const fake: FakeStripe = {
    url: '',
    secretKey,
    webhookSecret,
    received,
    sessions,
    deliveries,
    failWith: undefined,
    event,
    pay,
    deliver: send,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${count}` })
    res.end(JSON.stringify(body))
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
        if (again) return json(res, 200, again)
        const form = new URLSearchParams(body)
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
        }
        sessions.set(id, session)
        if (key) byIdempotencyKey.set(key, session)
        return json(res, 200, session)
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
