import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, onTestFinished, test, vi } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestConnection, openTestDatabase } from '#tests/support/database.ts'
import { buildOrderEmail, startSmtpSink, waitFor } from '#tests/support/mail.ts'
import { openBakery, sendRequest } from '#tests/support/order-book.ts'
import { startWorkerProcess } from '#tests/support/worker-process.ts'
import {
  createOutboxMessageId,
  type DeliveryWorkerOptions,
  kickDeliveryWorker,
  startDeliveryWorker,
  setDeliveryWorker,
} from './delivery-worker.server.ts'
import { claimDueEmail } from './outbox-claims.server.ts'
import { requeueEmail } from './outbox-retries.server.ts'
import { enqueueEmail } from './outbox.server.ts'
import { createFileTransport } from './transports/file.server.ts'
import { createSmtpTransport } from './transports/smtp.server.ts'

const siteUrl = 'https://butterandbloom.ca'

function smtpTo(url: string) {
  return createSmtpTransport({
    url,
    from: 'no-reply@butterandbloom.ca',
    to: 'hello@butterandbloom.ca',
  })
}

/** A worker with small delays that is stopped when the test ends; its log lines are kept. */
function startTestWorker(
  options: Omit<DeliveryWorkerOptions, 'retryMinMs' | 'siteUrl'> & Partial<DeliveryWorkerOptions>,
) {
  const lines: string[] = []
  const worker = startDeliveryWorker({
    retryMinMs: 20,
    maxRetryDelayMs: 80,
    siteUrl,
    log: (line) => lines.push(line),
    ...options,
  })
  onTestFinished(() => worker.stop())
  return { worker, lines }
}

async function readRow(db: Db, id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

test('a queued email is sent with a Message-ID taken from its outbox row', async () => {
  const { db } = await openTestDatabase()
  const sink = await startSmtpSink()
  const id = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 3,
    email: buildOrderEmail(),
  })
  const { created_at: createdAt } = await readRow(db, id)

  startTestWorker({ db, transport: smtpTo(sink.url) })

  await waitFor(async () =>
    expect(await readRow(db, id)).toMatchObject({ status: 'sent', attempts: 1 }),
  )
  expect(sink.messages.map((mail) => mail.messageId)).toEqual([
    createOutboxMessageId({ id, createdAt }, siteUrl),
  ])
  expect(sink.messages[0]!.messageId).toMatch(/^<outbox-1-[0-9a-z]+@butterandbloom\.ca>$/)
})

test('while the SMTP server is down the email waits, and goes out once when it is back', async () => {
  const { db } = await openTestDatabase()
  const down = await startSmtpSink()
  await down.close()
  const id = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 1,
    email: buildOrderEmail(),
  })

  const { worker, lines } = startTestWorker({ db, transport: smtpTo(down.url) })

  const waiting = await waitFor(async () => {
    const row = await readRow(db, id)
    expect(row.attempts).toBeGreaterThanOrEqual(3)
    expect(row.status).not.toBe('sent')
    return row
  })
  expect(waiting.last_error).toMatch(/^SMTP: .*ECONNREFUSED/)
  expect(lines[0]).toMatch(/^mail: outbox 1 \(order_batch 1\) attempt 1 failed, will retry: SMTP:/)

  const up = await startSmtpSink({ port: down.port })
  worker.kick()

  await waitFor(async () =>
    expect(await readRow(db, id)).toMatchObject({ status: 'sent', last_error: null }),
  )
  await worker.stop()
  expect(up.messages).toHaveLength(1)
})

test('a permanent failure marks the email failed with the reason', async () => {
  const { db } = await openTestDatabase()
  const sink = await startSmtpSink({ reject: { code: 550, message: 'No such user here' } })
  const id = await enqueueEmail(db, {
    topic: 'contact_message',
    subjectId: 2,
    email: buildOrderEmail(),
  })

  const { lines } = startTestWorker({ db, transport: smtpTo(sink.url) })

  const row = await waitFor(async () => {
    const row = await readRow(db, id)
    expect(row.status).toBe('failed')
    // Logged just after the update commits, which a reader on another
    // connection (PostgreSQL's pool) can see first.
    expect(lines).toEqual([
      expect.stringMatching(/^mail: outbox 1 \(contact_message 2\) failed: SMTP:/),
    ])
    return row
  })
  expect(row.attempts).toBe(1)
  expect(row.last_error).toMatch(/^SMTP: .*550 No such user here/)
})

test('an email left mid-send by a process that died is sent by the next worker', async () => {
  const { db } = await openTestDatabase()
  const sink = await startSmtpSink()
  const then = Date.now() - 3 * 60_000
  const email = buildOrderEmail()
  const id = await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email }, then)
  // The previous process claimed it three minutes ago and never came back.
  await claimDueEmail(db, { now: then, leaseMs: 2 * 60_000 })
  expect((await readRow(db, id)).status).toBe('sending')

  startTestWorker({ db, transport: smtpTo(sink.url) })

  await waitFor(async () =>
    expect(await readRow(db, id)).toMatchObject({ status: 'sent', attempts: 2 }),
  )
  expect(sink.messages).toHaveLength(1)
})

test('at start, a worker takes back at once what an earlier boot of its instance left mid-send, never another instance’s', async () => {
  const { db } = await openTestDatabase()
  const sink = await startSmtpSink()
  const ours = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 1,
    email: buildOrderEmail(),
  })
  const theirs = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 2,
    email: buildOrderEmail(),
  })
  // Both claimed a moment ago: their two-minute leases have barely begun.
  await claimDueEmail(db, { holder: { instance: 'web-1:3000', boot: 'earlier boot' } })
  await claimDueEmail(db, { holder: { instance: 'web-2:3000', boot: 'its live boot' } })

  const { lines } = startTestWorker({ db, transport: smtpTo(sink.url), instance: 'web-1:3000' })

  await waitFor(async () =>
    expect(await readRow(db, ours)).toMatchObject({ status: 'sent', attempts: 2 }),
  )
  expect(sink.messages).toHaveLength(1)
  expect(await readRow(db, theirs)).toMatchObject({
    status: 'sending',
    lease_holder: 'web-2:3000',
    lease_boot: 'its live boot',
  })
  expect(lines).toEqual(['mail: sending again 1 email(s) an earlier run left mid-send'])
})

test('an email mid-send when its worker process is killed goes out as soon as that instance restarts', async () => {
  const { db, dataDir, location } = await openTestDatabase()
  // The first process's send hangs, as in a mail outage that times out slowly.
  const outage = await startSmtpSink({ hold: new Promise(() => {}) })
  const id = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 1,
    email: buildOrderEmail(),
  })
  const worker = startWorkerProcess({ dataDir, location, smtpUrl: outage.url })
  await waitFor(async () => expect((await readRow(db, id)).status).toBe('sending'), {
    timeoutMs: 20_000,
  })
  await worker.kill()
  const left = await readRow(db, id)
  expect(left.lease_until! - Date.now()).toBeGreaterThan(60_000)

  const sink = await startSmtpSink()
  startTestWorker({ db, transport: smtpTo(sink.url), instance: 'web-1:3000' })

  // Well inside the dead lease's two minutes: the default wait of waitFor is 5 s.
  await waitFor(async () => expect(await readRow(db, id)).toMatchObject({ status: 'sent' }))
  expect(sink.messages).toHaveLength(1)
}, 30_000)

test('after a day of retries the email is marked failed', async () => {
  const { db } = await openTestDatabase()
  const down = await startSmtpSink()
  await down.close()
  const dayAgo = Date.now() - 25 * 60 * 60_000
  const id = await enqueueEmail(
    db,
    { topic: 'order_batch', subjectId: 1, email: buildOrderEmail() },
    dayAgo,
  )

  const { lines } = startTestWorker({ db, transport: smtpTo(down.url) })

  const row = await waitFor(async () => {
    const row = await readRow(db, id)
    expect(row.status).toBe('failed')
    // Logged just after the update commits (see above).
    expect(lines).toEqual([expect.stringMatching(/failed after a day of retries/)])
    return row
  })
  expect(row.last_error).toMatch(/ECONNREFUSED.*\(gave up after 1 attempt\)$/)
})

test('two workers on one database send every email exactly once', async () => {
  const { db, location } = await openTestDatabase()
  const other = openTestConnection(location)
  const sink = await startSmtpSink()
  const count = 12
  for (let subjectId = 1; subjectId <= count; subjectId++) {
    await enqueueEmail(db, { topic: 'order_batch', subjectId, email: buildOrderEmail() })
  }

  // Two instances: two boots of one instance cannot overlap (see releaseEarlierBootsLeases).
  const first = startTestWorker({ db, transport: smtpTo(sink.url), instance: 'web-1:3000' })
  const second = startTestWorker({ db: other, transport: smtpTo(sink.url), instance: 'web-2:3000' })

  await waitFor(async () => {
    const rows = await db
      .selectFrom('outbox')
      .select('status')
      .where('status', '=', 'sent')
      .execute()
    expect(rows).toHaveLength(count)
  })
  await Promise.all([first.worker.stop(), second.worker.stop()])
  const ids = sink.messages.map((mail) => mail.messageId)
  expect(ids).toHaveLength(count)
  expect(new Set(ids).size).toBe(count)
})

test('Resend makes a failed email go out', async () => {
  const { db } = await openTestDatabase()
  const refusing = await startSmtpSink({ reject: { code: 550, message: 'Mailbox full' } })
  const id = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 1,
    email: buildOrderEmail(),
  })
  const failing = startTestWorker({ db, transport: smtpTo(refusing.url) })
  await waitFor(async () => expect((await readRow(db, id)).status).toBe('failed'))
  await failing.worker.stop()

  const sink = await startSmtpSink()
  const { worker } = startTestWorker({ db, transport: smtpTo(sink.url), maxIdleMs: 60_000 })
  expect(await requeueEmail(db, id)).toBe(true)
  worker.kick()

  await waitFor(async () => expect((await readRow(db, id)).status).toBe('sent'))
  expect(sink.messages).toHaveLength(1)
})

test('a kick wakes the idle worker for an email just queued', async () => {
  const { db } = await openTestDatabase()
  const sink = await startSmtpSink()
  const email = buildOrderEmail()
  // Queued before the worker starts, so its first look finds it (on a pool of
  // connections the worker's first look could otherwise come first).
  const first = await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email })
  // Left alone, this worker would not look again for a minute.
  const { worker } = startTestWorker({ db, transport: smtpTo(sink.url), maxIdleMs: 60_000 })
  setDeliveryWorker(worker)
  onTestFinished(() => setDeliveryWorker(undefined))
  await waitFor(async () => expect((await readRow(db, first)).status).toBe('sent'))

  const second = await enqueueEmail(db, { topic: 'order_batch', subjectId: 2, email })
  kickDeliveryWorker()

  await waitFor(async () => expect((await readRow(db, second)).status).toBe('sent'), {
    timeoutMs: 10_000,
  })
  expect(sink.messages).toHaveLength(2)
})

test('an unexpected error is logged once per attempt and retried, and the worker carries on', async () => {
  const { db } = await openTestDatabase()
  const sink = await startSmtpSink()
  const smtp = smtpTo(sink.url)
  let calls = 0
  const flaky = {
    name: 'flaky',
    async send(...args: Parameters<typeof smtp.send>) {
      calls++
      if (calls <= 2) throw new TypeError(`template broke on call ${calls}`)
      await smtp.send(...args)
    },
  }
  const id = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 1,
    email: buildOrderEmail(),
  })

  const { lines } = startTestWorker({ db, transport: flaky })

  await waitFor(async () => expect((await readRow(db, id)).status).toBe('sent'))
  expect(lines).toEqual([
    'mail: outbox 1 (order_batch 1) attempt 1 failed, will retry: Unexpected error: template broke on call 1',
    'mail: outbox 1 (order_batch 1) attempt 2 failed, will retry: Unexpected error: template broke on call 2',
  ])
  expect(sink.messages).toHaveLength(1)
})

test('stopping lets the email being sent finish first', async () => {
  const { db } = await openTestDatabase()
  let release = () => {}
  const sink = await startSmtpSink({ hold: new Promise<void>((resolve) => (release = resolve)) })
  const id = await enqueueEmail(db, {
    topic: 'order_batch',
    subjectId: 1,
    email: buildOrderEmail(),
  })
  const { worker } = startTestWorker({ db, transport: smtpTo(sink.url) })
  await waitFor(async () => expect((await readRow(db, id)).status).toBe('sending'))

  const stopped = worker.stop()
  release()
  await stopped

  expect((await readRow(db, id)).status).toBe('sent')
  expect(sink.messages).toHaveLength(1)
})

test("delivering a customer's emails prints which outbox row and file, never her name, address, phone, allergies or subject", async () => {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  await sendRequest(db, {
    name: 'Erin Quillfeather',
    email: 'erin.quillfeather@example.net',
    phone_number: '613-555-0147',
    allergies: 'Kumquat',
  })
  const printed: string[] = []
  for (const method of ['log', 'info', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.join(' '))
    })
  }
  const erinsTraces = (text: string) =>
    [
      'Erin',
      'Quillfeather',
      'quillfeather',
      '555-0147',
      '5550147',
      'Kumquat',
      'order request',
    ].filter((trace) => text.includes(trace))

  // The embedded default: files, announced on the console as the server does.
  const files = startDeliveryWorker({
    db,
    transport: createFileTransport({
      dataDir,
      from: 'no-reply@butterandbloom.ca',
      to: 'hello@butterandbloom.ca',
    }),
    retryMinMs: 20,
    siteUrl,
  })
  onTestFinished(() => files.stop())
  await waitFor(async () =>
    expect(await readdir(path.join(dataDir, 'mail'))).toEqual([
      expect.stringMatching(/-outbox-1-[0-9a-z]+\.eml$/),
      expect.stringMatching(/-outbox-2-[0-9a-z]+\.eml$/),
    ]),
  )
  await files.stop()
  expect(printed).toEqual([
    expect.stringMatching(/^mail: wrote \S+-outbox-1-[0-9a-z]+\.eml$/),
    expect.stringMatching(/^mail: wrote \S+-outbox-2-[0-9a-z]+\.eml$/),
  ])

  // A mail server refusing her address, and echoing it, as they do.
  await db.updateTable('outbox').set({ status: 'queued', attempts: 0 }).execute()
  const refusing = await startSmtpSink({
    reject: {
      code: 550,
      message: '5.1.1 <erin.quillfeather@example.net>: Recipient address rejected',
    },
  })
  const smtp = startDeliveryWorker({ db, transport: smtpTo(refusing.url), retryMinMs: 20, siteUrl })
  onTestFinished(() => smtp.stop())
  await waitFor(async () =>
    expect(
      await db.selectFrom('outbox').select('id').where('status', '=', 'failed').execute(),
    ).toHaveLength(2),
  )
  await smtp.stop()
  expect(printed.slice(2)).toEqual([
    expect.stringMatching(
      /^mail: outbox 1 \(order_batch 1\) failed: SMTP: .*550 5\.1\.1 <address>: Recipient address rejected$/,
    ),
    expect.stringMatching(/^mail: outbox 2 \(request_confirmation 1\) failed: SMTP: .*<address>/),
  ])
  for (const line of printed) expect(erinsTraces(line), line).toEqual([])
  // The owner still reads the whole reason beside the email.
  expect((await readRow(db, 1)).last_error).toContain('<erin.quillfeather@example.net>')
})
