/**
 * A delivery worker alone in a process of its own, on DATABASE_URL's database
 * (or DATA_DIR's),
 * sending by SMTP_URL as INSTANCE_NAME: for tests that kill it mid-send.
 * MAIL_RETRY_MIN_MS and MAIL_MAX_IDLE_MS shorten its waits for tests that
 * wait for a retry, or for it to notice mail another process queued.
 */
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { startDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { createSmtpTransport } from '#app/features/mail/transports/smtp.server.ts'

const { DATA_DIR, SMTP_URL, INSTANCE_NAME, MAIL_RETRY_MIN_MS, MAIL_MAX_IDLE_MS } = process.env
if (!DATA_DIR || !SMTP_URL || !INSTANCE_NAME) throw new Error('DATA_DIR, SMTP_URL, INSTANCE_NAME')

const db = openDatabase({ dataDir: DATA_DIR, url: process.env.DATABASE_URL })
await migrateToLatest(db)
startDeliveryWorker({
  db,
  transport: createSmtpTransport({ url: SMTP_URL, from: 'a@example.com', to: 'b@example.com' }),
  retryMinMs: MAIL_RETRY_MIN_MS ? Number(MAIL_RETRY_MIN_MS) : 60_000,
  maxIdleMs: MAIL_MAX_IDLE_MS ? Number(MAIL_MAX_IDLE_MS) : undefined,
  siteUrl: 'https://butterandbloom.ca',
  instance: INSTANCE_NAME,
})
// The worker's sleeps do not hold a process open (a server's listener does
// that); this one has nothing else, so it stays up until it is killed.
setInterval(() => {}, 60 * 60_000)
