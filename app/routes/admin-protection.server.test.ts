/**
 * The owner's pages and actions guard themselves: every /admin route,
 * walked from app/routes.ts itself, refuses a visitor without a session,
 * and a signed-in owner's browser cannot be made to act from another site.
 * The whole app in this process, asked as a browser (or anything else) asks.
 */
import { expect, test } from 'vitest'
import routes from '#app/routes.ts'
import {
  OPEN_ADMIN_ROUTES,
  listAdminRoutes,
  samplePath,
  unguardedAdminRoutes,
} from '#tests/support/admin-routes.ts'
import { startAppInProcess } from '#tests/support/app-in-process.ts'
import { type Visitor, visitor } from '#tests/support/visitor.ts'

const OWNER = { email: 'owner@butterandbloom.test', password: 'correct horse battery staple' }

/** The site with its owner's account, as the server starts it. */
async function startSite() {
  const app = await startAppInProcess({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
  return app.siteUrl
}

/** An upload's form as the gallery's dialog sends it; refused before the bytes matter. */
function photoUpload() {
  const form = new FormData()
  const start = new Uint8Array([0xff, 0xd8, 0xff])
  form.append('file', new Blob([start], { type: 'image/jpeg' }), 'x.jpg')
  form.append('tags', 'cake')
  form.append('alt', 'A cake')
  return form
}

/** Every form the order book's request page posts, each with its intent. */
const ORDER_FORMS: Record<string, string>[] = [
  {
    intent: 'quote',
    price: '120',
    deposit_kind: 'amount',
    deposit: '60',
    deposit_due: '',
    payment_instructions: 'e-Transfer',
    message: 'Hi',
    expires_in_days: '3',
  },
  { intent: 'payment', amount: '60', received_on: '2026-11-24', method: 'Cash' },
  { intent: 'waive' },
  { intent: 'ready' },
  { intent: 'complete' },
  { intent: 'cancel', note: 'Walker' },
  { intent: 'decline', reason: 'Walker' },
]

/** The order book's pages and forms for one request, as an anonymous visitor would call them. */
function orderBookEndpoints(id: number) {
  return [
    { method: 'GET', path: '/admin/orders' },
    { method: 'GET', path: '/admin/orders?status=new&q=walker&sort=due' },
    { method: 'GET', path: '/admin/orders.data' },
    {
      method: 'POST',
      path: '/admin/orders',
      form: { intent: 'handled', kind: 'message', id: '1' },
    },
    { method: 'GET', path: `/admin/orders/${id}` },
    { method: 'GET', path: `/admin/orders/${id}.data` },
    ...ORDER_FORMS.map((form) => ({ method: 'POST', path: `/admin/orders/${id}`, form })),
    ...ORDER_FORMS.map((form) => ({ method: 'POST', path: `/admin/orders/${id}.data`, form })),
    { method: 'POST', path: `/admin/orders/${id}`, json: ORDER_FORMS[0] },
  ]
}

/** Signs the owner in on this visitor's cookies. */
async function signIn(visitor: Visitor) {
  const response = await visitor.fetch('/admin/login', {
    method: 'POST',
    headers: { origin: visitor.siteUrl },
    form: OWNER,
  })
  expect(response.ok).toBe(true)
}

/** A new request of Walker's, 100–110 days ahead; its id, read from the owner's order book. */
async function walkersRequest(owner: Visitor): Promise<number> {
  const theme = `Protected picnic ${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const due = new Date(Date.now() + (100 + Math.floor(Math.random() * 10)) * 86_400_000)
  const send = await owner.fetch('/ordernow', {
    method: 'POST',
    headers: { origin: owner.siteUrl, 'x-forwarded-for': '198.51.100.240' },
    json: {
      orders: [
        {
          name: 'Walker Protected',
          email: 'walker.protected@example.com',
          phone_number: '4165550000',
          product_type: 'Cakes',
          event_theme: theme,
          due_date: due.toISOString().slice(0, 10),
          hear_about_us: 'Instagram',
        },
      ],
      accept_policies: true,
      website: '',
    },
  })
  expect(send.status, await send.text()).toBe(200)
  const list = await (await owner.fetch(`/admin/orders?q=walker.protected`)).text()
  const card = list.slice(0, list.indexOf(theme))
  const id = Number([...card.matchAll(/href="\/admin\/orders\/(\d+)"/g)].at(-1)?.[1])
  expect(id).toBeGreaterThan(0)
  return id
}

/** The request as the owner's page shows it: its status and its timeline, which no refused post may change. */
async function stateOf(owner: Visitor, id: number) {
  const response = await owner.fetch(`/admin/orders/${id}.data`)
  expect(response.status).toBe(200)
  // Only the confirmation's delivery may move on meanwhile.
  return (await response.text()).replace(/"(queued|sending|sent|failed)"/g, '"…"')
}

/** A param's sample value for the walk: a real request's id, and a token and key that exist nowhere. */
function samples(id: number): Record<string, string> {
  return { id: String(id), token: 'no-such-reset-token', key: 'AAAAAAAAAAAAAAAAAAAAAA' }
}

/**
 * Every route under the admin layout in app/routes.ts, however many there
 * are: its page (or file), its data, and a post to each. Built from the
 * config itself, so a route added there is walked without anyone adding it here.
 */
function guardedEndpoints(id: number) {
  return listAdminRoutes(routes)
    .filter((route) => route.guarded)
    .flatMap((route) => {
      const path = samplePath(route.path, samples(id))
      const form = { intent: 'handled', kind: 'message', id: '1' }
      return [
        { method: 'GET', path },
        { method: 'GET', path: `${path}.data` },
        { method: 'POST', path, form },
        { method: 'POST', path: `${path}.data`, form },
      ]
    })
}

/** Admin actions with the forms their pages really send, as an anonymous visitor would call them. */
const adminEndpoints = [
  { method: 'GET', path: '/admin' },
  { method: 'GET', path: '/admin/' },
  { method: 'GET', path: '/admin.data' },
  { method: 'GET', path: '/admin/inbox' },
  { method: 'GET', path: '/admin/inbox.data' },
  { method: 'POST', path: '/admin/inbox', form: { intent: 'handled', kind: 'message', id: '1' } },
  {
    method: 'POST',
    path: '/admin/inbox.data',
    form: { intent: 'resend', kind: 'orders', id: '1' },
  },
  { method: 'POST', path: '/admin/inbox', json: { intent: 'handled', kind: 'message', id: 1 } },
  { method: 'GET', path: '/admin/settings' },
  { method: 'GET', path: '/admin/settings.data' },
  {
    method: 'POST',
    path: '/admin/settings',
    form: {
      intent: 'add',
      name: 'Walker Pies',
      description: '',
      price: '',
      notice_days: '0',
      effort: '1',
    },
  },
  { method: 'POST', path: '/admin/settings', form: { intent: 'deactivate', id: '1' } },
  { method: 'POST', path: '/admin/settings', form: { intent: 'rotate-ical-key' } },
  {
    method: 'POST',
    path: '/admin/settings',
    form: { intent: 'erase-customer', email: 'walk@example.com', confirm: 'on' },
  },
  { method: 'GET', path: '/admin/settings/payments' },
  {
    method: 'POST',
    path: '/admin/settings/payments',
    form: { intent: 'save-balance-due', balance_due_days: '1' },
  },
  { method: 'GET', path: '/admin/settings/account' },
  {
    method: 'POST',
    path: '/admin/settings/account',
    form: { intent: 'invite-admin', email: 'walk@example.com' },
  },
  { method: 'GET', path: '/admin/calendar' },
  { method: 'GET', path: '/admin/calendar?month=2026-12&day=2026-12-12' },
  { method: 'GET', path: '/admin/calendar.data' },
  { method: 'GET', path: '/admin/orders.csv' },
] as const

test('every admin route refuses a visitor without a session and changes nothing', async () => {
  const site = await startSite()
  const request = visitor(site)
  const owner = visitor(site)
  await signIn(owner)
  const id = await walkersRequest(owner)
  const before = await stateOf(owner, id)
  // Something in the inbox for the refused actions to (not) touch.
  await request.fetch('/contact', {
    method: 'POST',
    headers: { origin: site },
    form: {
      name: 'Walker',
      email: 'walker@example.com',
      phone_number: '4165550000',
      message: 'Hi',
    },
  })
  const photo = photoUpload()
  const walked = guardedEndpoints(id)
  // The walk found the owner's pages (and would find any added since).
  expect(walked.map((endpoint) => endpoint.path)).toEqual(
    expect.arrayContaining(['/admin', '/admin/settings', `/admin/orders/${id}.data`]),
  )
  for (const endpoint of [
    ...walked,
    ...adminEndpoints,
    ...orderBookEndpoints(id),
    { method: 'POST', path: '/api/gallery', multipart: photo },
    { method: 'PUT', path: '/api/gallery', multipart: photo },
    { method: 'DELETE', path: '/api/gallery/1' },
    { method: 'POST', path: '/api/gallery/1' },
  ]) {
    const name = `${endpoint.method} ${endpoint.path}`
    const response = await request.fetch(endpoint.path, {
      method: endpoint.method,
      headers: { origin: site },
      ...('form' in endpoint ? { form: endpoint.form } : {}),
      ...('json' in endpoint ? { json: endpoint.json } : {}),
      ...('multipart' in endpoint ? { body: endpoint.multipart } : {}),
    })
    expect(response.status, name).toBe(401)
    expect(response.headers.get('cache-control'), name).toBe('private, no-store')
    const body = await response.text()
    if (endpoint.path.startsWith('/api/')) {
      // The upload dialog tells the owner to sign in again from this code.
      expect(JSON.parse(body), name).toMatchObject({ code: 'unauthorized' })
    }
  }
  // Each guarded page tells a signed-out visitor to sign in, and shows nothing of the book.
  for (const { path } of walked.filter((endpoint) => endpoint.method === 'GET')) {
    const response = await request.fetch(path, { redirect: 'follow' })
    const body = await response.text()
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      expect(body, path).toContain('Please sign in')
    }
    expect(body, path).not.toContain('Walker')
  }
  // The menu is as it was: no product added, the first one still offered.
  const about = await (await request.fetch('/about', { redirect: 'follow' })).text()
  expect(about).not.toContain('Walker Pies')
  expect(about).toContain('>Cakes<')
  // Walker's request is as it was: still new, nothing on its timeline or in its emails since.
  expect(await stateOf(owner, id)).toBe(before)
}, 60_000)

test('a signed-in owner’s browser cannot be made to change the order book from another site', async () => {
  const request = visitor(await startSite())
  await signIn(request)
  const id = await walkersRequest(request)
  const before = await stateOf(request, id)
  for (const endpoint of orderBookEndpoints(id).filter((endpoint) => endpoint.method === 'POST')) {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of crossSite) {
      const response = await request.fetch(endpoint.path, {
        method: 'POST',
        headers,
        ...('form' in endpoint ? { form: endpoint.form } : {}),
        ...('json' in endpoint ? { json: endpoint.json } : {}),
      })
      await response.arrayBuffer()
      expect(response.status, `${endpoint.path} ${JSON.stringify(headers)}`).toBe(403)
    }
  }
  expect(await stateOf(request, id)).toBe(before)
})

test('a forged or expired session cookie is not a session', async () => {
  const request = visitor(await startSite())
  const response = await request.fetch('/admin/inbox', {
    headers: { cookie: 'bakery.session_token=forged.value' },
  })
  expect(response.status).toBe(401)
})

test('state-changing requests from another site are refused', async () => {
  const request = visitor(await startSite())
  for (const [path, form] of [
    ['/contact', { name: 'X', email: 'x@example.com', phone_number: '4165550000', message: 'Hi' }],
    ['/admin/login', OWNER],
    ['/admin/logout', {}],
  ] as const) {
    const response = await request.fetch(path, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      form,
    })
    expect(response.status, path).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
  }
})

test('a signed-in owner’s browser cannot be made to upload or delete photos from another site', async () => {
  const request = visitor(await startSite())
  await signIn(request)
  const photo = photoUpload()

  const upload = await request.fetch('/api/gallery', {
    method: 'POST',
    headers: { origin: 'https://evil.example' },
    body: photo,
  })
  expect(upload.status).toBe(403)
  const remove = await request.fetch('/api/gallery/1', {
    method: 'DELETE',
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  })
  expect(remove.status).toBe(403)
})

test('the calendar feed answers only its key, and its key is not rotated from another site', async () => {
  const request = visitor(await startSite())
  // Without a session and without the key there is nothing to see, not even that a feed exists.
  for (const path of [
    '/admin/calendar.ics',
    '/admin/calendar.ics?key=',
    '/admin/calendar.ics?key=guess',
  ]) {
    const response = await request.fetch(path, { redirect: 'follow' })
    expect(response.status, path).toBe(404)
    expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    expect(await response.text(), path).not.toContain('VCALENDAR')
  }
  await signIn(request)
  const rotate = await request.fetch('/admin/settings', {
    method: 'POST',
    headers: { origin: 'https://evil.example' },
    form: { intent: 'rotate-ical-key' },
  })
  expect(rotate.status).toBe(403)
})

test('an owner route outside the guarded layout is one named open, and answers as its reason says', async () => {
  const request = visitor(await startSite())
  // A new /admin route outside app/routes.ts's admin layout fails here until it is moved or named.
  expect(unguardedAdminRoutes(routes)).toEqual([])
  const open = listAdminRoutes(routes).filter((route) => !route.guarded)
  expect(open.map((route) => route.path).toSorted()).toEqual(
    Object.keys(OPEN_ADMIN_ROUTES).toSorted(),
  )
  for (const route of open) {
    const path = samplePath(route.path, samples(1))
    const response = await request.fetch(path)
    expect(response.status, path).toBe(OPEN_ADMIN_ROUTES[route.path]!.signedOutGet)
    expect(response.headers.get('cache-control'), path).toBe(
      OPEN_ADMIN_ROUTES[route.path]!.cacheControl ?? 'private, no-store',
    )
    // Open, yet nothing of the owner's: no owner bar, no order book.
    const body = await response.text()
    expect(body, path).not.toContain('aria-label="Owner"')
    expect(body, path).not.toContain('Walker')
  }
})
