import { hostname } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { EnvError, parseEnv, textKeysOf } from './env.server.ts'

test('with nothing set, the site runs on port 3000 with its data in ./data', () => {
  const env = parseEnv({})
  expect(env.PORT).toBe(3000)
  expect(env.SITE_URL).toBe('http://localhost:3000')
  expect(env.DATA_DIR).toBe(path.resolve('data'))
  expect(env.MAIL_RETRY_MIN_MS).toBe(30_000)
  expect(env.EMAILJS_API_URL).toBe('https://api.emailjs.com')
  expect(env.MEDIA_QUOTA_MB).toBeUndefined()
  expect(env.SEED_DEMO).toBe(true)
  expect(env.PUSH_ALLOW_LOOPBACK).toBe(false)
})

test('the tests’ push service on loopback is allowed only when asked for', () => {
  expect(parseEnv({ PUSH_ALLOW_LOOPBACK: '1' }).PUSH_ALLOW_LOOPBACK).toBe(true)
  expect(parseEnv({ PUSH_ALLOW_LOOPBACK: '' }).PUSH_ALLOW_LOOPBACK).toBe(false)
})

test('the demo photos can be turned off, and a media quota set in MB', () => {
  expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: 'yes' }).SEED_DEMO).toBe(true)
  expect(parseEnv({ MEDIA_QUOTA_MB: '250.5' }).MEDIA_QUOTA_MB).toBe(250.5)
})

test('blank values count as unset', () => {
  expect(parseEnv({ PORT: '', SITE_URL: '', SMTP_URL: '' })).toMatchObject({
    PORT: 3000,
    SITE_URL: 'http://localhost:3000',
    SMTP_URL: undefined,
  })
})

test('SITE_URL loses its trailing slash so links can be joined to it', () => {
  expect(parseEnv({ SITE_URL: 'https://butterandbloom.ca/' }).SITE_URL).toBe(
    'https://butterandbloom.ca',
  )
})

test.each([
  [{ PORT: 'eighty' }, 'PORT: must be a number'],
  [{ PORT: '70000' }, 'PORT: must be between 1 and 65535'],
  [{ SITE_URL: 'butterandbloom.ca' }, 'SITE_URL: must be an http:// or https:// URL'],
  [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
  [{ MAIL_TO: 'nadia' }, 'MAIL_TO: must be an email address'],
  [{ MAIL_TO: 'nadia@example.com,eve@evil.test' }, 'MAIL_TO: must be an email address'],
  [{ MAIL_TO: '<script>@x.com' }, 'MAIL_TO: must be an email address'],
  [
    { ADMIN_EMAIL: 'nadia@localhost', ADMIN_PASSWORD: 'x' },
    'ADMIN_EMAIL: must be an email address',
  ],
  [{ MAIL_FROM: 'orders' }, 'MAIL_FROM: must be an email address, or a name and an address'],
  [{ MAIL_FROM: 'Orders <a@example.com>, b@example.com' }, 'MAIL_FROM: must be an email address'],
  [{ MAIL_FROM: 'Eve\r\nBcc: x@evil.test <a@example.com>' }, 'MAIL_FROM: must be an email address'],
  [{ MAIL_RETRY_MIN_MS: 'soon' }, 'MAIL_RETRY_MIN_MS: must be a number'],
  [{ MEDIA_QUOTA_MB: 'lots' }, 'MEDIA_QUOTA_MB: must be a number'],
  [{ MEDIA_QUOTA_MB: '0' }, 'MEDIA_QUOTA_MB: must be more than 0'],
  [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO: must be true or false'],
  [{ PUSH_ALLOW_LOOPBACK: 'loopback' }, 'PUSH_ALLOW_LOOPBACK: must be true or false'],
  [
    { DATABASE_URL: 'mysql://u:p@db/bakery' },
    'DATABASE_URL: must be a postgres:// or postgresql://',
  ],
  [{ DATABASE_URL: 'bakery.sqlite' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
  [{ ADMIN_EMAIL: 'nadia@example.com' }, 'ADMIN_PASSWORD: is required when ADMIN_EMAIL is set'],
  [{ MEDIA_STORE: 'ftp' }, 'MEDIA_STORE: must be local or s3'],
  [{ MEDIA_STORE: 's3' }, 'S3_BUCKET: is required when MEDIA_STORE is s3'],
  [{ MEDIA_STORE: 's3', S3_BUCKET: '' }, 'S3_BUCKET: is required when MEDIA_STORE is s3'],
  [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
  [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
  [{ S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set'],
  [{ S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set'],
  [{ MEDIA_PUBLIC_URL: 'cdn.example.com' }, 'MEDIA_PUBLIC_URL: must be an http:// or https:// URL'],
  [{ MEDIA_PUBLIC_URL: 'https://cdn.example.com/?v=1' }, 'MEDIA_PUBLIC_URL: must not have a query'],
  [
    { STRIPE_SECRET_KEY: 'sk_test_abc123' },
    'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take card payments, or neither',
  ],
  [
    { STRIPE_WEBHOOK_SECRET: 'whsec_abc123' },
    'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take card payments, or neither',
  ],
  [
    { STRIPE_SECRET_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' },
    'STRIPE_SECRET_KEY: must be a Stripe secret key, starting sk_ or rk_',
  ],
  [
    { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'sk_test_abc123' },
    'STRIPE_WEBHOOK_SECRET: must be a Stripe webhook secret, starting whsec_',
  ],
  [{ STRIPE_API_URL: '127.0.0.1:4010' }, 'STRIPE_API_URL: must be an http:// or https:// URL'],
  [{ STRIPE_API_URL: 'http://127.0.0.1:4010/v1' }, 'STRIPE_API_URL: must be an origin'],
  [
    { TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'b'.repeat(32) },
    'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three to send texts, or none',
  ],
  [{ TWILIO_FROM: '+14165550100' }, 'set all three to send texts, or none'],
  [{ TWILIO_ACCOUNT_SID: 'SK123' }, 'TWILIO_ACCOUNT_SID: must be a Twilio account SID'],
  [{ TWILIO_FROM: '416-555-0100' }, 'TWILIO_FROM: must be a number like +14165550100'],
  [{ TWILIO_API_URL: 'http://127.0.0.1:4020/2010-04-01' }, 'TWILIO_API_URL: must be an origin'],
])('%o is refused with "%s"', (source, message) => {
  expect(() => parseEnv(source)).toThrow(EnvError)
  expect(() => parseEnv(source)).toThrow(message)
})

test('texts are on with all three Twilio keys, and never say the token when refused', () => {
  const keys = {
    TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'f'.repeat(32),
    TWILIO_FROM: '+14165550100',
  }
  expect(textKeysOf(parseEnv({}))).toBeUndefined()
  expect(textKeysOf(parseEnv(keys))).toEqual({
    accountSid: keys.TWILIO_ACCOUNT_SID,
    authToken: keys.TWILIO_AUTH_TOKEN,
    from: '+14165550100',
    apiUrl: 'https://api.twilio.com',
  })
  expect(textKeysOf(parseEnv({ ...keys, TWILIO_API_URL: 'http://127.0.0.1:4020' }))?.apiUrl).toBe(
    'http://127.0.0.1:4020',
  )
  expect(() => parseEnv({ ...keys, TWILIO_FROM: undefined })).toThrow(
    expect.objectContaining({ message: expect.not.stringContaining('f'.repeat(32)) }),
  )
})

test('MAIL_FROM takes an address, or a name and an address', () => {
  expect(parseEnv({ MAIL_FROM: 'orders@butterandbloom.ca' }).MAIL_FROM).toBe(
    'orders@butterandbloom.ca',
  )
  expect(parseEnv({ MAIL_FROM: 'Butter & Bloom <orders@butterandbloom.ca>' }).MAIL_FROM).toBe(
    'Butter & Bloom <orders@butterandbloom.ca>',
  )
  expect(parseEnv({ MAIL_FROM: '"Butter & Bloom" <orders@butterandbloom.ca>' }).MAIL_FROM).toBe(
    '"Butter & Bloom" <orders@butterandbloom.ca>',
  )
})

test('DATABASE_URL chooses PostgreSQL; unset, the data stays in SQLite, and a refusal never repeats the password', () => {
  expect(parseEnv({}).DATABASE_URL).toBeUndefined()
  for (const url of ['postgres://bakery:pw@db:5432/bakery', 'postgresql://db/bakery']) {
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url)
  }
  expect(() => parseEnv({ DATABASE_URL: 'mysql://bakery:s3cret-pw@db/bakery' })).toThrow(
    expect.objectContaining({ message: expect.not.stringContaining('s3cret-pw') }),
  )
})

test('the instance is named by its host and port unless INSTANCE_NAME says otherwise', () => {
  expect(parseEnv({ PORT: '3100' }).INSTANCE_NAME).toBe(`${hostname()}:3100`)
  expect(parseEnv({ INSTANCE_NAME: 'web-2' }).INSTANCE_NAME).toBe('web-2')
})

test('photos stay in DATA_DIR/media unless MEDIA_STORE is s3, which needs a bucket', () => {
  expect(parseEnv({})).toMatchObject({
    MEDIA_STORE: 'local',
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: false,
    MEDIA_PUBLIC_URL: undefined,
  })
  expect(
    parseEnv({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'bakery-photos',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://example.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://photos.butterandbloom.ca/',
    }),
  ).toMatchObject({
    MEDIA_STORE: 's3',
    S3_BUCKET: 'bakery-photos',
    S3_REGION: 'auto',
    S3_FORCE_PATH_STYLE: true,
    MEDIA_PUBLIC_URL: 'https://photos.butterandbloom.ca',
  })
})

test('card payments take both Stripe keys, and the refusal never repeats a key', () => {
  const env = parseEnv({
    STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
    STRIPE_WEBHOOK_SECRET: 'whsec_xyz789',
    STRIPE_API_URL: 'http://127.0.0.1:4010',
  })
  expect(env).toMatchObject({
    STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
    STRIPE_WEBHOOK_SECRET: 'whsec_xyz789',
    STRIPE_API_URL: 'http://127.0.0.1:4010',
  })
  expect(
    parseEnv({ STRIPE_SECRET_KEY: 'rk_live_restricted1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
  ).toMatchObject({ STRIPE_SECRET_KEY: 'rk_live_restricted1' })
  expect(parseEnv({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).STRIPE_SECRET_KEY).toBe(
    undefined,
  )
  for (const source of [
    { STRIPE_SECRET_KEY: 'sk_live_verysecret' },
    { STRIPE_SECRET_KEY: 'pk_live_verysecret', STRIPE_WEBHOOK_SECRET: 'whsec_verysecret' },
  ]) {
    expect(() => parseEnv(source)).toThrow(EnvError)
    try {
      parseEnv(source)
    } catch (error) {
      expect(String(error)).not.toContain('verysecret')
    }
  }
})
