import type { Db } from '#app/db/db.server.ts'
import { bakeryTimeOf, bakeryToday } from '#app/utils/dates.ts'
import { queueDigest } from './owner-digest.server.ts'
import { queuePaymentNotices } from './payment-notices-due.server.ts'
import { queueReminders } from './reminders.server.ts'

/** The owner's digest goes out from this hour of the bakery's morning. */
export const DIGEST_HOUR = 7
/** Customers are reminded from this hour of the day before their date. */
export const REMINDER_HOUR = 9

/** The hour (0–23) on the bakery's clock. */
export function bakeryHour(now: Date): number {
  return Number(bakeryTimeOf(now).slice(0, 2))
}

/**
 * Queues what is due by `now`: today's digest for the owner (from 7 in the
 * morning, bakery time) and tomorrow's reminders for customers (from 9). Each
 * email has a name of its own in the outbox ('digest:2026-11-24',
 * 'reminder:42:2026-11-25'), so running this every few minutes, after a
 * restart or on several instances queues each exactly once; a server that
 * was down at 7 sends the digest when it is back, the same day. Sending is
 * the outbox's, so a mail outage delays these, never drops them.
 */
export async function runSchedule(
  db: Db,
  { now, siteUrl }: { now: Date; siteUrl: string },
): Promise<{ digest: boolean; reminders: number; paymentNotices: number }> {
  const today = bakeryToday(now)
  const hour = bakeryHour(now)
  const digest = hour >= DIGEST_HOUR ? await queueDigest(db, { today, now, siteUrl }) : false
  const reminders = hour >= REMINDER_HOUR ? await queueReminders(db, { today, now, siteUrl }) : 0
  const paymentNotices =
    hour >= REMINDER_HOUR ? await queuePaymentNotices(db, { today, now, siteUrl }) : 0
  return { digest, reminders, paymentNotices }
}
