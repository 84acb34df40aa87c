import { mkdtempSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServerProcess } from '#tests/support/server-process.ts'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'
import { expect, test } from './fixtures.ts'

// These start servers of their own, with mail going to ports we control.
test.describe.configure({ mode: 'serial' })

const order = {
  name: 'Outage Tester',
  email: 'outage@example.com',
  phone_number: '416-555-0123',
  product_type: 'Smash Cakes',
  event_theme: 'First birthday',
  due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  hear_about_us: 'Facebook',
}

async function postOrders(port: number, name: string, count = 1) {
  const response = await fetch(`http://localhost:${port}/ordernow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({
      orders: Array.from({ length: count }, () => ({ ...order, name })),
      accept_policies: true,
    }),
  })
  return response.status
}

async function postContact(port: number, name: string) {
  const response = await fetch(`http://localhost:${port}/contact`, {
    method: 'POST',
    headers: { origin: `http://localhost:${port}` },
    body: new URLSearchParams({
      name,
      email: 'kill@example.com',
      phone_number: '4165550199',
      message: 'Still there?',
    }),
  })
  return response.status
}

test('while the mail server is down, sends succeed and go out once it is back', async () => {
  const smtpPort = 3260
  const server = startServerProcess({
    PORT: '3261',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_MIN_MS: '100',
  })
  try {
    await server.ready()
    expect(await postOrders(3261, 'Down Then Up', 2)).toBe(200)
    expect(await postContact(3261, 'Down Then Up')).toBe(200)
    await expect.poll(() => server.output()).toMatch(/ECONNREFUSED|connect/i)

    const sink = await startSmtpSink({ port: smtpPort })
    try {
      // The owner's two emails and the customer's confirmation.
      await expect.poll(() => sink.messages.length, { timeout: 15_000 }).toBe(3)
      expect(sink.messages.map((mail) => mail.subject).sort()).toEqual([
        '2 new order requests from Down Then Up',
        'New message from Down Then Up',
        'We got your orders — Butter & Bloom Bakery',
      ])
      // Delivered means marked sent: nothing goes out a second time.
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(sink.messages).toHaveLength(3)
    } finally {
      await sink.close()
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
})

test('emails queued when the server is killed are delivered after it restarts', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bakery-kill-'))
  const smtpPort = 3262
  const first = startServerProcess({
    PORT: '3263',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_MIN_MS: '100',
  })
  await first.ready()
  expect(await postOrders(3263, 'Killed Mid Queue')).toBe(200)
  // Kill it right after its third failed try: the email is queued, its next
  // try 400 ms away, so the kill lands between tries, not during one.
  await expect
    .poll(() => first.output().match(/ECONNREFUSED/g)?.length ?? 0, { intervals: [5] })
    .toBeGreaterThanOrEqual(3)
  first.child.kill('SIGKILL')
  await first.exited

  const sink = await startSmtpSink({ port: smtpPort })
  const second = startServerProcess({
    PORT: '3263',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_MIN_MS: '100',
  })
  try {
    await second.ready()
    await expect.poll(() => sink.messages.length, { timeout: 15_000 }).toBe(2)
    expect(sink.messages.map((mail) => mail.subject).sort()).toEqual([
      '1 new order request from Killed Mid Queue',
      'We got your order — Butter & Bloom Bakery',
    ])
  } finally {
    second.child.kill('SIGTERM')
    await second.exited
    await sink.close()
  }
})

test('an email mid-send when the server is killed goes out as soon as it restarts', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bakery-kill-mid-send-'))
  // A mail server that accepts the connection and never answers: the send
  // hangs, its row 'sending' under a two-minute lease.
  const sockets: Socket[] = []
  const silent = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const silentPort = (silent.address() as { port: number }).port
  const port = Number(process.env.E2E_PORT ?? 3210) + 54
  const first = startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${silentPort}`,
  })
  const sink = await startSmtpSink()
  try {
    await first.ready()
    expect(await postOrders(port, 'Killed Mid Send')).toBe(200)
    await expect.poll(() => sockets.length).toBe(1)
    first.child.kill('SIGKILL')
    await first.exited

    const restartedAt = Date.now()
    const second = startServerProcess({ PORT: String(port), DATA_DIR: dataDir, SMTP_URL: sink.url })
    try {
      await second.ready()
      // The owner's email that was mid-send, and the customer's confirmation behind it.
      await expect.poll(() => sink.messages.length, { timeout: 15_000 }).toBe(2)
      expect(sink.messages.map((mail) => mail.subject).sort()).toEqual([
        '1 new order request from Killed Mid Send',
        'We got your order — Butter & Bloom Bakery',
      ])
      // Not after the dead send's lease (two minutes) ran out.
      expect(Date.now() - restartedAt).toBeLessThan(60_000)
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  } finally {
    first.child.kill('SIGKILL')
    for (const socket of sockets) socket.destroy()
    silent.close()
    await sink.close()
  }
})
