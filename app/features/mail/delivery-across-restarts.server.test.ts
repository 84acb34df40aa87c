/**
 * Mail from the built server, in a process of its own, to a real SMTP
 * server on loopback: while the mail server is down, and when the site's
 * process is killed with mail queued or mid-send, every email still goes
 * out, once.
 */
import { mkdtempSync } from 'node:fs'
import { type Socket, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { beforeAll, expect, onTestFinished, test } from 'vitest'
import {
  BUILD_TIMEOUT_MS,
  ensureBuild,
  freePort,
  startBuiltServer,
} from '#tests/support/built-server.ts'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'

const POLL = { timeout: 30_000 }

beforeAll(ensureBuild, BUILD_TIMEOUT_MS)

const order = {
  name: 'Outage Tester',
  email: 'outage@example.com',
  phone_number: '416-555-0123',
  product_type: 'Smash Cakes',
  event_theme: 'First birthday',
  due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  hear_about_us: 'Facebook',
}

/** The built server, stopped when the test ends however it ends. */
async function startSite(env: Record<string, string>, port?: number) {
  const site = await startBuiltServer(env, { port })
  onTestFinished(() => site.stop(), 30_000)
  return site
}

async function postOrders(base: string, name: string, count = 1) {
  const response = await fetch(`${base}/ordernow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      orders: Array.from({ length: count }, () => ({ ...order, name })),
      accept_policies: true,
    }),
  })
  return response.status
}

async function postContact(base: string, name: string) {
  const response = await fetch(`${base}/contact`, {
    method: 'POST',
    headers: { origin: base },
    body: new URLSearchParams({
      name,
      email: 'kill@example.com',
      phone_number: '4165550199',
      message: 'Still there?',
    }),
  })
  return response.status
}

/** Each outbox row's status in the server's own database, read beside it. */
function outboxStatuses(dataDir: string): string[] {
  const db = new SQLite(path.join(dataDir, 'bakery.sqlite'), { readonly: true })
  try {
    db.pragma('busy_timeout = 5000')
    const rows = db.prepare('SELECT status FROM outbox ORDER BY id').all() as { status: string }[]
    return rows.map((row) => row.status)
  } finally {
    db.close()
  }
}

test('while the mail server is down, sends succeed and go out once it is back', async () => {
  const smtpPort = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bakery-mail-down-'))
  const { base, server } = await startSite({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_MIN_MS: '100',
  })
  expect(await postOrders(base, 'Down Then Up', 2)).toBe(200)
  expect(await postContact(base, 'Down Then Up')).toBe(200)
  await expect.poll(() => server.output(), POLL).toMatch(/ECONNREFUSED|connect/i)

  const sink = await startSmtpSink({ port: smtpPort })
  onTestFinished(() => sink.close())
  // The owner's two emails and the customer's confirmation.
  await expect.poll(() => sink.messages.length, POLL).toBe(3)
  expect(sink.messages.map((mail) => mail.subject).sort()).toEqual([
    '2 new order requests from Down Then Up',
    'New message from Down Then Up',
    'We got your orders — Butter & Bloom Bakery',
  ])
  // Delivered means marked sent: once every email is, none is left to go out
  // a second time, and the mail server holds each one once.
  await expect.poll(() => outboxStatuses(dataDir), POLL).toEqual(['sent', 'sent', 'sent'])
  expect(sink.messages).toHaveLength(3)
}, 120_000)

test('emails queued when the server is killed are delivered after it restarts', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bakery-kill-'))
  const smtpPort = await freePort()
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_MIN_MS: '100',
  }
  const first = await startSite(env)
  expect(await postOrders(first.base, 'Killed Mid Queue')).toBe(200)
  // Kill it right after its third failed try: the email is queued, its next
  // try 400 ms away, so the kill lands between tries, not during one.
  await expect
    .poll(() => first.server.output().match(/ECONNREFUSED/g)?.length ?? 0, {
      ...POLL,
      interval: 5,
    })
    .toBeGreaterThanOrEqual(3)
  first.server.child.kill('SIGKILL')
  await first.server.exited

  const sink = await startSmtpSink({ port: smtpPort })
  onTestFinished(() => sink.close())
  await startSite(env, first.port)
  await expect.poll(() => sink.messages.length, POLL).toBe(2)
  expect(sink.messages.map((mail) => mail.subject).sort()).toEqual([
    '1 new order request from Killed Mid Queue',
    'We got your order — Butter & Bloom Bakery',
  ])
}, 120_000)

test('an email mid-send when the server is killed goes out as soon as it restarts', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bakery-kill-mid-send-'))
  // A mail server that accepts the connection and never answers: the send
  // hangs, its row 'sending' under a two-minute lease.
  const sockets: Socket[] = []
  const silent = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy()
    silent.close()
  })
  const silentPort = (silent.address() as { port: number }).port
  const sink = await startSmtpSink()
  onTestFinished(() => sink.close())
  const first = await startSite({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${silentPort}` })
  expect(await postOrders(first.base, 'Killed Mid Send')).toBe(200)
  await expect.poll(() => sockets.length, POLL).toBe(1)
  first.server.child.kill('SIGKILL')
  await first.server.exited

  const restartedAt = Date.now()
  await startSite({ DATA_DIR: dataDir, SMTP_URL: sink.url }, first.port)
  // The owner's email that was mid-send, and the customer's confirmation behind it.
  await expect.poll(() => sink.messages.length, POLL).toBe(2)
  expect(sink.messages.map((mail) => mail.subject).sort()).toEqual([
    '1 new order request from Killed Mid Send',
    'We got your order — Butter & Bloom Bakery',
  ])
  // Not after the dead send's lease (two minutes) ran out.
  expect(Date.now() - restartedAt).toBeLessThan(60_000)
}, 120_000)
