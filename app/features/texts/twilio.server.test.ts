import { afterEach, expect, test } from 'vitest'
import { type FakeTwilio, TWILIO_TEST_KEYS, startFakeTwilio } from '#tests/support/fake-twilio.ts'
import { isSignedByTwilio, postText, twilioSignature } from './twilio.server.ts'

let twilio: FakeTwilio | undefined
afterEach(async () => {
  await twilio?.close()
  twilio = undefined
})

test('a webhook is signed as Twilio documents it: the URL, then each field sorted, in HMAC-SHA1', () => {
  // Twilio's worked example (docs: "Validating requests").
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2'
  const fields: [string, string][] = [
    ['CallSid', 'CA1234567890ABCDE'],
    ['Caller', '+12349013030'],
    ['Digits', '1234'],
    ['From', '+12349013030'],
    ['To', '+18005551212'],
  ]
  expect(twilioSignature('12345', url, fields)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
  // The fields' order as posted does not matter; a changed field, URL or token does.
  expect(isSignedByTwilio('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, fields.toReversed())).toBe(
    true,
  )
  const changed: [string, string][] = fields.map(([name, value]) => [
    name,
    name === 'Digits' ? '1235' : value,
  ])
  expect(isSignedByTwilio('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, changed)).toBe(false)
  expect(isSignedByTwilio('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', `${url}&x=1`, fields)).toBe(
    false,
  )
  expect(isSignedByTwilio('54321', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, fields)).toBe(false)
  expect(isSignedByTwilio('12345', null, url, fields)).toBe(false)
  expect(isSignedByTwilio('12345', 'short', url, fields)).toBe(false)
})

test('a text is one form post to her account, with her keys; Twilio’s answer says what became of it', async () => {
  twilio = await startFakeTwilio()
  const keys = { ...TWILIO_TEST_KEYS, apiUrl: twilio.url }
  expect(await postText(keys, { to: '+14165550123', body: 'See you tomorrow!' })).toEqual({
    ok: true,
    providerId: `SM${'1'.padStart(32, '0')}`,
  })
  expect(twilio.received).toEqual([
    {
      path: `/2010-04-01/Accounts/${TWILIO_TEST_KEYS.accountSid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${TWILIO_TEST_KEYS.accountSid}:${TWILIO_TEST_KEYS.authToken}`).toString('base64')}`,
      to: '+14165550123',
      from: '+14165550100',
      body: 'See you tomorrow!',
    },
  ])
  twilio.failNext(
    { status: 400, code: 21610 },
    { status: 503 },
    { status: 429 },
    { status: 400, code: 21211 },
  )
  expect(await postText(keys, { to: '+14165550123', body: 'x' })).toMatchObject({
    ok: false,
    retry: false,
    optedOut: true,
  })
  expect(await postText(keys, { to: '+14165550123', body: 'x' })).toMatchObject({
    ok: false,
    retry: true,
  })
  expect(await postText(keys, { to: '+14165550123', body: 'x' })).toMatchObject({
    ok: false,
    retry: true,
  })
  expect(await postText(keys, { to: '+14165550123', body: 'x' })).toMatchObject({
    ok: false,
    retry: false,
    optedOut: false,
  })
  // Nothing answering at all: tried again later.
  const gone = { ...keys, apiUrl: 'http://127.0.0.1:9' }
  expect(
    await postText(gone, { to: '+14165550123', body: 'x' }, { timeoutMs: 2_000 }),
  ).toMatchObject({
    ok: false,
    retry: true,
  })
})
