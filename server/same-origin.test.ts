import { once } from 'node:events'
import express from 'express'
import { expect, test } from 'vitest'
import { refuseCrossOriginWrites } from './same-origin.ts'

async function startApp() {
  const app = express()
  app.use(refuseCrossOriginWrites('https://butterandbloom.ca'))
  app.all('/contact', (req, res) => {
    res.send(req.get('origin') === 'null' ? 'origin null' : 'accepted')
  })
  const server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() }
}

test('posts from another origin are refused with 403; our own and origin-less ones pass', async () => {
  const app = await startApp()
  try {
    const post = (headers: Record<string, string>) =>
      fetch(`${app.base}/contact`, { method: 'POST', headers, body: 'x=1' })
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403)
    expect(await (await post({ origin: 'https://evil.example' })).text()).toBe(
      'Requests from other sites are not accepted.',
    )
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post({ origin: 'https://butterandbloom.ca' })).status).toBe(200)
    expect((await post({ origin: app.base })).status).toBe(200)
    expect((await post({})).status).toBe(200)
    expect(
      (await fetch(`${app.base}/contact`, { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200)
  } finally {
    app.close()
  }
})

test('a page under no-referrer posts with Origin null: ours passes by Sec-Fetch-Site, others are refused', async () => {
  const app = await startApp()
  try {
    const post = (headers: Record<string, string>) =>
      fetch(`${app.base}/contact`, { method: 'POST', headers, body: 'intent=accept' })
    // The customer's private page answering a quote, with or without JavaScript.
    const ours = await post({ origin: 'null', 'sec-fetch-site': 'same-origin' })
    expect(ours.status).toBe(200)
    // Handed on with our own origin, which React Router's own check accepts.
    expect(await ours.text()).toBe('accepted')
    // A sandboxed frame or another site's form: refused.
    expect((await post({ origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post({ origin: 'null', 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect((await post({ origin: 'null' })).status).toBe(403)
  } finally {
    app.close()
  }
})
