import { afterEach, beforeEach, expect, test } from 'vitest'
import type { TextKeys } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { type FakeTwilio, twilioReply } from '#tests/support/fake-twilio.ts'
import { moveTo, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { type TwilioTestEnv, fakeTwilioWithKeys, sendDueTexts } from '#tests/support/texts.ts'
import { receiveSmsWebhook } from './sms-webhook.server.ts'
import { readTextPanel, receiveTextChoice } from './text-choice.server.ts'
import { consentLines, giveTextConsent } from './text-consent.server.ts'
import { queueText, textsQueuedFor } from './text-queue.server.ts'
import { saveTextSettings } from './text-settings.server.ts'
import { DEFAULT_TEXT_SETTINGS } from './text-settings.ts'
import { queueTextsDue } from './texts-due.server.ts'

const SITE_URL = 'https://butterandbloom.example'
const PRIYA = '4165550199'
// Her cake is picked up on Saturday, December 12, 2026, 10:00 to 12:00 in Toronto (UTC−5).
const at = (iso: string) => Date.parse(iso)

let twilio: FakeTwilio
let keys: TextKeys
let env: () => TwilioTestEnv
beforeEach(async () => {
  ;({ twilio, keys, env } = await fakeTwilioWithKeys(SITE_URL))
})
afterEach(() => twilio.close())

/** Priya's cake, booked for Saturday 10:00–12:00; her private link's token. */
async function bookedCake(db: Db) {
  await openBakery(db)
  const id = await sendRequest(db, { due_date: '2026-12-12', phone_number: PRIYA })
  await quoteFor(db, id)
  await moveTo(db, id, 'confirmed')
  await db
    .updateTable('order_request')
    .set({ pickup_window: '10:00-12:00' })
    .where('id', '=', id)
    .execute()
  const { customer_token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return { id, token: customer_token! }
}

/** Her tick (or untick) on her page, as her browser posts it. */
function choose(db: Db, token: string, on: boolean, now: number) {
  const request = new Request(`${SITE_URL}/requests/${token}?texts`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: on ? 'intent=texts&texts=on' : 'intent=texts',
  })
  return receiveTextChoice({ request, token, clientIp: '203.0.113.9', db, now, keys })
}

const sendDue = (db: Db, now: number) => sendDueTexts(db, keys, now)

test('she ticks "Text me about my order" on her page, and hears the day before and two hours before, once each', async () => {
  const { db } = await openTestDatabase()
  const { token } = await bookedCake(db)
  const bakery = (await readSiteSection(db, 'identity')).name
  expect(await readTextPanel(db, token, undefined)).toBeNull()
  expect(await readTextPanel(db, token, keys)).toEqual({
    phone: '416-555-0199',
    on: false,
    bakeryName: bakery,
  })

  const chosen = await choose(db, token, true, at('2026-12-01T15:00:00Z'))
  expect(chosen).toMatchObject({
    status: 200,
    body: { ok: true, message: 'Done: we will text 416-555-0199 about your order.' },
  })
  expect(await readTextPanel(db, token, keys)).toMatchObject({ on: true })
  expect((await consentLines(db, [PRIYA]))[PRIYA]?.[0]).toMatch(
    /^Texts about orders: yes since Dec 1, 2026 \(her order page, BB-\d{4}\)$/,
  )

  // Friday 9:59 in Toronto: not yet. 10:00: the day-before reminder, once however often the clock runs.
  expect(await queueTextsDue(db, { now: at('2026-12-11T14:59:00Z'), siteUrl: SITE_URL })).toBe(0)
  expect(await queueTextsDue(db, { now: at('2026-12-11T15:00:00Z'), siteUrl: SITE_URL })).toBe(1)
  expect(await queueTextsDue(db, { now: at('2026-12-11T15:05:00Z'), siteUrl: SITE_URL })).toBe(0)
  expect(await sendDue(db, at('2026-12-11T15:00:30Z'))).toEqual(['sent'])
  // Saturday 8:00, two hours before the window.
  expect(await queueTextsDue(db, { now: at('2026-12-12T13:00:00Z'), siteUrl: SITE_URL })).toBe(1)
  expect(await sendDue(db, at('2026-12-12T13:00:30Z'))).toEqual(['sent'])
  // Her pickup has begun: nothing more.
  expect(await queueTextsDue(db, { now: at('2026-12-12T15:00:00Z'), siteUrl: SITE_URL })).toBe(0)

  const link = `${SITE_URL}/requests/${token}`
  expect(twilio.received.map(({ to, from, body }) => ({ to, from, body }))).toEqual([
    {
      to: '+14165550199',
      from: '+14165550100',
      body: `${bakery}: see you tomorrow, Sat, Dec 12, 2026, 10:00 a.m.-12:00 p.m., for your Cakes. Your order: ${link} Reply STOP to stop texts.`,
    },
    {
      to: '+14165550199',
      from: '+14165550100',
      body: `${bakery}: see you today, 10:00 a.m.-12:00 p.m., for your Cakes. Your order: ${link} Reply STOP to stop texts.`,
    },
  ])
})

test('a reply of STOP, signed by Twilio, withdraws her consent at once and drops what was queued; START gives it back', async () => {
  const { db } = await openTestDatabase()
  const { token } = await bookedCake(db)
  await choose(db, token, true, at('2026-12-01T15:00:00Z'))
  expect(await queueTextsDue(db, { now: at('2026-12-11T15:00:00Z'), siteUrl: SITE_URL })).toBe(1)

  // Not Twilio's signature: refused, and nothing changes.
  const forged = twilioReply(SITE_URL, { from: '+14165550199', body: 'STOP' }, 'f'.repeat(32))
  expect((await receiveSmsWebhook({ request: forged, db, env: env() })).status).toBe(403)
  expect((await consentLines(db, [PRIYA]))[PRIYA]?.[0]).toMatch(/^Texts about orders: yes/)

  const stop = twilioReply(SITE_URL, { from: '+14165550199', body: 'Stop' })
  const answer = await receiveSmsWebhook({
    request: stop,
    db,
    env: env(),
    now: at('2026-12-11T15:00:10Z'),
  })
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toMatch(/^text\/xml/)
  expect(await answer.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>')
  expect((await consentLines(db, [PRIYA]))[PRIYA]?.[0]).toBe(
    'Texts about orders: stopped Dec 11, 2026 (replied STOP)',
  )
  expect((await textsQueuedFor(db, PRIYA)).map((text) => text.status)).toEqual(['dropped'])
  expect(await sendDue(db, at('2026-12-11T15:01:00Z'))).toEqual([])
  expect(twilio.received).toEqual([])
  // Her page says so, and the clock texts her no more.
  expect(await readTextPanel(db, token, keys)).toMatchObject({ on: false })
  expect(await queueTextsDue(db, { now: at('2026-12-12T13:00:00Z'), siteUrl: SITE_URL })).toBe(0)

  const start = twilioReply(SITE_URL, { from: '+14165550199', body: 'START' })
  await receiveSmsWebhook({ request: start, db, env: env(), now: at('2026-12-12T12:00:00Z') })
  expect((await consentLines(db, [PRIYA]))[PRIYA]?.[0]).toBe(
    'Texts about orders: yes since Dec 12, 2026 (replied START)',
  )
  expect(await queueTextsDue(db, { now: at('2026-12-12T13:00:00Z'), siteUrl: SITE_URL })).toBe(1)
})

test('unticking on her order page stops texts about her orders only; news of drops she asked for stays', async () => {
  const { db } = await openTestDatabase()
  const { token } = await bookedCake(db)
  await choose(db, token, true, at('2026-12-01T15:00:00Z'))
  await giveTextConsent(db, {
    phone: PRIYA,
    purpose: 'drops',
    where: 'replied YES',
    now: at('2026-12-01T16:00:00Z'),
  })
  const off = await choose(db, token, false, at('2026-12-02T15:00:00Z'))
  expect(off.body).toMatchObject({
    ok: true,
    message: 'Done: no more texts about your order. Email tells you everything.',
  })
  expect((await consentLines(db, [PRIYA]))[PRIYA]).toEqual([
    expect.stringMatching(/^Texts about orders: stopped Dec 2, 2026 \(her order page, BB-\d{4}\)$/),
    'Texts when a drop opens: yes since Dec 1, 2026 (replied YES)',
  ])
  expect(await readTextPanel(db, token, keys)).toMatchObject({ on: false })
  expect(await queueTextsDue(db, { now: at('2026-12-11T15:00:00Z'), siteUrl: SITE_URL })).toBe(0)
})

test('without her keys the webhook is not there, and her page offers no texts', async () => {
  const { db } = await openTestDatabase()
  const { token } = await bookedCake(db)
  const stop = twilioReply(SITE_URL, { from: '+14165550199', body: 'STOP' })
  const off = {
    ...env(),
    TWILIO_ACCOUNT_SID: undefined,
    TWILIO_AUTH_TOKEN: undefined,
    TWILIO_FROM: undefined,
  }
  expect((await receiveSmsWebhook({ request: stop, db, env: off })).status).toBe(404)
  const request = new Request(`${SITE_URL}/requests/${token}?texts`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'intent=texts&texts=on',
  })
  const answer = await receiveTextChoice({
    request,
    token,
    clientIp: '203.0.113.9',
    db,
    keys: undefined,
  })
  expect(answer.status).toBe(404)
  expect(await consentLines(db, [PRIYA])).toEqual({})
})

test('"ready" marked in quiet hours waits for the morning; past her monthly limit a text is not sent', async () => {
  const { db } = await openTestDatabase()
  const { id, token } = await bookedCake(db)
  await choose(db, token, true, at('2026-12-01T15:00:00Z'))
  await moveTo(db, id, 'ready')
  // Friday 22:30 in Toronto: quiet. The ready text is queued for 8:00.
  expect(await queueTextsDue(db, { now: at('2026-12-12T03:30:00Z'), siteUrl: SITE_URL })).toBe(1)
  expect(await sendDue(db, at('2026-12-12T03:31:00Z'))).toEqual([])
  await saveTextSettings(db, { ...DEFAULT_TEXT_SETTINGS, monthlyCap: 1 })
  // 8:00: the ready text goes, and the reminder two hours before is due too, but over the limit.
  expect(await queueTextsDue(db, { now: at('2026-12-12T13:00:00Z'), siteUrl: SITE_URL })).toBe(1)
  expect(await sendDue(db, at('2026-12-12T13:00:00Z'))).toEqual(['sent', 'dropped'])
  expect(twilio.received.map((text) => text.body)).toEqual([
    expect.stringContaining(
      ': your Cakes is ready! Pickup Sat, Dec 12, 2026, 10:00 a.m.-12:00 p.m.',
    ),
  ])
  const texts = await textsQueuedFor(db, PRIYA)
  expect(texts.map((text) => [text.kind, text.status])).toEqual([
    ['ready', 'sent'],
    ['soon', 'dropped'],
  ])
  expect(texts[1]!.last_error).toBe(
    "this month's limit of 1 texts is reached; email told her instead.",
  )
})

test('a number Twilio says has opted out is recorded as withdrawn; a busy Twilio is tried again', async () => {
  const { db } = await openTestDatabase()
  const { token } = await bookedCake(db)
  await choose(db, token, true, at('2026-12-01T15:00:00Z'))
  await queueTextsDue(db, { now: at('2026-12-11T15:00:00Z'), siteUrl: SITE_URL })
  twilio.failNext({ status: 503 }, { status: 400, code: 21610 })
  expect(await sendDue(db, at('2026-12-11T15:00:00Z'))).toEqual(['retry'])
  expect(await sendDue(db, at('2026-12-11T15:01:00Z'))).toEqual(['failed'])
  expect((await consentLines(db, [PRIYA]))[PRIYA]?.[0]).toBe(
    'Texts about orders: stopped Dec 11, 2026 (opted out with Twilio)',
  )
})

test('however many senders run, each text goes once', async () => {
  const instances =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [(await openTestDatabase()).db]
  const [first] = instances
  const now = at('2026-12-11T15:00:00Z')
  for (let n = 0; n < 12; n++) {
    await queueText(
      first!,
      {
        kind: 'test',
        phone: `41655501${String(n).padStart(2, '0')}`,
        body: `Test ${n}`,
        dedupeKey: `test:${n}`,
      },
      now,
    )
  }
  // Two senders on each instance, all at once.
  const outcomes = (
    await Promise.all([...instances, ...instances].map((db) => sendDue(db, now)))
  ).flat()
  expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(12)
  expect(twilio.received.map((text) => text.body).sort()).toEqual(
    Array.from({ length: 12 }, (_, n) => `Test ${n}`).sort(),
  )
})
