import { type Env, EnvError } from '#app/config/env.server.ts'
import { toDisplayName } from '#app/utils/plain-text.ts'
import { createEmailJsTransport } from './emailjs.server.ts'
import { createFileTransport } from './file.server.ts'
import { createSmtpTransport } from './smtp.server.ts'
import type { MailAddresses, MailTransport } from './transport.ts'

export type { MailAddresses }

type MailEnv = Pick<
  Env,
  | 'SITE_URL'
  | 'DATA_DIR'
  | 'MAIL_TO'
  | 'MAIL_FROM'
  | 'SMTP_URL'
  | 'EMAILJS_API_URL'
  | 'EMAILJS_PUBLIC_KEY'
  | 'EMAILJS_PRIVATE_KEY'
  | 'EMAILJS_SERVICE_ID'
  | 'EMAILJS_ORDER_TEMPLATE_ID'
  | 'EMAILJS_CONTACT_TEMPLATE_ID'
  | 'EMAILJS_CUSTOMER_TEMPLATE_ID'
>

/**
 * Picks how mail leaves, from the environment: SMTP when SMTP_URL is set,
 * else EmailJS when any of its ids is, else .eml files in DATA_DIR/mail.
 * Call it once, at boot: a half-configured EmailJS throws an EnvError naming
 * every missing variable, rather than failing on the first order, and SMTP
 * without MAIL_FROM is warned about (`warn`) since many providers refuse a
 * sender they do not know, as is EmailJS without a template for customers
 * (their confirmations would fail while the owner's emails go out).
 * Whom each email comes from and the owner's address are not fixed here:
 * the delivery worker reads them per send (`resolveMailAddresses`), so they
 * follow the bakery's name and email as she changes them.
 */
export function createTransportFromEnv(
  env: MailEnv,
  {
    log,
    warn = console.warn,
  }: { log?: (line: string) => void; warn?: (line: string) => void } = {},
): MailTransport {
  if (env.SMTP_URL) {
    if (!env.MAIL_FROM) {
      const address = noReplyAddress(env)
      warn(
        `mail: SMTP_URL is set without MAIL_FROM, so mail comes from ${address}; ` +
          'set MAIL_FROM to an address your SMTP provider lets you send from',
      )
    }
    return createSmtpTransport({ url: env.SMTP_URL })
  }
  if (usesEmailJs(env)) {
    const publicKey = env.EMAILJS_PUBLIC_KEY
    const serviceId = env.EMAILJS_SERVICE_ID
    const orderTemplateId = env.EMAILJS_ORDER_TEMPLATE_ID
    const contactTemplateId = env.EMAILJS_CONTACT_TEMPLATE_ID
    if (!publicKey || !serviceId || !orderTemplateId || !contactTemplateId) {
      // The spec's helper required a user ID, service ID and template ID;
      // the public key is EmailJS's user ID, and each form has a template.
      const required = {
        EMAILJS_PUBLIC_KEY: publicKey,
        EMAILJS_SERVICE_ID: serviceId,
        EMAILJS_ORDER_TEMPLATE_ID: orderTemplateId,
        EMAILJS_CONTACT_TEMPLATE_ID: contactTemplateId,
      }
      const lines = Object.entries(required)
        .filter(([, value]) => !value)
        .map(([name]) => `  ${name} is required to send through EmailJS`)
      if (!env.EMAILJS_CUSTOMER_TEMPLATE_ID) lines.push(`  ${CUSTOMER_TEMPLATE_ADVICE}`)
      throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
    }
    if (!env.EMAILJS_CUSTOMER_TEMPLATE_ID) warn(`mail: ${CUSTOMER_TEMPLATE_ADVICE}`)
    return createEmailJsTransport({
      apiUrl: env.EMAILJS_API_URL,
      publicKey,
      privateKey: env.EMAILJS_PRIVATE_KEY,
      serviceId,
      orderTemplateId,
      contactTemplateId,
      customerTemplateId: env.EMAILJS_CUSTOMER_TEMPLATE_ID,
    })
  }
  return createFileTransport({ dataDir: env.DATA_DIR, ...(log ? { log } : {}) })
}

/**
 * Optional, so a site set up before customers got emails keeps starting;
 * without it each customer's confirmation fails for the owner to see.
 */
const CUSTOMER_TEMPLATE_ADVICE =
  "EMAILJS_CUSTOMER_TEMPLATE_ID is needed to email customers their confirmation (a template whose To Email is {{to_email}}); without it those emails fail, the owner's still go out"

/**
 * Mail goes from the site's own address (MAIL_FROM as written, else no-reply
 * at the site's host under her bakery's name) to the owner (MAIL_TO, else the
 * contact email of Settings › Your site). `bakery` is read per send. The
 * settings already refuse line breaks and remove bidi controls in the name;
 * the From name is made plain here too (no controls, no invisible
 * formatting), so no stored value can add a header or read backwards.
 */
export function resolveMailAddresses(
  env: Pick<Env, 'SITE_URL' | 'MAIL_TO' | 'MAIL_FROM'>,
  bakery: { name: string; email: string },
): MailAddresses {
  return {
    from: env.MAIL_FROM ?? { name: toDisplayName(bakery.name), address: noReplyAddress(env) },
    to: env.MAIL_TO ?? bakery.email,
  }
}

/** no-reply@ the site's host: whom mail comes from without MAIL_FROM. */
function noReplyAddress(env: Pick<Env, 'SITE_URL'>): string {
  return `no-reply@${new URL(env.SITE_URL).hostname}`
}

function usesEmailJs(env: MailEnv): boolean {
  return Boolean(
    env.EMAILJS_PUBLIC_KEY ||
    env.EMAILJS_PRIVATE_KEY ||
    env.EMAILJS_SERVICE_ID ||
    env.EMAILJS_ORDER_TEMPLATE_ID ||
    env.EMAILJS_CONTACT_TEMPLATE_ID ||
    env.EMAILJS_CUSTOMER_TEMPLATE_ID,
  )
}
