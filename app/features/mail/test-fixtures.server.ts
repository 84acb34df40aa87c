/**
 * Real parts for the mail tests: a SQLite file in a temp folder, an SMTP
 * server on loopback that keeps what it receives. Only tests import this.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { onTestFinished } from 'vitest'
import { type Db, migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import type { OutgoingEmail } from './email.ts'

export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-mail-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** A migrated database file of its own; closed and removed when the test ends. */
export async function openTestDatabase(dataDir?: string): Promise<{ db: Db; dataDir: string }> {
  const dir = dataDir ?? (await makeTempDir())
  const db = openDatabase(dir)
  onTestFinished(() => db.destroy())
  await migrateToLatest(db)
  return { db, dataDir: dir }
}

export interface SmtpSink {
  port: number
  /** smtp://127.0.0.1:{port}, with the credentials when the sink requires them */
  url: string
  messages: ParsedMail[]
  close(): Promise<void>
}

/**
 * An SMTP server on 127.0.0.1. `reject` answers every message with that
 * reply; `hold` delays the reply until it resolves (to catch a send in flight).
 */
export async function startSmtpSink({
  port = 0,
  auth,
  reject,
  hold,
}: {
  port?: number
  auth?: { user: string; pass: string }
  reject?: { code: number; message: string }
  hold?: Promise<void>
} = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = []
  const server = new SMTPServer({
    // No certificate on loopback: plain text, and logins allowed over it.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !auth,
    logger: false,
    // A reverse DNS lookup per connection would cost more than the rest of the test.
    disableReverseLookup: true,
    onAuth(login, _session, callback) {
      if (login.username === auth?.user && login.password === auth?.pass) {
        callback(null, { user: login.username })
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
      }
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await hold
          if (reject) {
            callback(Object.assign(new Error(reject.message), { responseCode: reject.code }))
            return
          }
          messages.push(mail)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  let closed: Promise<void> | undefined
  const close = () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve())))
  onTestFinished(close)
  const credentials = auth ? `${auth.user}:${auth.pass}@` : ''
  return {
    port: address.port,
    url: `smtp://${credentials}127.0.0.1:${address.port}`,
    messages,
    close,
  }
}

/** Polls until `check` returns without throwing; the outcome, not the time, is what we test. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}

/** An order email as the orders feature composes it. */
export function buildOrderEmail(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    subject: 'New order request (2 orders)',
    text: 'Order 1\nName: Maya Chen\nProduct type: Cake',
    html: '<p>Order 1<br>Name: Maya Chen<br>Product type: Cake</p>',
    replyTo: { name: 'Maya Chen', address: 'maya@example.com' },
    emailjs: {
      call: 'send',
      template: 'order',
      templateParams: { order_count: '2', orders_summary: 'Order 1\nName: Maya Chen' },
    },
    ...overrides,
  }
}

/** A contact email as the contact feature composes it. */
export function buildContactEmail(): OutgoingEmail {
  const fields = {
    name: 'Omar Haddad',
    email: 'omar@example.com',
    phone_number: '4165550123',
    message: 'Do you make gluten-free cupcakes?',
  }
  return {
    subject: 'New message from Omar Haddad',
    text: `Name: ${fields.name}\nMessage: ${fields.message}`,
    html: `<p>Name: ${fields.name}<br>Message: ${fields.message}</p>`,
    replyTo: { name: fields.name, address: fields.email },
    emailjs: { call: 'send-form', template: 'contact', fields },
  }
}
