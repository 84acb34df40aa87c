import { expect, test } from './fixtures.ts'

/** An upload's form as the gallery's dialog sends it; refused before the bytes matter. */
function photoUpload() {
  const form = new FormData()
  const start = new Uint8Array([0xff, 0xd8, 0xff])
  form.append('file', new Blob([start], { type: 'image/jpeg' }), 'x.jpg')
  form.append('tags', 'cake')
  return form
}

/** Every admin page, action and endpoint, as an anonymous visitor would call it. */
const adminEndpoints = [
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
  { method: 'GET', path: '/admin/calendar' },
  { method: 'GET', path: '/admin/calendar?month=2026-12&day=2026-12-12' },
  { method: 'GET', path: '/admin/calendar.data' },
  { method: 'GET', path: '/admin/orders.csv' },
] as const

test('every admin route refuses a visitor without a session and changes nothing', async ({
  request,
  baseURL,
}) => {
  // Something in the inbox for the refused actions to (not) touch.
  await request.post('/contact', {
    headers: { origin: baseURL! },
    form: {
      name: 'Walker',
      email: 'walker@example.com',
      phone_number: '4165550000',
      message: 'Hi',
    },
  })
  const photo = photoUpload()
  for (const endpoint of [
    ...adminEndpoints,
    { method: 'POST', path: '/api/gallery', multipart: photo },
    { method: 'PUT', path: '/api/gallery', multipart: photo },
    { method: 'DELETE', path: '/api/gallery/1' },
    { method: 'POST', path: '/api/gallery/1' },
  ]) {
    const name = `${endpoint.method} ${endpoint.path}`
    const response = await request.fetch(endpoint.path, {
      method: endpoint.method,
      headers: { origin: baseURL! },
      ...('form' in endpoint ? { form: endpoint.form } : {}),
      ...('json' in endpoint ? { data: endpoint.json } : {}),
      ...('multipart' in endpoint ? { multipart: endpoint.multipart } : {}),
      maxRedirects: 0,
    })
    expect(response.status(), name).toBe(401)
    expect(response.headers()['cache-control'], name).toBe('private, no-store')
    if (endpoint.path.startsWith('/api/')) {
      // The upload dialog tells the owner to sign in again from this code.
      expect(await response.json(), name).toMatchObject({ code: 'unauthorized' })
    }
  }
  const page = await (await request.get('/admin/inbox')).text()
  expect(page).toContain('Please sign in')
  expect(page).not.toContain('Walker')
  // The menu is as it was: no product added, the first one still offered.
  const about = await (await request.get('/about')).text()
  expect(about).not.toContain('Walker Pies')
  expect(about).toContain('>Cakes<')
})

test('a forged or expired session cookie is not a session', async ({ request }) => {
  const response = await request.get('/admin/inbox', {
    headers: { cookie: 'bakery.session_token=forged.value' },
  })
  expect(response.status()).toBe(401)
})

test('state-changing requests from another site are refused', async ({ request }) => {
  for (const [path, form] of [
    ['/contact', { name: 'X', email: 'x@example.com', phone_number: '4165550000', message: 'Hi' }],
    [
      '/admin/login',
      { email: 'owner@butterandbloom.test', password: 'correct horse battery staple' },
    ],
    ['/admin/logout', {}],
  ] as const) {
    const response = await request.post(path, { headers: { origin: 'https://evil.example' }, form })
    expect(response.status(), path).toBe(403)
    expect(response.headers()['set-cookie']).toBeUndefined()
  }
})

test('a signed-in owner’s browser cannot be made to upload or delete photos from another site', async ({
  request,
  baseURL,
}) => {
  const signIn = await request.post('/admin/login', {
    headers: { origin: baseURL! },
    form: { email: 'owner@butterandbloom.test', password: 'correct horse battery staple' },
  })
  expect(signIn.ok()).toBe(true)
  const photo = photoUpload()

  const upload = await request.post('/api/gallery', {
    headers: { origin: 'https://evil.example' },
    multipart: photo,
  })
  expect(upload.status()).toBe(403)
  const remove = await request.delete('/api/gallery/1', {
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  })
  expect(remove.status()).toBe(403)
})

test('the calendar feed answers only its key, and its key is not rotated from another site', async ({
  request,
  baseURL,
}) => {
  // Without a session and without the key there is nothing to see, not even that a feed exists.
  for (const path of [
    '/admin/calendar.ics',
    '/admin/calendar.ics?key=',
    '/admin/calendar.ics?key=guess',
  ]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(response.headers()['cache-control'], path).toBe('private, no-store')
    expect(await response.text(), path).not.toContain('VCALENDAR')
  }
  const signIn = await request.post('/admin/login', {
    headers: { origin: baseURL! },
    form: { email: 'owner@butterandbloom.test', password: 'correct horse battery staple' },
  })
  expect(signIn.ok()).toBe(true)
  // The owner's journey (owner-calendar.spec.ts) rotates the key meanwhile, so only the refusal is checked here.
  const rotate = await request.post('/admin/settings', {
    headers: { origin: 'https://evil.example' },
    form: { intent: 'rotate-ical-key' },
  })
  expect(rotate.status()).toBe(403)
})
