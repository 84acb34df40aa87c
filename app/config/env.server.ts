import { hostname } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { isEmailAddress } from '#app/utils/email-address.ts'
import { hasControlCharacters } from '#app/utils/plain-text.ts'

/** Blank values in a .env or a compose file mean "not set", not "set to empty". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535')

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
const email = z.string().refine(isEmailAddress, { error: 'must be an email address' })
/** An address, or a display name and an address: `Butter & Bloom <orders@example.com>`. */
const mailbox = z.string().refine(isMailbox, {
  error:
    'must be an email address, or a name and an address like Butter & Bloom <orders@example.com>',
})

function isMailbox(value: string): boolean {
  const named = /^(.*?)\s*<([^<>]*)>$/.exec(value)
  if (!named) return isEmailAddress(value)
  const [, name = '', address = ''] = named
  return isEmailAddress(address) && !hasControlCharacters(name) && !/[<>,;@]/.test(name)
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value))

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: optional(port).default(3000),
  HOST: optional(z.string()),
  SITE_URL: optional(httpUrl),
  DATA_DIR: optional(z.string()).default('./data'),
  INSTANCE_NAME: optional(z.string().max(200, 'must be at most 200 characters')),
  /** Unset: SQLite in DATA_DIR. The message never repeats the value: it may hold a password. */
  DATABASE_URL: optional(
    z.url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// or postgresql:// URL (or unset for SQLite in DATA_DIR)',
    }),
  ),

  ADMIN_EMAIL: optional(email),
  ADMIN_PASSWORD: optional(z.string()),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),

  MAIL_TO: optional(email),
  MAIL_FROM: optional(mailbox),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_RETRY_MIN_MS: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1'),
  ).default(30_000),

  EMAILJS_SERVICE_ID: optional(z.string()),
  EMAILJS_PUBLIC_KEY: optional(z.string()),
  EMAILJS_PRIVATE_KEY: optional(z.string()),
  EMAILJS_ORDER_TEMPLATE_ID: optional(z.string()),
  EMAILJS_CONTACT_TEMPLATE_ID: optional(z.string()),
  EMAILJS_CUSTOMER_TEMPLATE_ID: optional(z.string()),
  EMAILJS_API_URL: optional(httpUrl).default('https://api.emailjs.com'),

  MEDIA_QUOTA_MB: optional(
    z.coerce.number({ error: 'must be a number' }).positive('must be more than 0'),
  ),
  SEED_DEMO: optional(flag).default(true),

  MEDIA_STORE: optional(z.enum(['local', 's3'], { error: 'must be local or s3' })).default('local'),
  S3_BUCKET: optional(z.string()),
  S3_REGION: optional(z.string()).default('us-east-1'),
  S3_ENDPOINT: optional(httpUrl),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(flag).default(false),
  MEDIA_PUBLIC_URL: optional(httpUrl.refine((url) => !/[?#]/.test(url), 'must not have a query')),

  /** Card payments through the owner's own Stripe account: both or neither (decision 045). */
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key, starting sk_ or rk_'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a Stripe webhook secret, starting whsec_'),
  ),
  /** Tests only: the origin of a local fake of Stripe's API, e.g. http://127.0.0.1:4010. */
  STRIPE_API_URL: optional(
    httpUrl.refine(
      (url) => !URL.canParse(url) || new URL(url).origin === url.replace(/\/$/, ''),
      'must be an origin, like http://127.0.0.1:4010',
    ),
  ),
  /**
   * Texts through her own Twilio account: all three or none (decision 111).
   * TWILIO_FROM is the number (or sender) texts come from, as Twilio writes it.
   */
  TWILIO_ACCOUNT_SID: optional(
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID, AC and 32 hex digits'),
  ),
  TWILIO_AUTH_TOKEN: optional(
    z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be a Twilio auth token, 32 hex digits'),
  ),
  TWILIO_FROM: optional(
    z.string().regex(/^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/, 'must be a number like +14165550100'),
  ),
  /** Tests only: the origin of a local fake of Twilio's API, e.g. http://127.0.0.1:4020. */
  TWILIO_API_URL: optional(
    httpUrl.refine(
      (url) => !URL.canParse(url) || new URL(url).origin === url.replace(/\/$/, ''),
      'must be an origin, like http://127.0.0.1:4020',
    ),
  ),
  /**
   * Tests only: the owner's alerts may also go to a push service on this
   * machine's loopback, over plain http (the tests' fake one). Never on a
   * real site: it lets a subscription point the server at itself.
   */
  PUSH_ALLOW_LOOPBACK: optional(flag).default(false),
})

export type Env = Omit<
  z.infer<typeof EnvSchema>,
  'SITE_URL' | 'DATA_DIR' | 'INSTANCE_NAME' | 'MEDIA_PUBLIC_URL'
> & {
  /** Public origin without a trailing slash, e.g. https://butterandbloom.ca */
  SITE_URL: string
  /** Absolute path of the folder that holds the database, media and mail. */
  DATA_DIR: string
  /** This server's name among those sharing the database: stable across restarts. */
  INSTANCE_NAME: string
  /** Where visitors fetch the photos (a CDN), without a trailing slash; unset: this site's /media. */
  MEDIA_PUBLIC_URL?: string
}

export class EnvError extends Error {
  override name = 'EnvError'
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new EnvError(`Invalid environment:\n${problems.join('\n')}`)
  }
  const env = result.data
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    throw new EnvError(
      'Invalid environment:\n  ADMIN_PASSWORD: is required when ADMIN_EMAIL is set',
    )
  }
  if (env.MEDIA_STORE === 's3' && !env.S3_BUCKET) {
    throw new EnvError('Invalid environment:\n  S3_BUCKET: is required when MEDIA_STORE is s3')
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'
    const other = env.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'
    throw new EnvError(`Invalid environment:\n  ${missing}: is required when ${other} is set`)
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    // The messages never repeat a key: they are secrets.
    throw new EnvError(
      'Invalid environment:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take card payments, or neither',
    )
  }
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM]
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new EnvError(
      'Invalid environment:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three to send texts, or none',
    )
  }
  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`
  return {
    ...env,
    SITE_URL: siteUrl.replace(/\/+$/, ''),
    DATA_DIR: path.resolve(env.DATA_DIR),
    INSTANCE_NAME: env.INSTANCE_NAME ?? `${hostname()}:${env.PORT}`,
    MEDIA_PUBLIC_URL: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
  }
}

let cached: Env | undefined

/** The validated environment; parsed once, on first use (the server calls this at boot). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/**
 * Card payments through the owner's own Stripe account are on only when both
 * of its keys are set (decision 045): the customer's page, the owner's order
 * page, the emails and the scheduled notices all ask here.
 */
export function cardPaymentsOn(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'> = getEnv(),
): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
}

/** Her Twilio account, when texts are on: all three keys set (decision 111). */
export interface TextKeys {
  accountSid: string
  authToken: string
  from: string
  /** Twilio's API origin; a local fake's in tests. */
  apiUrl: string
}

/**
 * Texts are on only when all three of her Twilio keys are set (decision 111):
 * without them nothing of texts shows anywhere, and email does their job.
 */
export function textKeysOf(
  env: Pick<
    Env,
    'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL'
  > = getEnv(),
): TextKeys | undefined {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env
  if (!accountSid || !authToken || !from) return undefined
  return {
    accountSid,
    authToken,
    from,
    apiUrl: (env.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/$/, ''),
  }
}
