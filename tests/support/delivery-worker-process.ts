/**
 * A delivery worker alone in a process of its own, on DATABASE_URL's database
 * (or DATA_DIR's),
 * sending by SMTP_URL as INSTANCE_NAME: for tests that kill it mid-send.
 */
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { startDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { createSmtpTransport } from '#app/features/mail/transports/smtp.server.ts'

const { DATA_DIR, SMTP_URL, INSTANCE_NAME } = process.env
if (!DATA_DIR || !SMTP_URL || !INSTANCE_NAME) throw new Error('DATA_DIR, SMTP_URL, INSTANCE_NAME')

const db = openDatabase({ dataDir: DATA_DIR, url: process.env.DATABASE_URL })
await migrateToLatest(db)
startDeliveryWorker({
  db,
  transport: createSmtpTransport({ url: SMTP_URL, from: 'a@example.com', to: 'b@example.com' }),
  retryMinMs: 60_000,
  siteUrl: 'https://butterandbloom.ca',
  instance: INSTANCE_NAME,
})
