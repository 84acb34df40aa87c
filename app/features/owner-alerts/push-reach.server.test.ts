import type { LookupAddress } from 'node:dns'
import { expect, onTestFinished, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestConnection, openTestDatabase } from '#tests/support/database.ts'
import { type Phone, startPushService, subscribePhone } from '#tests/support/push-service.ts'
import { queueOwnerAlert } from './alert-queue.server.ts'
import { receiveAlertsAction } from './alerts-action.server.ts'
import { sendDueAlerts } from './push-sender.server.ts'
import { listDevices, saveSubscription } from './subscriptions.server.ts'

const NOW = Date.parse('2026-11-23T20:00:00Z')
const SITE = 'https://butterandbloom.example'
const CONTACT = 'mailto:hello@butterandbloom.ca'

async function listen() {
  const push = await startPushService()
  onTestFinished(() => push.close())
  return push
}

async function addPhone(db: Db, endpoint: string, label: string): Promise<Phone> {
  const phone = subscribePhone(endpoint)
  await saveSubscription(db, { userId: 'owner', subscription: phone.subscription, label, now: NOW })
  return phone
}

/** A new message, alerted to every device. */
function alertEveryone(db: Db, n: number) {
  return queueOwnerAlert(
    db,
    {
      kind: 'message',
      event: `message:${n}`,
      title: 'New message',
      body: `Message ${n}`,
      url: '/admin/inbox',
    },
    NOW,
  )
}

function subscribe(db: Db, endpoint: string, allowLoopback = false) {
  const phone = subscribePhone(endpoint)
  return receiveAlertsAction({
    request: new Request(`${SITE}/admin/settings/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent: 'alerts-subscribe',
        ...phone.subscription,
        label: 'Phone',
      }),
    }),
    db,
    adminId: 'owner',
    now: NOW,
    allowLoopback,
  })
}

test('a browser whose push service is not on the public internet is refused, in words, and nothing is stored', async () => {
  const { db } = await openTestDatabase()
  const push = await listen()
  const inside = [
    'http://push.services.mozilla.com/wpush/v2/abc',
    `${push.url}/push/loopback`,
    'https://127.0.0.1/push',
    'https://127.9.9.9/push',
    'https://2130706433/push',
    'https://localhost/push',
    'https://push.localhost/push',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::ffff:a00:1]/push',
    'https://0.0.0.0/push',
    'https://[::]/push',
    'https://10.1.2.3/push',
    'https://172.16.0.1/push',
    'https://172.31.255.254/push',
    'https://192.168.1.20/push',
    'https://[fc00::1]/push',
    'https://[fd12:3456::1]/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fe80::1]/push',
    'https://100.64.0.1/push',
    'https://100.127.255.254/push',
    'https://224.0.0.1/push',
    'https://255.255.255.255/push',
    'https://[64:ff9b::a9fe:a9fe]/push',
    'https://[2002:7f00:1::]/push',
    'https://metadata/computeMetadata/v1/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://user:secret@fcm.googleapis.com/fcm/send/abc',
  ]
  for (const endpoint of inside) {
    const refused = await subscribe(db, endpoint)
    expect({ endpoint, status: refused.status }).toEqual({ endpoint, status: 400 })
    expect(refused.body).toMatchObject({
      ok: false,
      intent: 'alerts-subscribe',
      error: expect.stringMatching(/can only send alerts to a push service on the internet/),
    })
  }
  expect(await listDevices(db)).toEqual([])

  // The browsers' own push services are taken.
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://web.push.apple.com/QGx2',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://[2a00:1450:4001:82b::200a]/push',
    'https://8.8.8.8/push',
  ]) {
    expect((await subscribe(db, endpoint)).status).toBe(200)
  }
  expect(await listDevices(db)).toHaveLength(5)
})

test('only where the tests’ push service is allowed, a loopback address over http is taken, and still nothing else inside', async () => {
  const { db } = await openTestDatabase()
  const push = await listen()
  expect((await subscribe(db, `${push.url}/push/here`, true)).status).toBe(200)
  expect((await subscribe(db, 'http://localhost:4100/push/here', true)).status).toBe(200)
  for (const endpoint of [
    'http://10.1.2.3/push',
    'https://192.168.1.20/push',
    'https://169.254.169.254/latest/meta-data/',
    'http://fcm.googleapis.com/fcm/send/abc',
  ]) {
    expect((await subscribe(db, endpoint, true)).status).toBe(400)
  }
  expect(await listDevices(db)).toHaveLength(2)
})

test('an alert is never posted to an address inside, even for a device stored before the check', async () => {
  const { db } = await openTestDatabase()
  const push = await listen()
  await addPhone(db, `${push.url}/push/old`, 'Old')
  await addPhone(db, 'https://169.254.169.254/latest/meta-data/', 'Metadata')
  await alertEveryone(db, 1)
  const lines: string[] = []
  const outcomes = await sendDueAlerts(db, {
    contact: CONTACT,
    now: () => NOW,
    log: (line) => lines.push(line),
  })
  expect(outcomes).toEqual(['failed', 'failed'])
  expect(push.received).toEqual([])
  const rows = await db.selectFrom('push_alert').select(['status', 'last_error']).execute()
  expect(rows).toEqual([
    { status: 'failed', last_error: 'The push service’s address is not on the internet.' },
    { status: 'failed', last_error: 'The push service’s address is not on the internet.' },
  ])
  // The log says why, and never where to.
  expect(lines).toHaveLength(2)
  expect(lines.join('\n')).toContain('not on the internet')
  expect(lines.join('\n')).not.toContain(String(push.port))
  expect(lines.join('\n')).not.toContain('169.254')
})

test('a push service’s name is looked up before the push, every address must be on the internet, and the push goes to the address checked', async () => {
  const { db } = await openTestDatabase()
  const push = await listen()
  await addPhone(db, 'https://rebinding.example/push/a', 'Half inside')
  await addPhone(db, 'https://metadata.example/push/b', 'Metadata')
  const phone = await addPhone(db, `http://pinned.localhost:${push.port}/push/c`, 'Pinned')
  await alertEveryone(db, 1)
  // The DNS, outside our walls: a name that answers with an inside address
  // among public ones, one that points at the cloud's metadata service, and
  // one that would move inside if it were asked twice.
  const asked: string[] = []
  const answers: Record<string, LookupAddress[][]> = {
    'rebinding.example': [
      [
        { address: '8.8.8.8', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    ],
    'metadata.example': [[{ address: '169.254.169.254', family: 4 }]],
    'pinned.localhost': [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.0.0.7', family: 4 }],
    ],
  }
  const lookupHost = async (hostname: string) => {
    asked.push(hostname)
    const answer = answers[hostname]?.shift()
    if (!answer) throw new Error(`not asked for ${hostname}`)
    return answer
  }
  const outcomes = await sendDueAlerts(db, {
    contact: CONTACT,
    now: () => NOW,
    log: () => {},
    lookupHost,
    allowLoopback: true,
  })
  expect(outcomes.toSorted()).toEqual(['failed', 'failed', 'sent'])
  expect(asked.toSorted()).toEqual(['metadata.example', 'pinned.localhost', 'rebinding.example'])
  expect(push.received.map((received) => received.path)).toEqual(['/push/c'])
  expect(phone.read(push.received[0]!)).toMatchObject({ body: 'Message 1' })
})

test('a phone whose push service never answers holds up no other device, and its own alerts wait their turn', async () => {
  const { db } = await openTestDatabase()
  const push = await listen()
  const asleep = await addPhone(db, `${push.url}/push/asleep`, 'Asleep')
  const awake = await addPhone(db, `${push.url}/push/awake`, 'Awake')
  await alertEveryone(db, 1)
  await alertEveryone(db, 2)
  const release = push.hold('/push/asleep')
  let finished = false
  const sending = sendDueAlerts(db, {
    contact: CONTACT,
    now: () => NOW,
    allowLoopback: true,
    // Far longer than the test may run: the sleeping phone is never given up on here.
    timeoutMs: 10 * 60_000,
  }).finally(() => (finished = true))

  // The awake phone's first alert arrives and is recorded as sent, and its
  // second arrives, while the other's push service still keeps its answer.
  await push.arrival('/push/asleep')
  await push.arrival('/push/awake', 2)
  expect(finished).toBe(false)
  // The sleeping phone's second alert waits, unclaimed, behind its first.
  const rows = await db
    .selectFrom('push_alert')
    .innerJoin('push_subscription', 'push_subscription.id', 'push_alert.subscription_id')
    .select(['device_label', 'status', 'attempts'])
    .orderBy('push_alert.id')
    .limit(3)
    .execute()
  expect(rows.map((row) => ({ ...row, attempts: Number(row.attempts) }))).toEqual([
    { device_label: 'Asleep', status: 'sending', attempts: 1 },
    { device_label: 'Awake', status: 'sent', attempts: 1 },
    { device_label: 'Asleep', status: 'queued', attempts: 0 },
  ])
  expect(push.received.filter((received) => received.path === '/push/asleep')).toHaveLength(1)

  release()
  expect(await sending).toEqual(['sent', 'sent', 'sent', 'sent'])
  const words = (phone: Phone, path: string) =>
    push.received
      .filter((received) => received.path === path)
      .map((received) => (phone.read(received) as { body: string }).body)
  expect(words(asleep, '/push/asleep')).toEqual(['Message 1', 'Message 2'])
  expect(words(awake, '/push/awake')).toEqual(['Message 1', 'Message 2'])
})

test('two instances sending at once deliver each alert exactly once', async () => {
  const { db, location } = await openTestDatabase()
  const push = await listen()
  const names = ['one', 'two', 'three', 'four', 'five']
  for (const name of names) await addPhone(db, `${push.url}/push/${name}`, name)
  for (const n of [1, 2, 3]) await alertEveryone(db, n)
  const other = openTestConnection(location)
  const send = (instance: Db) =>
    sendDueAlerts(instance, { contact: CONTACT, now: () => NOW, allowLoopback: true })
  const [first, second] = await Promise.all([send(db), send(other)])
  expect([...first, ...second]).toEqual(Array(15).fill('sent'))
  const paths = push.received.map((received) => received.path)
  expect(paths).toHaveLength(15)
  for (const name of names) {
    expect(paths.filter((path) => path === `/push/${name}`)).toHaveLength(3)
  }
  const rows = await db.selectFrom('push_alert').select('status').execute()
  expect(rows.map((row) => row.status)).toEqual(Array(15).fill('sent'))
})
