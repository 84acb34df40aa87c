import type { Transporter } from 'nodemailer'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  DeliveryError,
  type MailAddress,
  type MailTransport,
  type SendOptions,
  addressesFor,
  nodemailerMessage,
} from './transport.ts'

/**
 * Sends through the owner's SMTP server, one connection per email (a bakery
 * sends a handful a day). The email comes from the site's own address with
 * the customer in Reply-To, so the owner can simply press Reply.
 */
export function createSmtpTransport({
  url,
  from,
  to,
  timeoutMs = 15_000,
}: {
  /** e.g. smtp://user:pass@host:587; STARTTLS is used whenever the server offers it. */
  url: string
  /** Whom mail comes from, unless each send says (the delivery worker does, per email). */
  from?: MailAddress
  /** The owner's address, unless each send says. */
  to?: string
  /** Kept short so a dead server fails fast and the email is simply retried later. */
  timeoutMs?: number
}): MailTransport {
  const fixed = { from, to }
  // Made on the first email, not at boot, as the file transport's composer is.
  let transporter: Transporter | undefined
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer')
    return nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
      socketTimeout: timeoutMs * 2,
    })
  }

  return {
    name: 'smtp',
    async send(email: OutgoingEmail, options: SendOptions) {
      const { messageId } = options
      const { from, to } = addressesFor(options, fixed, 'SMTP')
      try {
        transporter ??= await connect()
        await transporter.sendMail(nodemailerMessage(email, { from, to, messageId }))
      } catch (error) {
        throw toDeliveryError(error)
      }
    },
  }
}

/**
 * A 5xx reply means the server refused this message and would refuse it again
 * (unknown mailbox, policy); 4xx replies, timeouts and broken connections pass.
 * 503 (bad sequence of commands) is about the session, not the message, so it
 * is retried, as nodemailer itself treats it.
 */
function toDeliveryError(error: unknown): DeliveryError {
  const responseCode =
    typeof error === 'object' && error !== null && 'responseCode' in error
      ? Number(error.responseCode)
      : undefined
  const permanent =
    responseCode !== undefined && responseCode >= 500 && responseCode < 600 && responseCode !== 503
  const message = error instanceof Error ? error.message : String(error)
  return new DeliveryError(`SMTP: ${message}`, { permanent, cause: error })
}
