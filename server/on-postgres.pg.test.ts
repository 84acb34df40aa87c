/**
 * Production servers on PostgreSQL, each in a process of its own. Two of
 * them on one schema and one bucket, behind nothing but their own two ports,
 * behave as one site: what one stores the other serves, every acknowledged
 * send is emailed exactly once even when one of them is killed with mail in
 * flight, sign-in failures count across both, and a drop's stock is one
 * stock between them. And a server answers from
 * its first moment while its scheduled work waits on a lock.
 *
 * Runs in the PostgreSQL pass only (vitest.config.ts), where it fails
 * without TEST_DATABASE_URL rather than being left out.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { beforeAll, expect, onTestFinished, test } from 'vitest'
import {
  BUILD_TIMEOUT_MS,
  type BuiltServer,
  OWNER,
  ensureBuild,
  freePort,
  signIn,
  startBuiltServer,
} from '#tests/support/built-server.ts'
import { makeTestDatabaseUrl } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { type S3Bucket, startS3Bucket } from '#tests/support/s3-bucket.ts'
import { type SmtpSink, startSmtpSink } from '#tests/support/smtp-sink.ts'

const SENDS = 40
const POLL = { timeout: 20_000 }

beforeAll(ensureBuild, BUILD_TIMEOUT_MS)

/** A fresh schema of TEST_DATABASE_URL's database, dropped when the test ends. */
async function postgresUrl(): Promise<string> {
  const url = await makeTestDatabaseUrl()
  if (!url) throw new Error('This file runs on PostgreSQL only: TEST_DATABASE=pg.')
  return url
}

/** Stops the server when the test ends, however it ends. */
async function started(env: Record<string, string>, options?: { port?: number }) {
  const site = await startBuiltServer(env, options)
  onTestFinished(() => site.stop(), 30_000)
  return site
}

interface UploadedImage {
  id: number
  fileName: string
  variants: { src: string; format: string }[]
}

interface Instance {
  name: string
  site: BuiltServer
  dataDir: string
}

interface Shared {
  databaseUrl: string
  bucket: S3Bucket
  sink: SmtpSink
  db: pg.Client
}

async function shared(): Promise<Shared> {
  const databaseUrl = await postgresUrl()
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const bucket = await startS3Bucket()
  const sink = await startSmtpSink()
  // Last registered, first run: the servers stop before these go.
  onTestFinished(async () => {
    await db.end()
    await Promise.all([bucket.stop(), sink.close()])
  })
  return { databaseUrl, bucket, sink, db }
}

/** An instance of the site on the shared database, bucket and mail server. */
async function startInstance(
  { databaseUrl, bucket, sink }: Shared,
  name: string,
  { port, dataDir }: { port?: number; dataDir?: string } = {},
): Promise<Instance> {
  const folder = dataDir ?? mkdtempSync(path.join(tmpdir(), `bakery-${name}-`))
  const site = await started(
    {
      ...bucket.env,
      INSTANCE_NAME: name,
      DATA_DIR: folder,
      DATABASE_URL: databaseUrl,
      // No AUTH_SECRET: the instances share the key kept in the database.
      SMTP_URL: sink.url,
      MAIL_TO: 'owner@butterandbloom.test',
      MAIL_FROM: 'Butter & Bloom website <website@butterandbloom.test>',
      MAIL_RETRY_MIN_MS: '100',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SEED_DEMO: 'false',
    },
    { port },
  )
  return { name, site, dataDir: folder }
}

const order = {
  email: 'two@example.com',
  phone_number: '416-555-0123',
  product_type: 'Cakes',
  event_theme: 'Two instances',
  hear_about_us: 'Instagram',
}

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Send number `index`: a contact message on even numbers, an order batch on
 * odd ones, each from an address of its own (the proxy header loopback is
 * trusted with), so the shared rate limit lets every one through. Returns the
 * subject its email must have, and the status the instance answered with.
 */
async function send(instance: Instance, index: number) {
  const origin = instance.site.base
  const name = `Send ${String(index).padStart(2, '0')} via ${instance.name}`
  const headers = { origin, 'x-forwarded-for': `198.51.100.${index + 1}` }
  if (index % 2 === 0) {
    const response = await fetch(`${origin}/contact`, {
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
  const response = await fetch(`${origin}/ordernow`, {
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

test('two instances on one database and one bucket behave as one site', async () => {
  const world = await shared()
  const { bucket, sink, db } = world
  const rowsOf = async (query: string, values: unknown[] = []) =>
    (await db.query<{ n: string }>(query, values)).rows[0]?.n
  const putBodyOf = (key: string) =>
    bucket.requests.find(
      (request) =>
        request.method === 'PUT' && request.url.split('?')[0] === `/bakery-photos/${key}`,
    )?.body
  const pair = await Promise.all([
    startInstance(world, 'bakery-a', { port: await freePort() }),
    startInstance(world, 'bakery-b'),
  ])
  let a = pair[0]
  const b = pair[1]

  // A photo uploaded through A is listed and served by B.
  const cookie = await signIn(a.site.base)
  // The owner's session from A is good on B (the cookie knows no port).
  expect((await fetch(`${b.site.base}/admin/orders`, { headers: { cookie } })).status).toBe(200)
  const photo = await photoJpeg({ width: 900, height: 700 })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Twin Cake.jpg')
  form.append('tags', 'cake')
  form.append('alt', 'A twin cake')
  form.append('originalSize', String(photo.length))
  form.append('uploadKey', randomBytes(16).toString('hex'))
  const upload = await fetch(`${a.site.base}/api/gallery`, {
    method: 'POST',
    headers: { origin: a.site.base, cookie },
    body: form,
  })
  expect(upload.status).toBe(201)
  const image = (await upload.json()) as UploadedImage

  const listed = (await (await fetch(`${b.site.base}/api/gallery`)).json()) as UploadedImage[]
  expect(listed.map((entry) => entry.id)).toEqual([image.id])
  expect(listed[0]!.variants).toEqual(image.variants)
  expect(image.variants.length).toBeGreaterThan(1)
  for (const variant of image.variants) {
    const served = await fetch(`${b.site.base}${variant.src}`)
    expect(served.status).toBe(200)
    const stored = putBodyOf(variant.src.replace('/media/', ''))
    expect(stored).toBeDefined()
    expect(Buffer.from(await served.arrayBuffer()).equals(stored!)).toBe(true)
  }

  const acknowledged: string[] = []
  const unacknowledged: string[] = []
  async function sendAndRecord(instance: Instance, index: number) {
    const { subject, status } = await send(instance, index)
    ;(status === 200 ? acknowledged : unacknowledged).push(`${subject} (${status})`)
    return status
  }
  // Alternating by pairs, so each instance takes both kinds of send.
  const alternate = (index: number) => (Math.floor(index / 2) % 2 === 0 ? a : b)

  // Sends alternate between A and B.
  for (let index = 0; index < 12; index++) await sendAndRecord(alternate(index), index)

  // A is killed with an email of its own mid-delivery.
  // The mail server stalls: each worker takes a row and waits on its greeting.
  const release = sink.stall()
  for (let index = 12; index < 20; index++) await sendAndRecord(alternate(index), index)
  const sendingBy = (holder: string) =>
    rowsOf("select count(*) as n from outbox where status = 'sending' and lease_holder = $1", [
      holder,
    ])
  await expect.poll(() => sendingBy(a.name), POLL).toBe('1')
  await expect.poll(() => sendingBy(b.name), POLL).toBe('1')
  a.site.server.child.kill('SIGKILL')
  await a.site.server.exited

  // B alone takes the next sends; the mail server comes back meanwhile.
  for (let index = 20; index < 26; index++) await sendAndRecord(b, index)
  release()
  for (let index = 26; index < 30; index++) await sendAndRecord(b, index)
  // B has delivered everything but the row A's dead boot holds.
  await expect
    .poll(() => rowsOf("select count(*) as n from outbox where status <> 'sent'"), POLL)
    .toBe('1')
  expect(await sendingBy(a.name)).toBe('1')

  // A restarts under its name, takes its dead boot's email back, and sends resume.
  const restartedAt = Date.now()
  a = await startInstance(world, a.name, { port: a.site.port, dataDir: a.dataDir })
  for (let index = 30; index < SENDS; index++) await sendAndRecord(alternate(index), index)

  expect(unacknowledged).toEqual([])
  expect(acknowledged).toHaveLength(SENDS)
  // Once every row is sent, no send is left in flight: what the sink holds is final.
  // Each order send also tells its customer; the owner's emails are one per send.
  const orderSends = acknowledged.filter((entry) => entry.includes('order request')).length
  await expect
    .poll(() => rowsOf("select count(*) as n from outbox where status = 'sent'"), POLL)
    .toBe(String(SENDS + orderSends))
  // Well before the dead boot's lease (two minutes, taken before the sends
  // above) would have run out, even on a busy machine.
  expect(Date.now() - restartedAt).toBeLessThan(60_000)
  const toOwner = sink.messages.filter((mail) => !mail.subject?.startsWith('We got your order'))
  expect(toOwner.map((mail) => mail.subject).sort()).toEqual(
    acknowledged.map((entry) => entry.replace(/ \(200\)$/, '')).sort(),
  )
  expect(sink.messages.length - toOwner.length).toBe(orderSends)

  // Sign-in failures count across both instances.
  const from = { 'x-forwarded-for': '203.0.113.7' }
  const tryWrongPassword = async (instance: Instance) =>
    (
      await fetch(`${instance.site.base}/admin/login`, {
        method: 'POST',
        headers: { ...from, origin: instance.site.base },
        body: new URLSearchParams({ email: OWNER.email, password: 'not the password' }),
      })
    ).status
  const statuses: number[] = []
  for (const instance of [a, b, a, b, a]) statuses.push(await tryWrongPassword(instance))
  expect(statuses).toEqual([401, 401, 401, 401, 401])
  expect(await tryWrongPassword(b)).toBe(429)
  expect(await tryWrongPassword(a)).toBe(429)

  // A drop's stock is one stock: 50 shoppers at once, half through each, for 10 loaves.
  await reserveOneStock(db, [a, b])
}, 240_000)

/** Fifty reservations at once across the instances for ten loaves: ten held, forty told none are left. */
async function reserveOneStock(db: pg.Client, instances: Instance[]) {
  const now = Date.now()
  const { rows } = await db.query<{ id: number }>(
    `insert into drop_sale (slug, name, pickup_date, opens_at, closes_at, created_at)
     values ('loaves', 'Loaves', '2026-12-19', $1, $2, $1) returning id`,
    [now - 60_000, now + 3_600_000],
  )
  const dropId = rows[0]!.id
  const item = await db.query<{ id: number }>(
    `insert into drop_item (drop_id, name, price_cents, stock, position)
     values ($1, 'Sourdough loaf', 900, 10, 0) returning id`,
    [dropId],
  )
  await db.query(
    `insert into drop_window (drop_id, start_time, end_time, capacity) values ($1, '10:00', '12:00', null)`,
    [dropId],
  )
  const loaf = item.rows[0]!.id
  const statuses = await Promise.all(
    Array.from({ length: 50 }, async (_, index) => {
      const instance = instances[index % instances.length]!
      const response = await fetch(`${instance.site.base}/drops/loaves`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: instance.site.base, 'x-forwarded-for': `192.0.2.${index + 1}` },
        body: new URLSearchParams({
          intent: 'reserve',
          [`qty.${loaf}`]: '1',
          pickup_window: '10:00-12:00',
          name: `Shopper ${index}`,
          email: `shopper${index}@example.com`,
          phone: '416-555-0100',
        }),
      })
      return response.status
    }),
  )
  expect(statuses.filter((status) => status === 303)).toHaveLength(10)
  expect(statuses.filter((status) => status === 409)).toHaveLength(40)
  for (const instance of instances) {
    const counts = await (await fetch(`${instance.site.base}/api/drops/loaves`)).json()
    expect(counts).toMatchObject({ items: [{ id: loaf, left: 0 }] })
  }
}

test('the site answers from its first moment while its scheduled work is held up', async () => {
  const databaseUrl = await postgresUrl()
  const env = { DATABASE_URL: databaseUrl, SEED_DEMO: 'false' }
  const port = await freePort()
  // A first boot makes the tables.
  await (await started(env, { port })).stop()

  // Quote expiry, the schedule's first work, reads the quotes: while
  // another connection holds them, that run cannot finish.
  const locker = new pg.Client({ connectionString: databaseUrl })
  await locker.connect()
  onTestFinished(() => locker.end())
  await locker.query('begin')
  await locker.query('lock table request_quote in access exclusive mode')
  const site = await started(env, { port })
  expect((await fetch(`${site.base}/`)).status).toBe(200)
  expect(site.server.output()).not.toMatch(/could not run the schedule/)
  await locker.query('rollback')
  site.server.child.kill('SIGTERM')
  expect(await site.server.exited).toBe(0)
}, 120_000)
