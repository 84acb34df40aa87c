import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** One email the site sent: to whom (the envelope), and what it says. */
export interface SentMail {
  to: string[]
  mail: ParsedMail
}

export interface MailSink {
  /** smtp://127.0.0.1:<port>, for the server's SMTP_URL. */
  url: string
  messages: SentMail[]
  close(): Promise<void>
}

/**
 * A real SMTP server on loopback that keeps what the site sends, so the
 * benchmark can read what a customer reads (her private link) without any
 * mail leaving the machine. Plain text, no login: loopback only.
 */
export async function startMailSink(): Promise<MailSink> {
  const messages: SentMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('The mail sink has no port')
  let closed: Promise<void> | undefined
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  }
}
