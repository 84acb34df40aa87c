import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startSmtpSink } from '../support/smtp-sink.ts'

/**
 * The site under test delivers its mail to a real SMTP server on loopback.
 * Tests run in other processes, so each received message is written to
 * E2E_DATA_DIR/smtp-inbox for them to read (see support/inbox.ts).
 */
export default async function globalSetup() {
  const inbox = path.join(process.env.E2E_DATA_DIR!, 'smtp-inbox')
  mkdirSync(inbox, { recursive: true })
  let count = 0
  const sink = await startSmtpSink({
    port: Number(process.env.E2E_SMTP_PORT),
    onMessage: (raw) => writeFileSync(path.join(inbox, `${Date.now()}-${++count}.eml`), raw),
  })
  return () => sink.close()
}
