import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface SmtpSink {
  port: number
  /** smtp://127.0.0.1:{port}, with the credentials when the sink requires them */
  url: string
  messages: ParsedMail[]
  /** Each kept message's envelope recipients (RCPT TO), in the same order as `messages`. */
  recipients: string[][]
  /**
   * Holds the greeting of every connection from now on until the returned
   * function is called: a slow mail server, with each sender waiting on it
   * mid-delivery, before a byte of its email has been handed over.
   */
  stall(): () => void
  /** How many connections are waiting for their greeting. */
  stalled(): number
  close(): Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, parsed.
 * `reject` answers every message with that reply; `hold` delays the reply
 * until it resolves (to catch a send in flight); `onMessage` sees each raw
 * message as it arrives (to hand it to another process).
 */
export async function startSmtpSink({
  port = 0,
  auth,
  reject,
  hold,
  onMessage,
}: {
  port?: number
  auth?: { user: string; pass: string }
  reject?: { code: number; message: string }
  hold?: Promise<void>
  onMessage?: (raw: Buffer) => void | Promise<void>
} = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = []
  const recipients: string[][] = []
  let stall: Promise<void> | undefined
  let stalled = 0
  const server = new SMTPServer({
    // No certificate on loopback: plain text, and logins allowed over it.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !auth,
    logger: false,
    // A reverse DNS lookup per connection would cost more than the rest of the test.
    disableReverseLookup: true,
    onConnect(_session, callback) {
      if (!stall) return callback()
      stalled++
      void stall.then(() => {
        stalled--
        callback()
      })
    },
    onAuth(login, _session, callback) {
      if (login.username === auth?.user && login.password === auth?.pass) {
        callback(null, { user: login.username })
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then(async (mail) => {
            await hold
            if (reject) {
              callback(Object.assign(new Error(reject.message), { responseCode: reject.code }))
              return
            }
            await onMessage?.(raw)
            messages.push(mail)
            recipients.push(session.envelope.rcptTo.map((rcpt) => rcpt.address))
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('The SMTP sink has no port.')
  let closed: Promise<void> | undefined
  const credentials = auth ? `${auth.user}:${auth.pass}@` : ''
  return {
    port: address.port,
    url: `smtp://${credentials}127.0.0.1:${address.port}`,
    messages,
    recipients,
    stall() {
      let release = () => {}
      stall = new Promise<void>((resolve) => (release = resolve))
      const held = stall
      return () => {
        if (stall === held) stall = undefined
        release()
      }
    },
    stalled: () => stalled,
    close: () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  }
}
