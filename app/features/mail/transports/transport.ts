import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { toDisplayName } from '#app/utils/plain-text.ts'

/** A bare address, `Name <address>`, or the two apart (nodemailer quotes the name). */
export type MailAddress = string | { name: string; address: string }

/**
 * Whom an email comes from and the owner's address (where it goes unless it
 * names its own), as they stand when it is sent: the from-name is her
 * bakery's, so a rename shows on the next email without a restart.
 */
export interface MailAddresses {
  from: MailAddress
  to: string
}

/** What the delivery worker hands a transport with each email. */
export interface SendOptions {
  /** From the outbox row, so a resend after a crash carries the same one. */
  messageId: string
  /** Read per send (see MailAddresses); a transport made with its own uses them without. */
  addresses?: MailAddresses | undefined
}

/**
 * The addresses for one send: the worker's, else the transport's own; a
 * transport with neither cannot say whom the email is from, and says so.
 */
export function addressesFor(
  options: SendOptions,
  fixed: { from?: MailAddress | undefined; to?: string | undefined },
  transport: string,
): MailAddresses {
  if (options.addresses) return options.addresses
  if (fixed.from !== undefined && fixed.to !== undefined) return { from: fixed.from, to: fixed.to }
  throw new DeliveryError(`${transport}: no sender or owner address was given for this email`, {
    permanent: false,
  })
}

/** The message nodemailer builds for an email, whether it then goes by SMTP or to a file. */
export function nodemailerMessage(
  email: OutgoingEmail,
  { from, to, messageId }: { from: MailAddress; to: MailAddress; messageId: string },
) {
  return {
    from,
    // `to` is the owner: the address every email goes to unless it names its own.
    to: email.to ? { name: toDisplayName(email.to.name), address: email.to.address } : to,
    // The forms already clean names; this holds for rows queued before they
    // did, and for any future sender that forgets.
    // A customer's email has none of its own: their Reply reaches the owner.
    replyTo: email.replyTo
      ? { name: toDisplayName(email.replyTo.name), address: email.replyTo.address }
      : to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId,
  }
}

/** One way of getting an email to the owner; the delivery worker does not care which. */
export interface MailTransport {
  name: string
  /**
   * Resolves once the email has been handed over. The Message-ID comes from
   * the outbox row, so a resend after a crash carries the same one and the
   * owner's mail client can recognise the duplicate. The addresses, when
   * given, are the bakery's as it is named now.
   */
  send(email: OutgoingEmail, options: SendOptions): Promise<void>
  /**
   * Takes back the copy this transport kept of a sent email (the file
   * transport's .eml), for an email erased while it was being sent.
   * Transports that keep nothing have none.
   */
  discard?(options: { messageId: string }): Promise<void>
}

/**
 * A failed hand-over. `permanent` tells the worker that sending the same
 * email again would fail the same way (a rejected address, a bad template
 * id), so it stops retrying and shows the error to the owner instead.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError'
  readonly permanent: boolean

  constructor(message: string, { permanent, cause }: { permanent: boolean; cause?: unknown }) {
    super(message, { cause })
    this.permanent = permanent
  }
}
