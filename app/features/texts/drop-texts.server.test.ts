import { afterEach, beforeEach, expect, test } from 'vitest'
import type { TextKeys } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { type DropInput, createDrop } from '#app/features/drops/drops.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { PHONE_NUMBER_INVALID } from '#app/utils/phone-number.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { type FakeTwilio, twilioReply } from '#tests/support/fake-twilio.ts'
import { type TwilioTestEnv, fakeTwilioWithKeys, sendDueTexts } from '#tests/support/texts.ts'
import {
  readDropTextsCard,
  receiveDropOpeningTexts,
  receiveDropTextsSignUp,
} from './drop-texts.server.ts'
import { receiveSmsWebhook } from './sms-webhook.server.ts'
import { consentLines } from './text-consent.server.ts'
import { saveTextSettings } from './text-settings.server.ts'
import { DEFAULT_TEXT_SETTINGS } from './text-settings.ts'

const SITE_URL = 'https://butterandbloom.example'
// Saturday's bake opens on Wednesday, December 2, at noon in Toronto.
const OPENS = Date.parse('2026-12-02T17:00:00Z')
// She signs up on Monday morning.
const MONDAY = Date.parse('2026-11-30T15:00:00Z')
const MINUTE = 60_000

const saturday: DropInput = {
  slug: 'saturday-bake',
  name: 'Saturday bake',
  pickupDate: '2026-12-05',
  opensAt: new Date(OPENS),
  closesAt: new Date(OPENS + 48 * 60 * MINUTE),
  holdMinutes: 10,
  payAtPickup: true,
  items: [{ name: 'Cinnamon buns (6)', priceCents: 1_850, stock: 5 }],
  windows: [{ start: '10:00', end: '11:00', capacity: null }],
}

let twilio: FakeTwilio
let keys: TextKeys
let env: () => TwilioTestEnv
beforeEach(async () => {
  ;({ twilio, keys, env } = await fakeTwilioWithKeys(SITE_URL))
})
afterEach(() => twilio.close())

function signUp(db: Db, fields: Record<string, string>, now: number) {
  const request = new Request(`${SITE_URL}/drops`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'drop_texts', ...fields }).toString(),
  })
  return receiveDropTextsSignUp({ request, clientIp: '203.0.113.7', db, now, keys })
}

function textThem(db: Db, dropId: number, now: number) {
  const request = new Request(`${SITE_URL}/admin/drops/${dropId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'intent=text_opening',
  })
  return receiveDropOpeningTexts({ request, db, dropId, siteUrl: SITE_URL, now, keys })
}

const sendDue = (db: Db, now: number) => sendDueTexts(db, keys, now)

test('she asks on the drops page, says YES from her own phone, and hears when the drop opens, once, after the owner has seen the count and the cost', async () => {
  const { db } = await openTestDatabase()
  const dropId = await createDrop(db, saturday, new Date(MONDAY - 24 * 60 * MINUTE))
  const bakery = (await readSiteSection(db, 'identity')).name

  // A number as people write it, her own tick, or a clear no.
  expect((await signUp(db, { phone: '555-0142', agree: 'yes' }, MONDAY)).body).toMatchObject({
    ok: false,
    error: PHONE_NUMBER_INVALID,
    phone: '555-0142',
  })
  expect((await signUp(db, { phone: '(416) 555-0142' }, MONDAY)).body).toMatchObject({
    ok: false,
    error: 'Tick the box to say we may text this number when a drop opens.',
  })
  const asked = await signUp(db, { phone: '(416) 555-0142', agree: 'yes' }, MONDAY)
  expect(asked).toMatchObject({
    status: 200,
    body: {
      ok: true,
      message:
        'Almost done: we have texted 416-555-0142. Reply YES to it and you will hear when a drop opens.',
    },
  })
  // Sent again the same day: one question a day.
  await signUp(db, { phone: '416.555.0142', agree: 'yes' }, MONDAY + 5 * MINUTE)
  expect(await sendDue(db, MONDAY + 5 * MINUTE)).toEqual(['sent'])
  expect(twilio.received.map(({ to, body }) => ({ to, body }))).toEqual([
    {
      to: '+14165550142',
      body: `${bakery}: reply YES to get a text when a new drop opens. Reply STOP to stop texts.`,
    },
  ])

  // Before her YES she is nobody the owner can text.
  expect(
    await readDropTextsCard(db, dropId, { now: MONDAY, siteUrl: SITE_URL, keys }),
  ).toMatchObject({
    people: 0,
  })
  expect((await textThem(db, dropId, MONDAY)).body).toMatchObject({
    ok: false,
    error: 'Nobody has asked for texts about drops yet.',
  })
  const yes = twilioReply(SITE_URL, { from: '+14165550142', body: 'Yes' })
  expect(
    (await receiveSmsWebhook({ request: yes, db, env: env(), now: MONDAY + 10 * MINUTE })).status,
  ).toBe(200)
  expect(await consentLines(db, ['4165550142'])).toEqual({
    '4165550142': ['Texts when a drop opens: yes since Nov 30, 2026 (replied YES)'],
  })

  // Sent again for a number whose yes stands: the same answer (the form tells no stranger
  // who is on her list), and no text.
  const again = await signUp(db, { phone: '416-555-0142', agree: 'yes' }, MONDAY + 20 * MINUTE)
  expect(again.body).toEqual(asked.body)
  expect(await sendDue(db, MONDAY + 20 * MINUTE)).toEqual([])

  const card = await readDropTextsCard(db, dropId, { now: MONDAY, siteUrl: SITE_URL, keys })
  const words = `${bakery}: Saturday bake is open! Order here: ${SITE_URL}/drops/saturday-bake Reply STOP to stop texts.`
  expect(card).toEqual({
    dropId,
    people: 1,
    words,
    parts: 1,
    cost: '$0.01',
    left: 199,
    closed: false,
    queued: 0,
    queuedFor: null,
  })
  expect((await textThem(db, dropId, MONDAY)).body).toEqual({
    dropTexts: true,
    ok: true,
    message: '1 text goes on Wed, Dec 2, 12:00 p.m.',
  })
  expect((await textThem(db, dropId, MONDAY)).body).toMatchObject({
    ok: true,
    message: 'Everyone who asked has their text already.',
  })
  expect(
    await readDropTextsCard(db, dropId, { now: MONDAY, siteUrl: SITE_URL, keys }),
  ).toMatchObject({
    queued: 1,
    queuedFor: 'Wed, Dec 2, 12:00 p.m.',
  })
  // Not a moment before it opens; then once.
  expect(await sendDue(db, OPENS - MINUTE)).toEqual([])
  expect(await sendDue(db, OPENS)).toEqual(['sent'])
  expect(twilio.received.at(-1)?.body).toBe(words)
})

test('her texts about orders and about drops are asked apart; STOP ends both, and a drop past her limit is refused before anything is queued', async () => {
  const { db } = await openTestDatabase()
  const dropId = await createDrop(db, saturday, new Date(MONDAY - 24 * 60 * MINUTE))
  for (const [phone, from] of [
    ['416-555-0142', '+14165550142'],
    ['416-555-0143', '+14165550143'],
  ] as const) {
    await signUp(db, { phone, agree: 'yes' }, MONDAY)
    await receiveSmsWebhook({
      request: twilioReply(SITE_URL, { from, body: 'YES' }),
      db,
      env: env(),
      now: MONDAY + MINUTE,
    })
  }
  await saveTextSettings(db, { ...DEFAULT_TEXT_SETTINGS, monthlyCap: 1 })
  expect((await textThem(db, dropId, MONDAY)).body).toMatchObject({
    ok: false,
    error:
      'That is 2 texts, and 1 is left of your monthly limit. Raise it in Settings › Texts, or wait for next month.',
  })
  await saveTextSettings(db, DEFAULT_TEXT_SETTINGS)
  expect((await textThem(db, dropId, MONDAY)).body).toMatchObject({ ok: true })

  // STOP from one: her queued text goes nowhere, and her yes is gone.
  await receiveSmsWebhook({
    request: twilioReply(SITE_URL, { from: '+14165550143', body: 'STOP' }),
    db,
    env: env(),
    now: MONDAY + 2 * MINUTE,
  })
  expect(await consentLines(db, ['4165550143'])).toEqual({
    '4165550143': ['Texts when a drop opens: stopped Nov 30, 2026 (replied STOP)'],
  })
  // Her question to say YES, answered already, is not sent; the drop's text is.
  expect(await sendDue(db, OPENS)).toEqual(['dropped', 'sent'])
  expect(twilio.received.map((text) => text.to)).toEqual(['+14165550142'])
})

test('asked late at night, the question to say YES waits for the end of her quiet hours, and the form says when', async () => {
  const { db } = await openTestDatabase()
  // 22:30 in Toronto, inside the default quiet hours (21:00–08:00).
  const lateEvening = Date.parse('2026-12-01T03:30:00Z')
  const asked = await signUp(db, { phone: '416-555-0144', agree: 'yes' }, lateEvening)
  expect(asked.body).toMatchObject({
    ok: true,
    message:
      'Almost done: we will text 416-555-0144 at 8:00 a.m., after our quiet hours. Reply YES to it and you will hear when a drop opens.',
  })
  expect(await sendDue(db, lateEvening)).toEqual([])
  expect(await sendDue(db, Date.parse('2026-12-01T13:00:00Z'))).toEqual(['sent'])
  expect(twilio.received.map((text) => text.to)).toEqual(['+14165550144'])
})
