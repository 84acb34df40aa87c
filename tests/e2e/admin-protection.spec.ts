import { expect, test } from './fixtures.ts'

const BASE = 'http://localhost:3210'

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
] as const

test('every admin route refuses a visitor without a session and changes nothing', async ({
  request,
}) => {
  // Something in the inbox for the refused actions to (not) touch.
  await request.post('/contact', {
    headers: { origin: BASE },
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
    { method: 'DELETE', path: '/api/gallery/1' },
  ]) {
    const response = await request.fetch(endpoint.path, {
      method: endpoint.method,
      headers: { origin: BASE },
      ...('form' in endpoint ? { form: endpoint.form } : {}),
      ...('multipart' in endpoint ? { multipart: endpoint.multipart } : {}),
      maxRedirects: 0,
    })
    expect(response.status(), `${endpoint.method} ${endpoint.path}`).toBe(401)
  }
  const page = await (await request.get('/admin/inbox')).text()
  expect(page).toContain('Please sign in')
  expect(page).not.toContain('Walker')
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
}) => {
  const signIn = await request.post('/admin/login', {
    headers: { origin: BASE },
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
