/**
 * Two production servers on one PostgreSQL schema and one bucket, behind
 * nothing but their own two ports, behave as one site: what one stores the
 * other serves, every acknowledged send is emailed exactly once even when one
 * of them is killed with mail in flight, and sign-in failures count across
 * both. Needs TEST_DATABASE_URL (playwright.config.ts leaves this out without it).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { photoJpeg } from '#tests/support/images.ts'
import { type TestSchema, createTestSchema } from '#tests/support/pg-schema.ts'
import { type S3Bucket, startS3Bucket } from '#tests/support/s3-bucket.ts'
import { type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'
import { type SmtpSink, startSmtpSink } from '#tests/support/smtp-sink.ts'
import { expect, OWNER, test } from './fixtures.ts'

const PORT_A = Number(process.env.E2E_PORT ?? 3210) + 60
const PORT_B = PORT_A + 1
const SENDS = 40

interface UploadedImage {
  id: number
  fileName: string
  variants: { src: string; format: string }[]
}

interface Instance {
  name: string
  port: number
  origin: string
  dataDir: string
  server: ServerProcess
}

let schema: TestSchema
let bucket: S3Bucket
let sink: SmtpSink
let db: pg.Client
const servers: ServerProcess[] = []

test.beforeEach(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('This spec needs TEST_DATABASE_URL (postgres://…).')
  schema = await createTestSchema(serverUrl)
  db = new pg.Client({ connectionString: schema.url })
  await db.connect()
  bucket = await startS3Bucket()
  sink = await startSmtpSink()
})

test.afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM')
    }
    await server.exited
  }
  await db.end()
  await Promise.all([bucket.stop(), sink.close()])
  await schema.drop()
})

/** An instance of the site on the shared database, bucket and mail server. */
function startInstance(name: string, port: number, dataDir?: string): Instance {
  const folder = dataDir ?? mkdtempSync(path.join(tmpdir(), `bakery-${name}-`))
  const server = startServerProcess({
    ...bucket.env,
    PORT: String(port),
    INSTANCE_NAME: name,
    DATA_DIR: folder,
    DATABASE_URL: schema.url,
    // No AUTH_SECRET: the instances share the key kept in the database.
    SITE_URL: `http://localhost:${port}`,
    SMTP_URL: sink.url,
    MAIL_TO: 'owner@butterandbloom.test',
    MAIL_FROM: 'Butter & Bloom website <website@butterandbloom.test>',
    MAIL_RETRY_MIN_MS: '100',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SEED_DEMO: 'false',
  })
  servers.push(server)
  return { name, port, origin: `http://localhost:${port}`, dataDir: folder, server }
}

const order = {
  email: 'two@example.com',
  phone_number: '416-555-0123',
  product_type: 'Cakes',
  event_theme: 'Two instances',
  hear_about_us: 'Instagram',
}

/**
 * Send number `index`: a contact message on even numbers, an order batch on
 * odd ones, each from an address of its own (the proxy header loopback is
 * trusted with), so the shared rate limit lets every one through. Returns the
 * subject its email must have, and the status the instance answered with.
 */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

async function send(instance: Instance, index: number) {
  const name = `Send ${String(index).padStart(2, '0')} via ${instance.name}`
  const headers = { origin: instance.origin, 'x-forwarded-for': `198.51.100.${index + 1}` }
  if (index % 2 === 0) {
    const response = await fetch(`${instance.origin}/contact`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({
        name,
        email: 'two@example.com',
        phone_number: '4165550199',
        message: `Message number ${index}`,
        website: '',
      }),
    })
    return { subject: `New message from ${name}`, status: response.status }
  }
  const response = await fetch(`${instance.origin}/ordernow`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    // A day of its own for each order: a day holds 4 orders by default.
    body: JSON.stringify({
      orders: [{ ...order, name, due_date: daysFromNow(30 + index) }],
      website: '',
      accept_policies: true,
    }),
  })
  return { subject: `1 new order request from ${name}`, status: response.status }
}

async function signIn(request: APIRequestContext, instance: Instance) {
  const response = await request.post(`${instance.origin}/admin/login`, {
    headers: { origin: instance.origin },
    form: OWNER,
  })
  expect(response.status()).toBe(200)
}

const putBodyOf = (key: string) =>
  bucket.requests.find(
    (request) => request.method === 'PUT' && request.url.split('?')[0] === `/bakery-photos/${key}`,
  )?.body

const rowsOf = async (sql: string, values: unknown[] = []) =>
  (await db.query<{ n: string }>(sql, values)).rows[0]?.n

test('two instances on one database and one bucket behave as one site', async ({ request }) => {
  test.setTimeout(90_000)
  let a = startInstance('bakery-a', PORT_A)
  const b = startInstance('bakery-b', PORT_B)
  await Promise.all([a.server.ready(), b.server.ready()])

  await test.step('a photo uploaded through A is listed and served by B', async () => {
    await signIn(request, a)
    // The owner's session from A is good on B (the cookie knows no port).
    expect((await request.get(`${b.origin}/admin/orders`)).status()).toBe(200)
    const photo = await photoJpeg({ width: 900, height: 700 })
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Twin Cake.jpg')
    form.append('tags', 'cake')
    form.append('alt', 'A twin cake')
    form.append('originalSize', String(photo.length))
    form.append('uploadKey', randomBytes(16).toString('hex'))
    const upload = await request.post(`${a.origin}/api/gallery`, {
      headers: { origin: a.origin },
      multipart: form,
    })
    expect(upload.status()).toBe(201)
    const image = (await upload.json()) as UploadedImage

    const listed = (await (await fetch(`${b.origin}/api/gallery`)).json()) as UploadedImage[]
    expect(listed.map((entry) => entry.id)).toEqual([image.id])
    expect(listed[0]!.variants).toEqual(image.variants)
    expect(image.variants.length).toBeGreaterThan(1)
    for (const variant of image.variants) {
      const served = await fetch(`${b.origin}${variant.src}`)
      expect(served.status).toBe(200)
      const stored = putBodyOf(variant.src.replace('/media/', ''))
      expect(stored).toBeDefined()
      expect(Buffer.from(await served.arrayBuffer()).equals(stored!)).toBe(true)
    }
  })

  const acknowledged: string[] = []
  const unacknowledged: string[] = []
  async function sendAndRecord(instance: Instance, index: number) {
    const { subject, status } = await send(instance, index)
    ;(status === 200 ? acknowledged : unacknowledged).push(`${subject} (${status})`)
    return status
  }
  // Alternating by pairs, so each instance takes both kinds of send.
  const alternate = (index: number) => (Math.floor(index / 2) % 2 === 0 ? a : b)

  await test.step('sends alternate between A and B', async () => {
    for (let index = 0; index < 12; index++) await sendAndRecord(alternate(index), index)
  })

  await test.step('A is killed with an email of its own mid-delivery', async () => {
    // The mail server stalls: each worker takes a row and waits on its greeting.
    const release = sink.stall()
    for (let index = 12; index < 20; index++) await sendAndRecord(alternate(index), index)
    const sendingBy = (holder: string) =>
      rowsOf("select count(*) as n from outbox where status = 'sending' and lease_holder = $1", [
        holder,
      ])
    await expect.poll(() => sendingBy(a.name)).toBe('1')
    await expect.poll(() => sendingBy(b.name)).toBe('1')
    a.server.child.kill('SIGKILL')
    await a.server.exited

    // B alone takes the next sends; the mail server comes back meanwhile.
    for (let index = 20; index < 26; index++) await sendAndRecord(b, index)
    release()
    for (let index = 26; index < 30; index++) await sendAndRecord(b, index)
    // B has delivered everything but the row A's dead boot holds.
    await expect
      .poll(() => rowsOf("select count(*) as n from outbox where status <> 'sent'"), {
        timeout: 15_000,
      })
      .toBe('1')
    expect(await sendingBy(a.name)).toBe('1')
  })

  await test.step('A restarts under its name, takes its dead boot’s email back, and sends resume', async () => {
    const restartedAt = Date.now()
    a = startInstance(a.name, a.port, a.dataDir)
    await a.server.ready()
    for (let index = 30; index < SENDS; index++) await sendAndRecord(alternate(index), index)

    expect(unacknowledged).toEqual([])
    expect(acknowledged).toHaveLength(SENDS)
    // Once every row is sent, no send is left in flight: what the sink holds is final.
    // Each order send also tells its customer; the owner's emails are one per send.
    const orderSends = acknowledged.filter((entry) => entry.includes('order request')).length
    await expect
      .poll(() => rowsOf("select count(*) as n from outbox where status = 'sent'"), {
        timeout: 15_000,
      })
      .toBe(String(SENDS + orderSends))
    // Well before the dead boot's lease (two minutes) would have run out.
    expect(Date.now() - restartedAt).toBeLessThan(30_000)
    const toOwner = sink.messages.filter((mail) => !mail.subject?.startsWith('We got your order'))
    expect(toOwner.map((mail) => mail.subject).sort()).toEqual(
      acknowledged.map((entry) => entry.replace(/ \(200\)$/, '')).sort(),
    )
    expect(sink.messages.length - toOwner.length).toBe(orderSends)
  })

  await test.step('sign-in failures count across both instances', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' }
    const tryWrongPassword = async (instance: Instance) =>
      (
        await fetch(`${instance.origin}/admin/login`, {
          method: 'POST',
          headers: { ...from, origin: instance.origin },
          body: new URLSearchParams({ email: OWNER.email, password: 'not the password' }),
        })
      ).status
    const statuses: number[] = []
    for (const instance of [a, b, a, b, a]) statuses.push(await tryWrongPassword(instance))
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    expect(await tryWrongPassword(b)).toBe(429)
    expect(await tryWrongPassword(a)).toBe(429)
  })
})
