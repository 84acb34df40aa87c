/**
 * Requests no form sends: oversized, of the wrong method or type, out of
 * range, too many. The built server, in a process of its own, answers each
 * with a plain 4xx and a message, stores nothing, and logs no stack trace
 * and no secret of a customer's.
 */
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest'
import {
  BUILD_TIMEOUT_MS,
  type BuiltServer,
  OWNER,
  ensureBuild,
  signIn,
  startBuiltServer,
} from '#tests/support/built-server.ts'
import { sendChunked, sendOnOneConnection } from '#tests/support/raw-http.ts'
import { type Visitor, visitor } from '#tests/support/visitor.ts'

const PUBLIC_FORMS = ['/contact', '/contact.data', '/ordernow', '/ordernow.data'] as const
const ADMIN = { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, SEED_DEMO: 'false' }

let site: BuiltServer

beforeAll(async () => {
  await ensureBuild()
  site = await startBuiltServer(ADMIN)
}, BUILD_TIMEOUT_MS)

afterAll(() => site?.stop(), 30_000)

/** A server of the test's own, for a test that reads its whole log. */
async function ownServer() {
  const own = await startBuiltServer(ADMIN)
  onTestFinished(() => own.stop(), 30_000)
  return own
}

let addressCounter = 0
/** Each send comes from an address of its own, so the forms' rate limit never decides a test. */
const freshAddress = () => `203.0.113.${(++addressCounter % 250) + 1}`
const unique = (label: string) => `${label} ${Date.now()}${Math.floor(Math.random() * 1e6)}`

function contactMessage(name: string) {
  return { name, email: 'walker@example.com', phone_number: '4165550000', message: 'Hello' }
}

function orderSend(name: string) {
  const due = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  return {
    orders: [
      {
        name,
        email: 'walker@example.com',
        phone_number: '4165550000',
        product_type: 'Cakes',
        event_theme: 'Garden party',
        due_date: due,
        hear_about_us: 'Instagram',
      },
    ],
    website: '',
    accept_policies: true,
  }
}

/** A visitor signed in as the owner. */
async function owner(): Promise<Visitor> {
  const cookie = await signIn(site.base)
  return visitor(site.base, Object.fromEntries(cookie.split('; ').map((pair) => pair.split('='))))
}

/** The owner's order book and its messages, as the signed-in owner reads them. */
async function inboxText(request: Visitor): Promise<string> {
  const pages = await Promise.all(
    ['/admin/orders', '/admin/orders?view=messages&messages=all'].map(async (path) => {
      const response = await request.fetch(path)
      expect(response.status, path).toBe(200)
      return response.text()
    }),
  )
  return pages.join('\n')
}

test('an oversized body without a Content-Length is answered 413 on every public form, as with one', async () => {
  const request = visitor(site.base)
  const oversized = Array.from({ length: 12 }, () => `comments=${'x'.repeat(8 * 1024)}&`)
  for (const path of PUBLIC_FORMS) {
    const chunked = await sendChunked({
      port: site.port,
      path,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-For': freshAddress(),
      },
      chunks: oversized,
    })
    expect(chunked.status, `chunked ${path}`).toBe(413)
    // The pages show the form's own failure message; fetchers get the server's.
    if (path.endsWith('.data')) {
      expect(chunked.body, path).toContain('more than we can take in one send')
    }

    const declared = await request.fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': freshAddress(),
      },
      body: oversized.join(''),
    })
    await declared.arrayBuffer()
    expect(declared.status, `with Content-Length ${path}`).toBe(413)
  }
})

test('after refusing a body it did not read, the server still answers the next request on that connection', async () => {
  const oversized = `comments=${'x'.repeat(96 * 1024)}`
  const post = (path: string, contentType: string) =>
    [
      `POST ${path} HTTP/1.1`,
      `Host: localhost:${site.port}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${oversized.length}`,
      `X-Forwarded-For: ${freshAddress()}`,
      '',
      oversized,
    ].join('\r\n')
  const last = `GET /robots.txt HTTP/1.1\r\nHost: localhost:${site.port}\r\nConnection: close\r\n\r\n`
  // Too large for the form, and of a type no form sends: both are answered
  // before the body is read, as a browser that keeps its connection sees.
  const statuses = await sendOnOneConnection({
    port: site.port,
    requests: [
      post('/contact.data', 'application/x-www-form-urlencoded'),
      post('/ordernow.data', 'text/plain'),
      last,
    ],
  })
  expect(statuses).toEqual([413, 415, 200])
})

test('only POST sends a form: PUT, PATCH and DELETE get 405 with Allow and store nothing', async () => {
  const request = visitor(site.base)
  const marker = unique('Method')
  for (const path of PUBLIC_FORMS) {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const headers = { origin: site.base, 'x-forwarded-for': freshAddress() }
      const response = await request.fetch(
        path,
        path.startsWith('/contact')
          ? { method, headers, form: contactMessage(marker) }
          : { method, headers, json: orderSend(marker) },
      )
      await response.arrayBuffer()
      expect(response.status, `${method} ${path}`).toBe(405)
      expect(response.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD, POST')
    }
  }
  expect(await inboxText(await owner())).not.toContain(marker)
})

test('a form body of a type the form does not send gets 415 and stores nothing; what the forms send is taken', async () => {
  const request = visitor(site.base)
  const refused = unique('Refused')
  const taken = unique('Taken')
  const post = (path: string, contentType: string | undefined, body: string) =>
    request.fetch(path, {
      method: 'POST',
      headers: {
        origin: site.base,
        'x-forwarded-for': freshAddress(),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body: Buffer.from(body),
    })

  const orderJson = JSON.stringify(orderSend(refused))
  for (const path of ['/ordernow', '/ordernow.data']) {
    for (const type of [
      'application/json-seq',
      'text/html; x=application/json',
      'text/plain',
      'application/jsonx',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      undefined,
    ]) {
      const response = await post(path, type, orderJson)
      expect(response.status, `${path} as ${type}`).toBe(415)
      expect(await response.text()).toContain('cannot be read')
    }
  }
  const contactForm = new URLSearchParams(contactMessage(refused)).toString()
  for (const path of ['/contact', '/contact.data']) {
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await post(path, type, contactForm)
      expect(response.status, `${path} as ${type}`).toBe(415)
      expect(await response.text()).toContain('cannot be read')
    }
  }

  // What the cart, the forms (with or without JavaScript) and React Router's fetchers send.
  const accepted = [
    ['/ordernow.data', 'application/json', JSON.stringify(orderSend(`${taken} A`))],
    ['/ordernow', 'Application/JSON; charset=utf-8', JSON.stringify(orderSend(`${taken} B`))],
    [
      '/ordernow',
      'application/x-www-form-urlencoded',
      new URLSearchParams({
        ...orderSend(`${taken} C`).orders[0],
        accept_policies: 'on',
      }).toString(),
    ],
    [
      '/contact.data',
      'application/x-www-form-urlencoded;charset=UTF-8',
      new URLSearchParams(contactMessage(`${taken} D`)).toString(),
    ],
    [
      '/contact',
      'application/x-www-form-urlencoded',
      new URLSearchParams(contactMessage(`${taken} E`)).toString(),
    ],
  ] as const
  for (const [path, type, body] of accepted) {
    const response = await post(path, type, body)
    await response.arrayBuffer()
    expect(response.status, `${path} as ${type}`).toBe(200)
  }

  const inbox = await inboxText(await owner())
  expect(inbox).not.toContain(refused)
  for (const letter of ['A', 'B', 'C', 'D', 'E']) expect(inbox).toContain(`${taken} ${letter}`)
})

test('the inbox answers a body it cannot read with 400 and a message, not a server error', async () => {
  const request = await owner()
  const unreadable = [
    ['application/json', JSON.stringify({ intent: 'handled', kind: 'message', id: 1 })],
    ['text/plain', 'intent=handled&kind=message&id=1'],
    [undefined, 'intent=handled&kind=message&id=1'],
    ['multipart/form-data; boundary=zzz', '--zzz\r\nbroken'],
    ['multipart/form-data', 'intent=handled'],
    ['application/x-www-form-urlencoded', 'intent=handled&kind=message&id=1.5'],
    ['application/x-www-form-urlencoded', 'intent=delete&kind=message&id=1'],
  ] as const
  for (const path of ['/admin/orders', '/admin/orders.data']) {
    for (const [type, body] of unreadable) {
      const response = await request.fetch(path, {
        method: 'POST',
        headers: { origin: site.base, ...(type ? { 'content-type': type } : {}) },
        body: Buffer.from(body),
      })
      const text = await response.text()
      expect(response.status, `${path} ${type} ${body}`).toBe(400)
      if (path.endsWith('.data')) {
        expect(text).toContain('That request could not be understood.')
      }
    }
  }
})

test('admin pages, signed-in responses and writes are never cached; every response carries a Permissions-Policy', async () => {
  const request = visitor(site.base)
  const policyOf = (response: Response) => response.headers.get('permissions-policy') ?? ''
  const about = await request.fetch('/about')
  for (const feature of [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'browsing-topics=()',
  ]) {
    expect(policyOf(about)).toContain(feature)
  }
  expect(about.headers.get('cache-control') ?? '').not.toContain('private')
  const html = await about.text()
  // A script the page names (public pages load theirs on the first intent: decision 027).
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
  for (const path of [
    '/healthz',
    '/robots.txt',
    '/api/gallery',
    '/media/gallery/none.jpg',
    script!,
  ]) {
    const response = await request.fetch(path)
    await response.arrayBuffer()
    expect(policyOf(response), path).toContain('camera=()')
  }

  const origin = site.base
  const anonymousAdmin = [
    await request.fetch('/admin/orders'),
    await request.fetch('/admin/orders.data'),
    await request.fetch('/api/gallery', { method: 'POST', headers: { origin } }),
    await request.fetch('/api/gallery/1', { method: 'DELETE', headers: { origin } }),
  ]
  for (const response of anonymousAdmin) {
    await response.arrayBuffer()
    expect(response.status, response.url).toBe(401)
    expect(response.headers.get('cache-control'), response.url).toBe('private, no-store')
  }

  const signedIn = await owner()
  for (const path of ['/', '/about', '/gallery', '/admin/orders', '/admin/orders.data']) {
    const response = await signedIn.fetch(path)
    await response.arrayBuffer()
    expect(response.status, path).toBe(200)
    expect(response.headers.get('cache-control'), path).toBe('private, no-store')
  }
  for (const path of ['/api/gallery', '/robots.txt']) {
    const response = await signedIn.fetch(path)
    await response.arrayBuffer()
    expect(response.headers.get('cache-control'), path).toBe('private, no-store')
  }
})

test('wrong methods, unknown posts and unreadable bodies are answered plainly, with no stack trace in the log', async () => {
  const { base, port, server, stop } = await ownServer()
  const signedIn = await fetch(`${base}/admin/login`, {
    method: 'POST',
    body: new URLSearchParams(OWNER),
  })
  expect(signedIn.status).toBe(200)
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')

  for (const path of ['/admin/login', '/admin/logout']) {
    const response = await fetch(`${base}${path}`)
    expect(response.status, `GET ${path}`).toBe(405)
    expect(response.headers.get('allow'), `GET ${path}`).toBe('POST')
  }
  expect((await fetch(`${base}/nope`, { method: 'POST', body: 'x=1' })).status).toBe(404)
  expect((await fetch(`${base}/NoPe/deeper`, { method: 'DELETE' })).status).toBe(404)
  expect((await fetch(`${base}/about`, { method: 'POST', body: 'x=1' })).status).toBe(405)
  expect((await fetch(`${base}/contact`, { method: 'PUT', body: 'x=1' })).status).toBe(405)
  const json = await fetch(`${base}/admin/orders`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{"intent":"handled"}',
  })
  expect(json.status).toBe(400)
  const chunked = await sendChunked({
    port,
    path: '/contact',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    chunks: Array.from({ length: 4 }, () => 'x'.repeat(8 * 1024)),
  })
  expect(chunked.status).toBe(413)
  await stop()
  expect(server.output()).toContain('POST /nope 404')
  expect(server.output()).not.toMatch(/^\s+at /m)
  expect(server.output()).not.toMatch(/Error/)
}, 60_000)

test('dates in year 9999 are refused with 400 and a message, and the server stays up', async () => {
  const request = visitor(site.base)
  for (const query of [
    'from=9999-12-31&to=9999-12-31',
    'from=9999-12-31&to=9999-12-31&product=Cakes',
  ]) {
    const response = await request.fetch(`/api/availability?${query}`, {
      headers: { 'x-forwarded-for': freshAddress() },
    })
    expect(response.status, query).toBe(400)
    expect(await response.json()).toEqual({ error: 'Choose a date from the year 2000 to 2100.' })
  }
  expect((await request.fetch('/healthz')).status).toBe(200)

  const signedIn = await owner()
  for (const query of ['?month=9999-12', '?day=9999-12-31']) {
    const response = await signedIn.fetch(`/admin/calendar${query}`)
    expect(response.status, query).toBe(400)
    expect(await response.text()).toContain('Choose a date from the year 2000 to 2100.')
  }
  expect((await request.fetch('/healthz')).status).toBe(200)
})

test('availability lookups are limited per address: past 300 a minute, 429 with a message and Retry-After', async () => {
  const request = visitor(site.base)
  // An address of its own, apart from freshAddress's.
  const randomAddress = () =>
    `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`
  const address = randomAddress()
  const month = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 7)
  const lookUp = (from = address) =>
    request.fetch(`/api/availability?from=${month}-01&to=${month}-28`, {
      headers: { 'x-forwarded-for': from },
    })
  const statuses: number[] = []
  for (let round = 0; round < 20; round++) {
    const answers = await Promise.all(Array.from({ length: 15 }, () => lookUp()))
    for (const answer of answers) await answer.arrayBuffer()
    statuses.push(...answers.map((answer) => answer.status))
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(300)
  const refused = await lookUp()
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(((await refused.json()) as { error: string }).error).toMatch(
    /^That is a lot of calendar lookups in a minute\./,
  )
  // Someone else is answered as before.
  const other = await lookUp(randomAddress())
  expect(other.status).toBe(200)
}, 60_000)

test('the request log shows where customers’ private links and the calendar feed’s key were, not what they are', async () => {
  const { base, server, stop } = await ownServer()
  const token = 'Zm9yLXRoZS1sb2ctb25seS1hLXRva2Vu'
  const key = 'a-calendar-feed-key-nobody-should-read'
  for (const path of [
    `/requests/${token}`,
    `/requests/${token}.data`,
    `/requests/${token}/photos/photo-key-1234`,
    `/admin/calendar.ics?key=${key}`,
  ]) {
    await (await fetch(`${base}${path}`)).arrayBuffer()
  }
  await expect
    .poll(() => server.output(), { timeout: 15_000 })
    .toContain('GET /admin/calendar.ics?key=…')
  await stop()
  const output = server.output()
  expect(output).toContain('GET /requests/:token ')
  expect(output).toContain('GET /requests/:token.data ')
  expect(output).toContain('GET /requests/:token/photos/:key ')
  expect(output).not.toContain(token)
  expect(output).not.toContain(key)
  expect(output).not.toContain('photo-key-1234')
}, 60_000)
